import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { fakeProduct, listOf, opsIds } from '../testing/fixtures.ts';
import { StockMoveListPage } from './stock-move-list-page.tsx';

const fetchMock = mockFetchPerTest();

const rim = fakeProduct({ id: opsIds.rim, product_name: 'Rim', procurement_type: 'buy' });

/** Opens the stock count by keyboard, as a user tabbing to 'Adjust stock' and pressing Enter. */
const openCount = async (user: ReturnType<typeof userEvent.setup>) => {
  const button = await screen.findByRole('button', { name: 'Adjust stock' });
  button.focus();
  await user.keyboard('{Enter}');
  return within(await screen.findByRole('dialog', { name: 'Adjust stock' }));
};

describe('StockMoveListPage: the stock count dialog', { timeout: 20_000 }, () => {
  it('opens in Product, so the name is typed at once (not on the Close button)', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/stock-moves': () => jsonResponse(200, listOf([])),
      'GET /api/products': () => jsonResponse(200, listOf([rim])),
    });
    renderWithData(<StockMoveListPage />, '/operations/stock-moves');
    const dialog = await openCount(user);
    await waitFor(() =>
      expect(document.activeElement).toBe(dialog.getByRole('combobox', { name: /^Product/ })),
    );
    await user.keyboard('Ri');
    expect((dialog.getByRole('combobox', { name: /^Product/ }) as HTMLInputElement).value).toBe('Ri');
  });

  it("opens in 'Counted on hand' when the list is filtered to a product: the product is given", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/stock-moves': () => jsonResponse(200, listOf([])),
      'GET /api/products': () => jsonResponse(200, listOf([rim])),
      [`GET /api/products/${opsIds.rim}`]: () => jsonResponse(200, { data: rim }),
    });
    renderWithData(<StockMoveListPage />, `/operations/stock-moves?product_id=${opsIds.rim}`);
    await screen.findByText(/Rim: .* on hand/);
    const dialog = await openCount(user);
    const counted = dialog.getByRole('textbox', { name: /^Counted on hand/ });
    await waitFor(() => expect(document.activeElement).toBe(counted));
    await user.keyboard('12');
    expect((counted as HTMLInputElement).value).toBe('12');
  });
});
