import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import {
  fakeOperationsDashboard,
  fakeWorkspaceAuthSession,
  jsonResponse,
  myWorkspacesRoute,
} from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { SalesPanelsSection } from './sales-panels-section.tsx';

const fetchMock = mockFetchPerTest();

const figures = fakeOperationsDashboard({
  sales_value_per_week: [
    { week: '2026-02-23', value: '1200.5000' },
    { week: '2026-03-02', value: '0' },
  ],
  orders_per_week: [
    { week: '2026-02-23', count: 2 },
    { week: '2026-03-02', count: 0 },
  ],
});

describe('SalesPanelsSection (the shared dashboard of ERP, CRM and SRM)', () => {
  it("charts the customer orders' sales value and count per week, each linking to the orders", async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/operations/dashboard': () => jsonResponse(200, { data: figures }),
      ...myWorkspacesRoute('crm', 'USD'),
    });
    renderWithData(<SalesPanelsSection />, '/dashboard_crm');
    const sales = await screen.findByRole('table', { name: 'Sales value per week' });
    // The values' column names the workspace's currency once its list is in.
    await within(sales).findByText('Sales value (USD)');
    expect(
      within(sales)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Week ofSales value (USD)', '23 Feb1,200.50', '2 Mar0.00']);
    const orders = screen.getByRole('table', { name: 'Customer orders per week' });
    expect(
      within(orders)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Week ofOrders', '23 Feb2', '2 Mar0']);
    for (const name of ['Sales value', 'Total orders'])
      expect(
        within(screen.getByRole('region', { name }))
          .getByRole('link', { name: 'See all' })
          .getAttribute('href'),
      ).toBe('/operations/customer-orders');
    expect(calledUrls(fetchMock).sort()).toEqual([
      '/api/me/workspaces',
      '/api/operations/dashboard?weeks=12',
    ]);
  });

  it('says there were no sales instead of drawing empty charts', async () => {
    signIn(fakeWorkspaceAuthSession('erp', 'owner'));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        data: {
          ...figures,
          sales_value_per_week: [{ week: '2026-03-02', value: '0' }],
          orders_per_week: [{ week: '2026-03-02', count: 0 }],
        },
      }),
    );
    renderWithData(<SalesPanelsSection />, '/dashboard_erp');
    const sales = within(await screen.findByRole('region', { name: 'Sales value' }));
    expect(sales.getByText(/No sales in the last 12 weeks/)).toBeTruthy();
    const orders = within(screen.getByRole('region', { name: 'Total orders' }));
    expect(orders.getByText('No customer orders in the last 12 weeks.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message, and a way to try again, when the figures cannot be loaded", async () => {
    signIn(fakeWorkspaceAuthSession('srm', 'admin'));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } }),
    );
    renderWithData(<SalesPanelsSection />, '/dashboard_srm');
    expect(await screen.findByText('Sales and orders could not be loaded')).toBeTruthy();
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows nothing, and asks nothing, to who may not read operations (a guest)', () => {
    signIn(fakeWorkspaceAuthSession('crm', 'guest'));
    renderWithData(<SalesPanelsSection />, '/dashboard_crm');
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
