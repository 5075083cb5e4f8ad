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

const spoke = fakeProduct({
  id: opsIds.spoke,
  product_name: 'Spoke',
  procurement_type: 'buy',
  product_qty: '30.0000',
});
const rim = fakeProduct({
  id: opsIds.rim,
  product_name: 'Rim',
  procurement_type: 'buy',
  product_qty: '4.0000',
});
const products = () => [spoke, rim];
/** GET /api/products/:id of each product. */
const productReads = () => ({
  [`GET /api/products/${opsIds.spoke}`]: () => jsonResponse(200, { data: spoke }),
  [`GET /api/products/${opsIds.rim}`]: () => jsonResponse(200, { data: rim }),
});

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
      ...productReads(),
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
    expect(await form().findByText('On hand in the books: 30')).toBeTruthy();
    await user.type(input('Counted on hand'), '12.5');
    await user.type(input('Reason'), 'Yearly count');
    await user.click(form().getByRole('button', { name: 'Save count' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.stockAdjusted));
    expect(posts()).toEqual([
      {
        url: '/api/stock-adjustments',
        body: { product_id: opsIds.spoke, quantity: '12.5', reason: 'Yearly count', expected_on_hand: '30' },
      },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('starts on the product it was opened for, and puts a 400’s messages under the fields', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      ...productReads(),
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
    expect(await form().findByText('On hand in the books: 4')).toBeTruthy();

    await user.type(input('Counted on hand'), '0');
    await user.type(input('Reason'), 'Broken');
    await user.click(form().getByRole('button', { name: 'Save count' }));

    expect(await form().findByText(messages.decimalNegative)).toBeTruthy();
    expect(form().getByText('Must be at most 500 characters')).toBeTruthy();
    expect(input('Counted on hand').getAttribute('aria-invalid')).toBe('true');
    expect(notify.error).toHaveBeenCalledWith(messages.validationFailed);
    expect(posts()).toEqual([
      {
        url: '/api/stock-adjustments',
        body: { product_id: opsIds.rim, quantity: '0', reason: 'Broken', expected_on_hand: '4' },
      },
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a count refused because stock moved meanwhile (409): the message under the count, the figure read again', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    let reads = 0;
    const refused = operationsMessages.stockChangedSinceCount('Rim', '0');
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      [`GET /api/products/${opsIds.rim}`]: () => {
        reads += 1;
        return jsonResponse(200, { data: reads === 1 ? rim : { ...rim, product_qty: '0.0000' } });
      },
      'POST /api/stock-adjustments': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: refused, fields: { quantity: refused } } }),
    });
    const onDone = vi.fn();
    renderWithData(<StockAdjustmentForm product={{ id: opsIds.rim, name: 'Rim' }} onDone={onDone} />);
    expect(await form().findByText('On hand in the books: 4')).toBeTruthy();
    await user.type(input('Counted on hand'), '3');
    await user.type(input('Reason'), 'Damaged');
    await user.click(form().getByRole('button', { name: 'Save count' }));

    expect(await form().findByText(refused)).toBeTruthy();
    expect(input('Counted on hand').getAttribute('aria-invalid')).toBe('true');
    expect(await form().findByText('On hand in the books: 0')).toBeTruthy();
    expect(posts().map((post) => post.body.expected_on_hand)).toEqual(['4']);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'GET /api/products': () => jsonResponse(200, listOf(products())),
      ...productReads(),
    });
    const onDone = vi.fn();
    renderWithData(<StockAdjustmentForm product={{ id: opsIds.rim, name: 'Rim' }} onDone={onDone} />);
    await user.type(input('Counted on hand'), '4');
    await user.click(form().getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(posts()).toEqual([]);
  });
});
