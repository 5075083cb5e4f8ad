import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { createWorkspace, newTenant } from '../../test/tenants.ts';
import { call, daysFromNow } from '../../test/work.ts';
import {
  createOrder,
  customerBody,
  insertProduct,
  opsTenant,
  purchaseBody,
  stepOrder,
  stockOf,
} from './orders-test-helpers.ts';

const t = useTestApp();
const PO = '/api/purchase-orders';

describe('POST /api/purchase-orders', () => {
  it('creates a draft with its lines, numbered PO-00001, PO-00002 in the workspace', async () => {
    const { token, spoke, wheel } = await opsTenant(t);
    const first = await call(
      t,
      'POST',
      PO,
      token,
      purchaseBody(t, [
        { product_id: spoke, quantity: '40', unit_price: '0.25' },
        { product_id: wheel, quantity: 2.5, unit_price: 12, due_date: daysFromNow(t, 20) },
      ]),
    );
    expect(first.statusCode, first.body).toBe(201);
    const { message, data } = first.json();
    expect(message).toBe(operationsMessages.orderCreated);
    expect(data).toMatchObject({
      number: 1,
      number_label: 'PO-00001',
      supplier_name: 'Acme Parts',
      status: 'draft',
      total: '40.0000',
      line_count: 2,
      late: false,
      received_at: null,
    });
    expect(data.lines).toMatchObject([
      {
        position: 1,
        product_id: spoke,
        quantity: '40.0000',
        unit_price: '0.2500',
        line_total: '10.0000',
        due_date: daysFromNow(t, 14),
        received_qty: '0.0000',
        mrp_proposal_id: null,
      },
      {
        position: 2,
        product_id: wheel,
        quantity: '2.5000',
        line_total: '30.0000',
        due_date: daysFromNow(t, 20),
      },
    ]);
    const second = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 1 }]));
    expect(second.number).toBe(2);
  });

  it('answers 400 with a message per field, and never a 500 for hostile input', async () => {
    const { token, spoke } = await opsTenant(t);
    const empty = await call(t, 'POST', PO, token, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error.fields).toMatchObject({
      order_date: operationsMessages.orderDateRequired,
      due_date: messages.dueDateRequired,
      lines: operationsMessages.orderLinesRequired,
    });
    const bad = await call(t, 'POST', PO, token, {
      ...purchaseBody(t, [
        { product_id: spoke, quantity: 0 },
        { product_id: spoke, quantity: '1e30' },
        { product_id: spoke, quantity: 1, unit_price: -5 },
        { product_id: 'not-a-uuid', quantity: 99999999999 },
        { product_id: spoke, quantity: '1.00001' },
      ]),
      supplier_name: 'Evil\u0000Corp',
      due_date: daysFromNow(t, -1),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields).toMatchObject({
      'lines.0.quantity': messages.decimalNotPositive,
      'lines.1.quantity': messages.decimalInvalid,
      'lines.2.unit_price': messages.decimalNegative,
      'lines.3.product_id': operationsMessages.productUnknown,
      'lines.3.quantity': messages.decimalTooLarge,
      'lines.4.quantity': messages.decimalScale,
      supplier_name: messages.textControlCharacters,
    });
    const tooMany = await call(
      t,
      'POST',
      PO,
      token,
      purchaseBody(
        t,
        Array.from({ length: 201 }, () => ({ product_id: spoke, quantity: 1 })),
      ),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).error.fields).toEqual({ lines: operationsMessages.orderLinesTooMany });
    const early = await call(
      t,
      'POST',
      PO,
      token,
      purchaseBody(t, [{ product_id: spoke, quantity: 1 }], { due_date: daysFromNow(t, -1) }),
    );
    expect(errorOf(early).error.fields).toEqual({ due_date: operationsMessages.dueBeforeOrderDate });
    // 10,000 lines are past the body limit before they are past the line cap.
    const huge = await call(
      t,
      'POST',
      PO,
      token,
      purchaseBody(
        t,
        Array.from({ length: 10_000 }, () => ({ product_id: spoke, quantity: 1 })),
      ),
    );
    expect([400, 413]).toContain(huge.statusCode);
  });

  it("refuses a line naming a product of another workspace or account (400, the line's field)", async () => {
    const { token, spoke, home, where } = await opsTenant(t);
    const sibling = await createWorkspace(t, home.token, { template: 'mrp', workspace_name: 'Sibling' });
    const siblingProduct = await insertProduct(t, sibling);
    const stranger = await opsTenant(t);
    const response = await call(
      t,
      'POST',
      PO,
      token,
      purchaseBody(t, [
        { product_id: spoke, quantity: 1 },
        { product_id: siblingProduct, quantity: 1 },
        { product_id: stranger.spoke, quantity: 1 },
        { product_id: randomUUID(), quantity: 1 },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toMatchObject({
      message: operationsMessages.productUnknown,
      fields: {
        'lines.1.product_id': operationsMessages.productUnknown,
        'lines.2.product_id': operationsMessages.productUnknown,
        'lines.3.product_id': operationsMessages.productUnknown,
      },
    });
    expect(await stockOf(t, where, spoke)).toBe('0.0000');
  });
});

describe('inactive products on order lines', () => {
  it('refuses an inactive product on a new line of either kind (400 on the line), keeps one already on a draft', async () => {
    const { token, where, spoke } = await opsTenant(t);
    const bulb = await insertProduct(t, where, { productName: 'Bulb', status: 'inactive' });
    const inactive = operationsMessages.productInactive('Bulb');
    for (const [path, body] of [
      [
        PO,
        purchaseBody(t, [
          { product_id: spoke, quantity: 1 },
          { product_id: bulb, quantity: 2 },
        ]),
      ],
      [
        '/api/customer-orders',
        customerBody(t, [
          { product_id: spoke, quantity: 1 },
          { product_id: bulb, quantity: 2 },
        ]),
      ],
    ] as const) {
      const refused = await call(t, 'POST', path, token, body);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).error).toMatchObject({
        message: inactive,
        fields: { 'lines.1.product_id': inactive },
      });
    }
    // A draft that held the product before it was made inactive can still be edited with it.
    const lamp = await insertProduct(t, where, { productName: 'Lamp' });
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: lamp, quantity: 1 }]));
    await call(t, 'PATCH', `/api/products/${lamp}/status`, token, { status: 'inactive' });
    const kept = await call(
      t,
      'PATCH',
      `${PO}/${order.id}`,
      token,
      purchaseBody(t, [{ product_id: lamp, quantity: 4 }]),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const added = await call(
      t,
      'PATCH',
      `${PO}/${order.id}`,
      token,
      purchaseBody(t, [
        { product_id: lamp, quantity: 4 },
        { product_id: bulb, quantity: 1 },
      ]),
    );
    expect(added.statusCode).toBe(400);
    expect(errorOf(added).error.fields).toEqual({ 'lines.1.product_id': inactive });
  });
});

describe('GET, PATCH /api/purchase-orders/:id', () => {
  it("edits a draft, replacing its lines; 409 once confirmed; 404 for another tenant's order", async () => {
    const { token, spoke, wheel } = await opsTenant(t);
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 1 }]));
    const edited = await call(
      t,
      'PATCH',
      `${PO}/${order.id}`,
      token,
      purchaseBody(t, [{ product_id: wheel, quantity: 3, unit_price: '2.5' }], {
        supplier_name: '',
        notes: 'Rush',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: messages.updateDone,
      data: {
        supplier_name: null,
        notes: 'Rush',
        total: '7.5000',
        lines: [{ product_id: wheel, position: 1 }],
      },
    });
    expect((await call(t, 'GET', `${PO}/${order.id}`, token)).json().data.line_count).toBe(1);
    // Named again: a draft without its supplier is not confirmed.
    await call(t, 'PATCH', `${PO}/${order.id}`, token, purchaseBody(t, [{ product_id: wheel, quantity: 3 }]));
    expect((await stepOrder(t, token, PO, order.id, 'confirm')).statusCode).toBe(200);
    const refused = await call(
      t,
      'PATCH',
      `${PO}/${order.id}`,
      token,
      purchaseBody(t, [{ product_id: wheel, quantity: 1 }]),
    );
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error.message).toBe(operationsMessages.orderNotDraft);

    const stranger = await opsTenant(t);
    for (const response of [
      await call(t, 'GET', `${PO}/${order.id}`, stranger.token),
      await call(
        t,
        'PATCH',
        `${PO}/${order.id}`,
        stranger.token,
        purchaseBody(t, [{ product_id: stranger.spoke, quantity: 1 }]),
      ),
      await stepOrder(t, stranger.token, PO, order.id, 'cancel'),
      await stepOrder(t, stranger.token, PO, order.id, 'receive'),
      await call(t, 'GET', `${PO}/${randomUUID()}`, token),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await call(t, 'GET', `${PO}/not-a-uuid`, token)).statusCode).toBe(400);
  });

  it('is 404 in a workspace of a template without operations, before the input is read', async () => {
    const general = await newTenant(t, 'workspace');
    for (const response of [
      await call(t, 'GET', PO, general.owner.token),
      await call(t, 'GET', `${PO}/not-a-uuid`, general.owner.token),
      await call(t, 'POST', PO, general.owner.token, {}),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error.code).toBe('NOT_FOUND');
    }
  });
});

describe('the steps of a purchase order', () => {
  it('receives partly then fully, adding stock with a receipt per line', async () => {
    const { token, spoke, where } = await opsTenant(t);
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 10 }]));
    const line = order.lines[0]?.id ?? '';
    const early = await stepOrder(t, token, PO, order.id, 'receive');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).error.message).toBe(operationsMessages.orderStepRefused('draft', 'received'));
    const confirmed = await stepOrder(t, token, PO, order.id, 'confirm');
    expect(confirmed.json()).toMatchObject({
      message: operationsMessages.orderConfirmed,
      data: { status: 'confirmed' },
    });
    expect(confirmed.json().data.confirmed_at).not.toBeNull();
    const part = await stepOrder(t, token, PO, order.id, 'receive', {
      lines: [{ line_id: line, quantity: 4 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      message: operationsMessages.orderReceived,
      data: { status: 'confirmed', lines: [{ received_qty: '4.0000' }] },
    });
    expect(await stockOf(t, where, spoke)).toBe('4.0000');
    // Something received: it cannot be cancelled any more (close it), and a line of another order
    // is unknown here.
    const cancel = await stepOrder(t, token, PO, order.id, 'cancel');
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel).error.message).toBe(operationsMessages.orderCancelDelivered('received'));
    const tooMuch = await stepOrder(t, token, PO, order.id, 'receive', {
      lines: [
        { line_id: line, quantity: 4 },
        { line_id: line, quantity: 3 },
        { line_id: randomUUID(), quantity: 1 },
      ],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).error.fields).toEqual({
      'lines.0.quantity': expect.stringMatching(/^Only 6 of .+ remain to receive$/),
      'lines.1.quantity': expect.stringMatching(/^Only 6 of .+ remain to receive$/),
      'lines.2.line_id': operationsMessages.orderLineUnknown,
    });
    t.clock.advance(1);
    const rest = await stepOrder(t, token, PO, order.id, 'receive');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ status: 'received', lines: [{ received_qty: '10.0000' }] });
    expect(rest.json().data.received_at).not.toBeNull();
    expect(await stockOf(t, where, spoke)).toBe('10.0000');
    const moves = await call(t, 'GET', `/api/stock-moves?product_id=${spoke}&sort=created_at`, token);
    expect(moves.json().data).toMatchObject([
      {
        kind: 'receipt',
        qty_delta: '4.0000',
        on_hand_after: '4.0000',
        reference: { kind: 'purchase_order', id: order.id, line_id: line, label: 'PO-00001' },
      },
      { kind: 'receipt', qty_delta: '6.0000', on_hand_after: '10.0000' },
    ]);
    const closed = await stepOrder(t, token, PO, order.id, 'close');
    expect(closed.json()).toMatchObject({
      message: operationsMessages.orderClosed,
      data: { status: 'closed' },
    });
    expect(errorOf(await stepOrder(t, token, PO, order.id, 'cancel')).error.message).toBe(
      operationsMessages.orderStepRefused('closed', 'cancelled'),
    );
  });

  it('closes short only once something came, cancels only while nothing did', async () => {
    const { token, spoke } = await opsTenant(t);
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 10 }]));
    await stepOrder(t, token, PO, order.id, 'confirm');
    const early = await stepOrder(t, token, PO, order.id, 'close');
    expect(early.statusCode).toBe(409);
    // Said as the rule it is ('A confirmed order cannot be closed' was not true of a confirmed order).
    expect(errorOf(early).error.message).toBe(operationsMessages.orderCloseUndelivered('received'));
    expect(errorOf(early).error.message).toBe(
      'Nothing has been received on this order yet: cancel it instead.',
    );
    await stepOrder(t, token, PO, order.id, 'receive', {
      lines: [{ line_id: order.lines[0]?.id, quantity: 1 }],
    });
    const closed = await stepOrder(t, token, PO, order.id, 'close');
    expect(closed.json().data).toMatchObject({ status: 'closed', lines: [{ received_qty: '1.0000' }] });

    const draft = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 1 }]));
    const cancelled = await stepOrder(t, token, PO, draft.id, 'cancel');
    expect(cancelled.json()).toMatchObject({
      message: operationsMessages.orderCancelled,
      data: { status: 'cancelled' },
    });
    expect((await stepOrder(t, token, PO, draft.id, 'confirm')).statusCode).toBe(409);
  });

  it('confirms a draft only once it names its supplier (an MRP draft has none): 409, still a draft', async () => {
    const { token, spoke } = await opsTenant(t);
    for (const supplier_name of [null, undefined, '', '   ']) {
      const draft = await createOrder(
        t,
        token,
        PO,
        purchaseBody(t, [{ product_id: spoke, quantity: 5 }], { supplier_name }),
      );
      const refused = await stepOrder(t, token, PO, draft.id, 'confirm');
      expect(refused.statusCode, JSON.stringify(supplier_name)).toBe(409);
      expect(errorOf(refused).error).toMatchObject({
        code: 'CONFLICT',
        message: operationsMessages.orderSupplierRequired,
      });
      const after = await call(t, 'GET', `${PO}/${draft.id}`, token);
      expect(after.json().data).toMatchObject({ status: 'draft', confirmed_at: null, supplier_name: null });
    }
    const named = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 5 }]));
    expect((await stepOrder(t, token, PO, named.id, 'confirm')).statusCode).toBe(200);
  });
});

describe('GET /api/purchase-orders (+ export)', () => {
  it('searches by number or supplier, filters by status and due date, sorts and pages', async () => {
    const { token, spoke } = await opsTenant(t);
    const make = (supplier: string, due: number) =>
      createOrder(
        t,
        token,
        PO,
        purchaseBody(t, [{ product_id: spoke, quantity: 2, unit_price: 5 }], {
          supplier_name: supplier,
          due_date: daysFromNow(t, due),
        }),
      );
    const a = await make('Alpha Metals', 5);
    const b = await make('Beta_Tubes 100%', 10);
    const c = await make('Gamma', 20);
    await stepOrder(t, token, PO, b.id, 'confirm');
    const ids = async (query: string) => {
      const response = await call(t, 'GET', `${PO}${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((o: { id: string }) => o.id);
    };
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?sort=number')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?sort=-due_date')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?q=alpha')).toEqual([a.id]);
    expect(await ids('?q=PO-00002')).toEqual([b.id]);
    expect(await ids(`?q=${encodeURIComponent('_tubes 100%')}`)).toEqual([b.id]);
    expect(await ids('?q=%25')).toEqual([b.id]);
    expect(await ids('?status=confirmed')).toEqual([b.id]);
    expect(await ids(`?due_after=${daysFromNow(t, 6)}&due_before=${daysFromNow(t, 10)}`)).toEqual([b.id]);
    const page = await call(t, 'GET', `${PO}?limit=2&page=2&sort=number`, token);
    expect(page.json()).toMatchObject({
      data: [{ id: c.id, total: '10.0000', line_count: 1 }],
      meta: { page: 2, limit: 2, total: 3 },
    });
    for (const query of ['?status=shipped', '?sort=name', '?due_before=2026-02-30', '?limit=101', '?q=%00']) {
      expect((await call(t, 'GET', `${PO}${query}`, token)).statusCode, query).toBe(400);
    }

    const csv = await call(t, 'GET', `${PO}/export?status=confirmed`, token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csvBody(csv.body).split('\r\n')).toEqual([
      'Number,Supplier,Order date,Due date,Status,Lines,Total,Late,Notes',
      `PO-00002,Beta_Tubes 100%,${daysFromNow(t, 0)},${daysFromNow(t, 10)},confirmed,1,10.0000,no,`,
      '',
    ]);
  });

  it('marks a confirmed order due before today as late', async () => {
    const { token, spoke } = await opsTenant(t);
    const order = await createOrder(
      t,
      token,
      PO,
      purchaseBody(t, [{ product_id: spoke, quantity: 1 }], {
        order_date: daysFromNow(t, -10),
        due_date: daysFromNow(t, -1),
      }),
    );
    expect((await call(t, 'GET', `${PO}/${order.id}`, token)).json().data.late).toBe(false);
    await stepOrder(t, token, PO, order.id, 'confirm');
    expect((await call(t, 'GET', `${PO}/${order.id}`, token)).json().data.late).toBe(true);
  });
});
