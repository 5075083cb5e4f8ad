import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { fakeProduct, listOf, opsIds } from '../testing/fixtures.ts';
import { ProductListPage } from './product-list-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const products = () => [
  fakeProduct(),
  fakeProduct({
    id: opsIds.spoke,
    product_name: 'Spoke',
    procurement_type: 'buy',
    product_qty: '12.0000',
    safety_stock: '100.0000',
    below_safety: true,
    price: '0.5000',
    bom_line_count: 0,
  }),
];
const listCalls = () => calledUrls(fetchMock).filter((url) => url.startsWith('/api/products?'));

describe('ProductListPage', { timeout: 20_000 }, () => {
  it('lists the products with their stock (below safety flagged), filters them on the server', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<ProductListPage />, '/operations/products');
    await screen.findByRole('table', { name: 'Products' });
    expect(rowWith('Spoke').getByText('12 pcs')).toBeTruthy();
    expect(rowWith('Spoke').getByText('Below safety')).toBeTruthy();
    expect(rowWith('Bicycle').queryByText('Below safety')).toBeNull();
    expect(rowWith('Bicycle').getByRole('link', { name: 'Bicycle' }).getAttribute('href')).toBe(
      `/operations/products/${opsIds.bicycle}`,
    );
    expect(listCalls()).toEqual(['/api/products?page=1&limit=14']);

    await user.click(screen.getByLabelText('Below safety stock'));
    await user.selectOptions(screen.getByLabelText('Type'), 'make');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe(
        '/api/products?procurement_type=make&below_safety=true&page=1&limit=14',
      ),
    );
  });

  it('fits a 1280-pixel screen without scrolling sideways, its badges never cut short', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<ProductListPage />, '/operations/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    // 1280 less the sidebar (250), the page's padding (2 × 20), the card's (2 × 16) and a scroll bar (15).
    const room = 1280 - 250 - 40 - 32 - 15;
    const rem = /([\d.]+)rem/.exec(table.style.minWidth)?.[1];
    expect(Number(rem) * 16).toBeLessThanOrEqual(room);
    // A badge is as wide as its word: a squeezed column wraps its text instead of cutting 'ACT…'.
    for (const badge of [rowWith('Spoke').getByText('Below safety'), rowWith('Spoke').getByText('Active')]) {
      const root = badge.closest('.mantine-Badge-root') as HTMLElement;
      expect(root.style.minWidth).toBe('max-content');
    }
  });

  it('asks before deactivating a product, then sends the status', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    let sent: unknown = null;
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
      [`PATCH /api/products/${opsIds.spoke}/status`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { message: messages.updateDone, data: products()[1] });
      },
    });
    renderWithData(<ProductListPage />, '/operations/products');
    await screen.findByRole('table', { name: 'Products' });
    await user.click(rowWith('Spoke').getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Spoke?' });
    expect(sent).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate product' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(sent).toEqual({ status: 'inactive' });
  });

  it('shows a worker the list without New, Import, Edit or Deactivate', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<ProductListPage />, '/operations/products');
    await screen.findByRole('table', { name: 'Products' });
    expect(screen.queryByRole('link', { name: '+ New Product' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import products' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.getByRole('button', { name: messages.exportCsv })).toBeTruthy();
  });

  it('says how to start when there is no product, and offers to clear filters that match none', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf([])),
      'GET /api/catalogs': () => jsonResponse(200, listOf([])),
    });
    const { unmount } = renderWithData(<ProductListPage />, '/operations/products');
    expect(await screen.findByText('No products yet')).toBeTruthy();
    unmount();
    renderWithData(<ProductListPage />, '/operations/products?status=inactive');
    expect(await screen.findByText('No product matches these filters.')).toBeTruthy();
  });
});
