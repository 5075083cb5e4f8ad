import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse, myWorkspacesRoute } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { fakePurchaseOrder, listOf } from '../testing/fixtures.ts';
import { OrderListPage } from './order-list-page.tsx';

const fetchMock = mockFetchPerTest();

describe('OrderListPage', { timeout: 20_000 }, () => {
  it('keeps a late order’s number and its Late badge whole beside a long supplier name', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const late = fakePurchaseOrder({
      late: true,
      supplier_name: 'A supplier with a rather long company name, Limited',
    });
    routeFetch(fetchMock, {
      ...myWorkspacesRoute('mrp', 'EUR'),
      'GET /api/purchase-orders': () => jsonResponse(200, listOf([late])),
    });
    renderWithData(<OrderListPage kind="purchase" />, '/operations/purchase-orders');
    const table = within(await screen.findByRole('table', { name: 'Purchase orders' }));
    // At 1280 px the number broke at its hyphen ('PO-' over '00012') and 'Late' showed as 'LA…'.
    expect(table.getByRole('link', { name: 'PO-00012' }).closest('td')?.className).toMatch(/nowrap/);
    const badge = table.getByText('Late').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.minWidth).toBe('max-content');
  });
});
