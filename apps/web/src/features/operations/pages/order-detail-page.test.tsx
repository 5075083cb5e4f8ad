import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { fakeProduct, fakePurchaseOrder, listOf, opsIds } from '../testing/fixtures.ts';
import { OrderDetailPage } from './order-detail-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const renderOrder = (path = `/operations/purchase-orders/${opsIds.order}`) =>
  renderWithData(
    <Routes>
      <Route path="/operations/purchase-orders/:id" element={<OrderDetailPage kind="purchase" />} />
    </Routes>,
    path,
  );

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PATCH')
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

/** The fixture's confirmed order before anything came in (it may be cancelled, not closed). */
const nothingReceived = () => {
  const order = fakePurchaseOrder();
  return { ...order, lines: order.lines.map((line) => ({ ...line, received_qty: '0.0000' })) };
};

describe('OrderDetailPage', { timeout: 20_000 }, () => {
  it('shows the steps a confirmed order allows, and receives part of it by line after asking', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: fakePurchaseOrder() }),
      [`POST /api/purchase-orders/${opsIds.order}/receive`]: () =>
        jsonResponse(200, { message: operationsMessages.orderReceived, data: fakePurchaseOrder() }),
    });
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'PO-00012 · Spokes Ltd' })).toBeTruthy();
    const steps = ['Confirm', 'Receive', 'Close', 'Cancel order'].filter((name) =>
      screen.queryByRole('button', { name }),
    );
    // Part of it received: closed short, no longer cancelled (the API would refuse it).
    expect(steps).toEqual(['Receive', 'Close']);
    expect(screen.queryByRole('button', { name: 'Edit draft' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive PO-00012?' });
    const spoke = within(dialog).getByLabelText('Quantity of Spoke') as HTMLInputElement;
    expect(spoke.value).toBe('60');
    expect((within(dialog).getByLabelText('Quantity of Rim') as HTMLInputElement).value).toBe('4');
    // A quantity that is not one says why, in the words of every other quantity field.
    for (const [typed, message] of [
      ['0.00001', messages.decimalScale],
      ['ten', messages.decimalInvalid],
      ['-2', messages.decimalNegative],
    ] as const) {
      await user.clear(spoke);
      await user.type(spoke, typed);
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    // More than is open: said under the line, nothing can be sent.
    await user.clear(spoke);
    await user.type(spoke, '61');
    expect(within(dialog).getByText(operationsMessages.receiveTooMuch('Spoke', '60'))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Receive PO-00012' })).toHaveProperty('disabled', true);
    await user.clear(spoke);
    await user.type(spoke, '25');
    expect(within(dialog).queryByText(operationsMessages.receiveTooMuch('Spoke', '60'))).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Receive PO-00012' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.orderReceived));
    expect(posts()).toEqual([
      {
        url: `/api/purchase-orders/${opsIds.order}/receive`,
        body: {
          lines: [
            { line_id: opsIds.orderLine, quantity: '25' },
            { line_id: opsIds.rimLine, quantity: '4' },
          ],
        },
      },
    ]);
  });

  it('offers only the steps the API takes: a confirmed order with nothing received is cancelled, not closed', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: nothingReceived() }),
    });
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'PO-00012 · Spokes Ltd' })).toBeTruthy();
    const steps = ['Confirm', 'Receive', 'Close', 'Cancel order'].filter((name) =>
      screen.queryByRole('button', { name }),
    );
    expect(steps).toEqual(['Receive', 'Cancel order']);
  });

  it('shows a refused receipt in its dialog, under the line the API names, keeping what was typed', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    // Someone received 2 Rim meanwhile: only 2 remain; then someone closed the order.
    const answers = [
      () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: operationsMessages.receiveTooMuch('Rim', '2'),
            fields: { 'lines.1.quantity': operationsMessages.receiveTooMuch('Rim', '2') },
          },
        }),
      () =>
        jsonResponse(409, {
          error: { code: 'CONFLICT', message: operationsMessages.orderStepRefused('closed', 'received') },
        }),
    ];
    routeFetch(fetchMock, {
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: fakePurchaseOrder() }),
      [`POST /api/purchase-orders/${opsIds.order}/receive`]: () =>
        (answers.shift() ?? answers[0])?.() as Response,
    });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Receive' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Receive PO-00012?' }));
    const spoke = dialog.getByLabelText('Quantity of Spoke') as HTMLInputElement;
    const rim = dialog.getByLabelText('Quantity of Rim') as HTMLInputElement;
    await user.clear(spoke);
    await user.type(spoke, '25');
    await user.click(dialog.getByRole('button', { name: 'Receive PO-00012' }));

    expect(await dialog.findByText(operationsMessages.receiveTooMuch('Rim', '2'))).toBeTruthy();
    expect(rim.getAttribute('aria-invalid')).toBe('true');
    expect(spoke.value).toBe('25');
    // Said where the user acts, once: no toast repeating it behind the dialog.
    expect(notify.error).not.toHaveBeenCalled();
    await user.clear(rim);
    await user.type(rim, '2');
    await waitFor(() => expect(dialog.queryByText(operationsMessages.receiveTooMuch('Rim', '2'))).toBeNull());

    await user.click(dialog.getByRole('button', { name: 'Receive PO-00012' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(operationsMessages.orderStepRefused('closed', 'received'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(posts().map((post) => post.body)).toEqual([
      {
        lines: [
          { line_id: opsIds.orderLine, quantity: '25' },
          { line_id: opsIds.rimLine, quantity: '4' },
        ],
      },
      {
        lines: [
          { line_id: opsIds.orderLine, quantity: '25' },
          { line_id: opsIds.rimLine, quantity: '2' },
        ],
      },
    ]);
  });

  it('receiving everything still open sends no lines; a worker sees no step at all', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routeFetch(fetchMock, {
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: fakePurchaseOrder() }),
      [`POST /api/purchase-orders/${opsIds.order}/receive`]: () =>
        jsonResponse(200, {
          message: operationsMessages.orderReceived,
          data: fakePurchaseOrder({ status: 'received' }),
        }),
    });
    const { unmount } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive PO-00012?' });
    await user.click(within(dialog).getByRole('button', { name: 'Receive PO-00012' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({});
    unmount();

    signIn(fakeWorkspaceAuthSession('mrp', 'worker'));
    renderOrder();
    await screen.findByRole('heading', { name: 'PO-00012 · Spokes Ltd' });
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('opens a receipt in its first quantity, and a cancel on Back: Enter at once cancels nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: nothingReceived() }),
    });
    renderOrder();
    const openByKeyboard = async (button: string, title: string) => {
      screen.getByRole('button', { name: button }).focus();
      await user.keyboard('{Enter}');
      return within(await screen.findByRole('dialog', { name: title }));
    };
    await screen.findByRole('heading', { name: 'PO-00012 · Spokes Ltd' });

    const receipt = await openByKeyboard('Receive', 'Receive PO-00012?');
    const quantity = receipt.getByLabelText('Quantity of Spoke') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    // The open quantity is filled in and selected: what is typed replaces it.
    const filled = quantity.value;
    expect(filled).not.toBe('');
    await user.keyboard('7');
    expect(quantity.value).toBe('7');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const cancel = await openByKeyboard('Cancel order', 'Cancel PO-00012?');
    await waitFor(() => expect(document.activeElement).toBe(cancel.getByRole('button', { name: 'Back' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('edits a draft’s lines in place: adds and removes lines, checks them with the shared schema', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const draft = fakePurchaseOrder({ status: 'draft', confirmed_at: null });
    routeFetch(fetchMock, {
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: draft }),
      'GET /api/products': () =>
        jsonResponse(
          200,
          listOf([fakeProduct({ id: opsIds.frame, product_name: 'Frame', price: '150.0000' })]),
        ),
      [`PATCH /api/purchase-orders/${opsIds.order}`]: () =>
        jsonResponse(200, { message: messages.updateDone, data: draft }),
    });
    renderOrder();
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit draft' }));
    const form = await screen.findByRole('form', { name: 'Edit PO-00012' });

    await user.click(within(form).getByRole('button', { name: '+ Add line' }));
    await user.click(within(form).getByRole('button', { name: 'Remove line 1' }));
    // The Rim line is now the first; the new line is second and still has no product.
    expect((within(form).getByLabelText('Quantity of line 1') as HTMLInputElement).value).toBe('4');
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText(operationsMessages.productUnknown)).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Remove line 2' }));
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.updateDone));
    expect(posts()).toEqual([
      {
        url: `/api/purchase-orders/${opsIds.order}`,
        body: {
          supplier_name: 'Spokes Ltd',
          order_date: '2026-03-01',
          due_date: '2026-03-10',
          notes: null,
          lines: [{ product_id: opsIds.rim, quantity: '4', unit_price: '17', due_date: null }],
        },
      },
    ]);
    // Saved: the form closes, and the page shows the order as it now is.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit PO-00012' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Edit draft' })).toBeTruthy();
  });

  it('keeps Confirm of a draft without a supplier (an MRP draft) disabled, saying why, with a way to edit it', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    const draft = fakePurchaseOrder({ status: 'draft', confirmed_at: null, supplier_name: null });
    routeFetch(fetchMock, {
      [`GET /api/purchase-orders/${opsIds.order}`]: () => jsonResponse(200, { data: draft }),
      'GET /api/products': () => jsonResponse(200, listOf([])),
    });
    renderOrder();
    const confirm = (await screen.findByRole('button', { name: 'Confirm' })) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByText(operationsMessages.orderSupplierMissingHint)).toBeTruthy();
    expect(confirm.getAttribute('aria-describedby')).toBe('supplier-missing-hint');
    await user.click(screen.getByRole('button', { name: 'Edit the draft' }));
    expect(await screen.findByRole('form', { name: 'Edit PO-00012' })).toBeTruthy();
    // Where the hint sent the user: the supplier field, ready to type in.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Supplier' })),
    );
    expect(posts()).toEqual([]);
  });

  it('takes a link whose id is no id for an order not found, without asking the server', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {});
    renderOrder('/operations/purchase-orders/not-an-id');
    // Not 'Some fields are not valid.' with a Try again that can never help.
    expect(await screen.findByText(messages.notFound)).toBeTruthy();
    expect(screen.queryByText(messages.validationFailed)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // Not a dead end: the way back to the list.
    expect(screen.getByRole('link', { name: 'All purchase orders' }).getAttribute('href')).toBe(
      '/operations/purchase-orders',
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('not-an-id'))).toEqual([]);
  });
});
