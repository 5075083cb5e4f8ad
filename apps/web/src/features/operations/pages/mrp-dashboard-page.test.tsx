import { screen, waitFor, within } from '@testing-library/react';
import { TEMPLATE_INTROS } from '@workhub/shared/template-intros';
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
import { MrpDashboardPage } from './mrp-dashboard-page.tsx';

const fetchMock = mockFetchPerTest();

const figures = fakeOperationsDashboard;

const stat = (label: string) => within(screen.getByRole('group', { name: label }));

describe('MrpDashboardPage', () => {
  it('shows the operations figures: stock value, below safety stock, late and open orders', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner', { workspace_name: 'Bike shop' }));
    routeFetch(fetchMock, {
      'GET /api/operations/dashboard': () => jsonResponse(200, { data: figures() }),
      // The workspace's currency (the picker's list, which the shell has loaded already).
      ...myWorkspacesRoute('mrp', 'KES'),
    });
    renderWithData(<MrpDashboardPage />, '/dashboard_mrp');
    expect(screen.getByRole('heading', { name: 'MRP dashboard' })).toBeTruthy();
    expect(screen.getByText(TEMPLATE_INTROS.mrp.purpose)).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Stock value' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-Stock value').textContent).toBe('KES 15,230.25'));
    expect(stat('Below safety stock').getByText('4')).toBeTruthy();
    expect(stat('Late orders').getByText('3')).toBeTruthy();
    expect(stat('Late orders').getByText('1 purchase, 2 customer, 0 work')).toBeTruthy();
    expect(stat('Open customer orders').getByText('3')).toBeTruthy();
    expect(stat('Open purchase orders').getByText('3')).toBeTruthy();
    const byStatus = within(screen.getByRole('table', { name: 'Orders by status' }));
    expect(byStatus.getByRole('row', { name: 'Shipped — 5' })).toBeTruthy();
    expect(byStatus.getByRole('row', { name: 'Received 3 —' })).toBeTruthy();
    expect(calledUrls(fetchMock).sort()).toEqual([
      '/api/me/workspaces',
      '/api/operations/dashboard?weeks=12',
    ]);
  });

  it("charts 'Sales value' and 'Total orders' per week, with the figures as tables", async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: figures() }));
    renderWithData(<MrpDashboardPage />, '/dashboard_mrp');
    const sales = await screen.findByRole('table', { name: 'Sales value per week' });
    expect(
      within(sales)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Week ofSales value', '16 Feb0.00', '23 Feb1,200.50', '2 Mar800.00']);
    const orders = screen.getByRole('table', { name: 'Customer orders per week' });
    expect(
      within(orders)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Week ofOrders', '16 Feb0', '23 Feb2', '2 Mar1']);
  });

  it('says there are no sales yet instead of drawing empty charts', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        data: figures({
          sales_value_per_week: [{ week: '2026-03-02', value: '0' }],
          orders_per_week: [{ week: '2026-03-02', count: 0 }],
        }),
      }),
    );
    renderWithData(<MrpDashboardPage />, '/dashboard_mrp');
    const sales = within(await screen.findByRole('region', { name: 'Sales value' }));
    expect(sales.getByText(/No sales in the last 12 weeks/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Sales value per week' })).toBeNull();
  });
});
