import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse, myWorkspacesRoute } from '../../../test/fixtures.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, routeFetch } from '../../../test/route-fetch.ts';
import type { OrderKind } from '../api/orders.ts';
import { fakeProduct, fakePurchaseOrder, listOf, opsIds } from '../testing/fixtures.ts';
import { OrderForm } from './order-form.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const products = () => [
  fakeProduct({ id: opsIds.spoke, product_name: 'Spoke', procurement_type: 'buy', price: '0.5000' }),
  fakeProduct({ id: opsIds.rim, product_name: 'Rim', procurement_type: 'buy', price: '17.0000' }),
];

const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PATCH')
    .map(([url, init]) => ({ method: init?.method, url: String(url), body: JSON.parse(String(init?.body)) }));

const baseRoutes = {
  ...myWorkspacesRoute('mrp', 'EUR'),
  'GET /api/products': () => jsonResponse(200, listOf(products())),
};

/** The form at its page's place, and where a new order's page would be. */
const renderForm = (kind: OrderKind, props: { order?: ReturnType<typeof fakePurchaseOrder> } = {}) => {
  const onClose = vi.fn();
  renderWithData(
    <Routes>
      <Route path="/new" element={<OrderForm kind={kind} onClose={onClose} {...props} />} />
      <Route path="/operations/:list/:id" element={<p>Order page</p>} />
    </Routes>,
    '/new',
  );
  return { onClose };
};

const form = (name: string) => within(screen.getByRole('form', { name }));
/** A field by its whole label, the required ones' asterisk aside ('Due date', not 'Due date of line 1'). */
const field = (name: string, label: string) =>
  form(name).getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;

/** Fills a date input (jsdom keeps only a whole valid date). */
const setDate = async (user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, day: string) => {
  await user.clear(input);
  await user.type(input, day);
};

const pickProduct = async (
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLInputElement,
  typed: string,
  name: string,
) => {
  await user.type(input, typed);
  // Each line's box has its list; jsdom never finishes its transition: its options stay "hidden".
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`no list for ${input.name}`);
    return found;
  });
  await user.click(await within(list).findByRole('option', { name, hidden: true }));
};

describe('OrderForm', { timeout: 30_000 }, () => {
  it('refuses an empty customer order under each field, focusing the first, sending nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, baseRoutes);
    renderForm('customer');
    const name = 'New customer order';
    await user.clear(field(name, 'Quantity of line 1'));
    await user.click(form(name).getByRole('button', { name: 'Create customer order' }));

    expect(await form(name).findByText(operationsMessages.customerNameRequired)).toBeTruthy();
    expect(form(name).getByText(operationsMessages.productUnknown)).toBeTruthy();
    expect(form(name).getByText(operationsMessages.quantityRequired)).toBeTruthy();
    expect(field(name, 'Customer').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(name, 'Customer')));
    expect(sent()).toEqual([]);
  });

  it('the first wrong field in the page’s order takes the focus: a line’s product below the right header', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, baseRoutes);
    renderForm('purchase');
    const name = 'New purchase order';
    // A purchase order may go without a supplier: the line's product is the first thing wrong.
    await user.click(form(name).getByRole('button', { name: 'Create purchase order' }));
    expect(await form(name).findByText(operationsMessages.productUnknown)).toBeTruthy();
    expect(form(name).queryByText(operationsMessages.customerNameRequired)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field(name, 'Product of line 1')));
    expect(sent()).toEqual([]);
  });

  it('says what is wrong with a field once left after typing, and takes it back once right', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, baseRoutes);
    renderForm('purchase');
    const name = 'New purchase order';
    const quantity = field(name, 'Quantity of line 1');
    const price = field(name, 'Unit price of line 1');

    // Passing through says nothing.
    await user.click(quantity);
    await user.tab();
    expect(quantity.getAttribute('aria-invalid')).toBeNull();

    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(await form(name).findByText(messages.decimalNotPositive)).toBeTruthy();
    // A right value typed takes the message back at once; the next wrong one shows once left.
    for (const [typed, message] of [
      ['ten', messages.decimalInvalid],
      ['1.23456', messages.decimalScale],
      ['12345678901', messages.decimalTooLarge],
    ] as const) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      await user.tab();
      expect(await form(name).findByText(message)).toBeTruthy();
    }
    await user.clear(quantity);
    await user.type(quantity, '12.5');
    await waitFor(() => expect(form(name).queryByText(messages.decimalTooLarge)).toBeNull());
    expect(quantity.getAttribute('aria-invalid')).toBeNull();

    // A unit price may be 0, never below; no total is shown from a line marked wrong.
    const total = () => form(name).getByText(/^Total:/).textContent;
    await user.clear(price);
    await user.type(price, '4');
    await waitFor(() => expect(total()).toBe('Total: EUR 50.00'));
    await user.clear(price);
    await user.type(price, '-1');
    await user.tab();
    expect(await form(name).findByText(messages.decimalNegative)).toBeTruthy();
    expect(total()).toBe("Total: — (once every line's quantity and price are right)");
    await user.clear(price);
    await user.type(price, '0');
    await waitFor(() => expect(form(name).queryByText(messages.decimalNegative)).toBeNull());
    expect(total()).toBe('Total: EUR 0.00');
  });

  it('refuses a due date before the order date, the order’s and a line’s, and a date out of range', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, baseRoutes);
    renderForm('purchase');
    const name = 'New purchase order';
    await setDate(user, field(name, 'Order date'), '2026-03-10');
    await setDate(user, field(name, 'Due date'), '2026-03-01');
    await setDate(user, field(name, 'Due date of line 1'), '2026-03-09');
    await pickProduct(user, field(name, 'Product of line 1'), 'Spo', 'Spoke');
    await user.click(form(name).getByRole('button', { name: 'Create purchase order' }));

    expect(await form(name).findByText(operationsMessages.dueBeforeOrderDate)).toBeTruthy();
    expect(form(name).getByText(operationsMessages.lineDueBeforeOrderDate)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(name, 'Due date')));

    await setDate(user, field(name, 'Order date'), '1999-12-31');
    expect(await form(name).findByText(operationsMessages.orderDateOutOfRange)).toBeTruthy();
    await user.clear(field(name, 'Order date'));
    expect(await form(name).findByText(operationsMessages.orderDateRequired)).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('posts the exact order, a line’s price from its product, then opens the new order', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      ...baseRoutes,
      'POST /api/customer-orders': () =>
        jsonResponse(201, {
          message: operationsMessages.orderCreated,
          data: { ...fakePurchaseOrder({ id: opsIds.order }), customer_name: 'Acme' },
        }),
    });
    renderForm('customer');
    const name = 'New customer order';
    await user.type(field(name, 'Customer'), '  Acme  ');
    await setDate(user, field(name, 'Order date'), '2026-03-01');
    await setDate(user, field(name, 'Due date'), '2026-03-10');
    await user.type(field(name, 'Notes'), 'Ring first');
    await pickProduct(user, field(name, 'Product of line 1'), 'Spo', 'Spoke');
    expect(field(name, 'Unit price of line 1').value).toBe('0.5');
    await user.clear(field(name, 'Quantity of line 1'));
    await user.type(field(name, 'Quantity of line 1'), '100');

    await user.click(form(name).getByRole('button', { name: '+ Add line' }));
    await pickProduct(user, field(name, 'Product of line 2'), 'Ri', 'Rim');
    await user.clear(field(name, 'Quantity of line 2'));
    await user.type(field(name, 'Quantity of line 2'), '4');
    await setDate(user, field(name, 'Due date of line 2'), '2026-03-20');
    // The total is what the lines add up to: 100 × 0.5 + 4 × 17.
    expect(form(name).getByText(/118\.00/)).toBeTruthy();

    await user.click(form(name).getByRole('button', { name: 'Create customer order' }));
    expect(await screen.findByText('Order page')).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(operationsMessages.orderCreated);
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: '/api/customer-orders',
        body: {
          customer_name: 'Acme',
          order_date: '2026-03-01',
          due_date: '2026-03-10',
          notes: 'Ring first',
          lines: [
            { product_id: opsIds.spoke, quantity: '100', unit_price: '0.5', due_date: null },
            { product_id: opsIds.rim, quantity: '4', unit_price: '17', due_date: '2026-03-20' },
          ],
        },
      },
    ]);
  });

  it('removes a line, never the last one', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, baseRoutes);
    renderForm('purchase');
    const name = 'New purchase order';
    expect(form(name).getByRole('button', { name: 'Remove line 1' })).toHaveProperty('disabled', true);
    await user.click(form(name).getByRole('button', { name: '+ Add line' }));
    await user.type(field(name, 'Quantity of line 2'), '5');
    await user.click(form(name).getByRole('button', { name: 'Remove line 1' }));
    expect(form(name).queryByLabelText('Quantity of line 2')).toBeNull();
    expect(field(name, 'Quantity of line 1').value).toBe('15');
    expect(form(name).getByRole('button', { name: 'Remove line 1' })).toHaveProperty('disabled', true);
  });

  it('saves a draft’s edit with PATCH against its version, its lines as they are, and closes on its page', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const draft = fakePurchaseOrder({ status: 'draft', confirmed_at: null });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      ...baseRoutes,
      [`PATCH /api/purchase-orders/${opsIds.order}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(200, { message: messages.updateDone, data: draft });
      },
    });
    const { onClose } = renderForm('purchase', { order: draft });
    const name = 'Edit PO-00012';
    expect(field(name, 'Supplier').value).toBe('Spokes Ltd');
    expect(field(name, 'Product of line 1').value).toBe('Spoke');
    expect(field(name, 'Quantity of line 1').value).toBe('100');
    await user.clear(field(name, 'Supplier'));
    await user.click(form(name).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(screen.queryByText('Order page')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(ifMatches).toEqual([`"${draft.updated_at}"`]);
    expect(sent()).toEqual([
      {
        method: 'PATCH',
        url: `/api/purchase-orders/${opsIds.order}`,
        body: {
          supplier_name: null,
          order_date: '2026-03-01',
          due_date: '2026-03-10',
          notes: null,
          lines: [
            { product_id: opsIds.spoke, quantity: '100', unit_price: '0.5', due_date: null },
            { product_id: opsIds.rim, quantity: '4', unit_price: '17', due_date: null },
          ],
        },
      },
    ]);
  });

  it('puts the server’s 400 under the line it names, and a 409 in a toast, keeping what was typed', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const draft = fakePurchaseOrder({ status: 'draft', confirmed_at: null });
    let answer = () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: operationsMessages.productUnknown,
          fields: { 'lines.1.product_id': operationsMessages.productUnknown },
        },
      });
    routeFetch(fetchMock, {
      ...baseRoutes,
      [`PATCH /api/purchase-orders/${opsIds.order}`]: () => answer(),
    });
    renderForm('purchase', { order: draft });
    const name = 'Edit PO-00012';
    await user.type(field(name, 'Notes'), 'Call first');
    await user.click(form(name).getByRole('button', { name: 'Save draft' }));

    expect(await form(name).findByText(operationsMessages.productUnknown)).toBeTruthy();
    expect(field(name, 'Product of line 2').getAttribute('aria-invalid')).toBe('true');
    expect(field(name, 'Product of line 1').getAttribute('aria-invalid')).toBeNull();
    expect(notify.error).toHaveBeenCalledWith(operationsMessages.productUnknown);

    answer = () =>
      jsonResponse(409, { error: { code: 'CONFLICT', message: operationsMessages.orderNotDraft } });
    await user.click(form(name).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(operationsMessages.orderNotDraft));
    expect(field(name, 'Notes').value).toBe('Call first');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('on a 412 keeps what was typed, names what they changed and loads their lines', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const draft = fakePurchaseOrder({
      status: 'draft',
      confirmed_at: null,
      updated_at: '2026-03-01T08:00:00.125Z',
    });
    const [spoke] = draft.lines;
    if (!spoke) throw new Error('the draft has lines');
    const theirs = {
      ...draft,
      notes: 'Ring before delivery',
      lines: [{ ...spoke, quantity: '250.0000' }],
      updated_at: '2026-03-01T08:05:00.000Z',
    };
    routeFetch(fetchMock, {
      ...baseRoutes,
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/purchase-orders/${opsIds.order}`]: () =>
        jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } }),
    });
    const { onClose } = renderForm('purchase', { order: draft });
    const name = 'Edit PO-00012';
    await user.clear(field(name, 'Supplier'));
    await user.type(field(name, 'Supplier'), 'Rims and Spokes');
    await user.click(form(name).getByRole('button', { name: 'Save draft' }));
    const alert = within(await form(name).findByRole('alert'));
    await alert.findByText(/They changed: Notes, Lines\./);
    expect(field(name, 'Supplier').value).toBe('Rims and Spokes');
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    await user.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(field(name, 'Supplier').value).toBe('Spokes Ltd'));
    expect(field(name, 'Notes').value).toBe('Ring before delivery');
    expect(form(name).queryByLabelText('Quantity of line 2')).toBeNull();
    expect(field(name, 'Quantity of line 1').value).toBe('250');
  });

  it('shows the button busy while sending, and Cancel leaves without sending', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const draft = fakePurchaseOrder({ status: 'draft', confirmed_at: null });
    let release: (response: Response) => void = () => undefined;
    routeFetch(fetchMock, {
      ...baseRoutes,
      [`PATCH /api/purchase-orders/${opsIds.order}`]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const { onClose } = renderForm('purchase', { order: draft });
    const name = 'Edit PO-00012';
    await user.click(form(name).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual([]);

    await user.click(form(name).getByRole('button', { name: 'Save draft' }));
    const button = form(name).getByRole('button', { name: 'Save draft' });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(button.getAttribute('data-loading')).toBe('true');
    expect(form(name).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    release(jsonResponse(200, { message: messages.updateDone, data: draft }));
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(sent()).toHaveLength(1);
  });

  it("names each line's fields by the table's headers on a wide screen: their own labels are read, not shown", async () => {
    onPhone(false);
    routeFetch(fetchMock, baseRoutes);
    renderForm('purchase');
    const table = await screen.findByRole('table', { name: 'Order lines' });
    const quantity = within(table).getByLabelText('Quantity of line 1');
    const label = document.querySelector(`label[for="${quantity.id}"]`) as HTMLElement;
    expect(label.style.position).toBe('absolute');
    expect(label.style.clip).toMatch(/^rect\(0/);
    expect(within(table).getByRole('columnheader', { name: 'Quantity' })).toBeTruthy();
  });

  it('shows each line as a card with its fields under each other on a phone (no sideways table)', async () => {
    onPhone(true);
    const user = userEvent.setup();
    routeFetch(fetchMock, baseRoutes);
    renderForm('purchase');
    const lines = await screen.findByRole('list', { name: 'Order lines' });
    expect(screen.queryByRole('table', { name: 'Order lines' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '+ Add line' }));
    const cards = within(lines).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Line 1', 'Line 2']);
    const second = within(cards[1] as HTMLElement);
    expect(second.getByRole('heading', { name: 'Line 2' })).toBeTruthy();
    // Shown labels, as any form's: the card says which line.
    const quantity = second.getByLabelText('Quantity') as HTMLInputElement;
    expect(document.querySelector<HTMLElement>(`label[for="${quantity.id}"]`)?.style.position).toBe('');
    expect(second.getByLabelText('Product')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Remove line 2' })).toBeTruthy();
  });
});
