import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { fakeProduct, listOf, opsIds } from '../testing/fixtures.ts';
import { StockAdjustmentForm } from './stock-adjustment-form.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const products = () => [
  fakeProduct({ id: opsIds.spoke, product_name: 'Spoke', procurement_type: 'buy' }),
  fakeProduct({ id: opsIds.rim, product_name: 'Rim', procurement_type: 'buy' }),
];

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

const form = () => within(screen.getByRole('form', { name: 'Stock count' }));
const input = (label: string) => form().getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('StockAdjustmentForm', { timeout: 20_000 }, () => {
  it('refuses an empty count under each field, sending nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/products': () => jsonResponse(200, listOf(products())) });
    const onDone = vi.fn();
    renderWithData(<StockAdjustmentForm onDone={onDone} />);
    await user.click(form().getByRole('button', { name: 'Save count' }));
    expect(await form().findByText(operationsMessages.productUnknown)).toBeTruthy();
    expect(form().getByText(operationsMessages.quantityRequired)).toBeTruthy();
    expect(form().getByText(operationsMessages.adjustmentReasonRequired)).toBeTruthy();
    // The first wrong field, a Select bound through a controller, takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(input('Product')));
    // Its list stays closed on the focus: the message under it stays in sight.
    expect(input('Product').getAttribute('aria-expanded')).toBe('false');
    expect(posts()).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('searches an active product, then posts the counted quantity and the reason', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      'POST /api/stock-adjustments': () =>
        jsonResponse(201, { message: operationsMessages.stockAdjusted, data: {} }),
    });
    const onDone = vi.fn();
    renderWithData(<StockAdjustmentForm onDone={onDone} />);

    await user.type(input('Product'), 'Spo');
    await waitFor(() =>
      expect(calledUrls(fetchMock)).toContain(
        '/api/products?q=Spo&status=active&sort=product_name&page=1&limit=20',
      ),
    );
    // jsdom never finishes the dropdown's transition: its options stay "hidden".
    await user.click(await screen.findByRole('option', { name: 'Spoke', hidden: true }));
    await user.type(input('Counted on hand'), '12.5');
    await user.type(input('Reason'), 'Yearly count');
    await user.click(form().getByRole('button', { name: 'Save count' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.stockAdjusted));
    expect(posts()).toEqual([
      {
        url: '/api/stock-adjustments',
        body: { product_id: opsIds.spoke, quantity: '12.5', reason: 'Yearly count' },
      },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('starts on the product it was opened for, and puts a 400’s messages under the fields', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      'POST /api/stock-adjustments': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.validationFailed,
            fields: { quantity: messages.decimalNegative, reason: 'Must be at most 500 characters' },
          },
        }),
    });
    const onDone = vi.fn();
    renderWithData(<StockAdjustmentForm product={{ id: opsIds.rim, name: 'Rim' }} onDone={onDone} />);
    await waitFor(() => expect(input('Product').value).toBe('Rim'));

    await user.type(input('Counted on hand'), '0');
    await user.type(input('Reason'), 'Broken');
    await user.click(form().getByRole('button', { name: 'Save count' }));

    expect(await form().findByText(messages.decimalNegative)).toBeTruthy();
    expect(form().getByText('Must be at most 500 characters')).toBeTruthy();
    expect(input('Counted on hand').getAttribute('aria-invalid')).toBe('true');
    expect(notify.error).toHaveBeenCalledWith(messages.validationFailed);
    expect(posts()).toEqual([
      { url: '/api/stock-adjustments', body: { product_id: opsIds.rim, quantity: '0', reason: 'Broken' } },
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, { 'GET /api/products': () => jsonResponse(200, listOf(products())) });
    const onDone = vi.fn();
    renderWithData(<StockAdjustmentForm product={{ id: opsIds.rim, name: 'Rim' }} onDone={onDone} />);
    await user.type(input('Counted on hand'), '4');
    await user.click(form().getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(posts()).toEqual([]);
  });
});
