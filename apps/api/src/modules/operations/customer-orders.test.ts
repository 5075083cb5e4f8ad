import { operationsMessages } from '@workhub/shared/operations-messages';
import { describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import {
  createOrder,
  customerBody,
  insertProduct,
  opsTenant,
  stepOrder,
  stockOf,
} from './orders-test-helpers.ts';

const t = useTestApp();
const CO = '/api/customer-orders';

describe('customer orders', () => {
  it('creates CO-00001 with a customer (required), ships partly then fully, taking stock', async () => {
    const { token, wheel, where } = await opsTenant(t);
    const missing = await call(t, 'POST', CO, token, {
      ...customerBody(t, [{ product_id: wheel, quantity: 1 }]),
      customer_name: ' ',
    });
    expect(errorOf(missing).error.fields).toEqual({ customer_name: operationsMessages.customerNameRequired });
    const order = await createOrder(
      t,
      token,
      CO,
      customerBody(t, [{ product_id: wheel, quantity: 4, unit_price: 99 }]),
    );
    expect(order).toMatchObject({
      number: 1,
      number_label: 'CO-00001',
      customer_name: 'Bike Shop',
      status: 'draft',
      total: '396.0000',
    });
    const line = order.lines[0]?.id ?? '';
    await stepOrder(t, token, CO, order.id, 'confirm');
    const early = await stepOrder(t, token, CO, order.id, 'close');
    expect(errorOf(early).error.message).toBe(operationsMessages.orderCloseUndelivered('shipped'));
    const part = await stepOrder(t, token, CO, order.id, 'ship', { lines: [{ line_id: line, quantity: 1 }] });
    expect(part.json()).toMatchObject({
      message: operationsMessages.orderShipped,
      data: { status: 'confirmed', lines: [{ shipped_qty: '1.0000' }] },
    });
    expect(await stockOf(t, where, wheel)).toBe('4.0000');
    const cancel = await stepOrder(t, token, CO, order.id, 'cancel');
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel).error.message).toBe(operationsMessages.orderCancelDelivered('shipped'));
    const tooMuch = await stepOrder(t, token, CO, order.id, 'ship', {
      lines: [{ line_id: line, quantity: 4 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).error.fields?.['lines.0.quantity']).toMatch(/^Only 3 of .+ remain to ship$/);
    const rest = await stepOrder(t, token, CO, order.id, 'ship');
    expect(rest.json().data).toMatchObject({ status: 'shipped', lines: [{ shipped_qty: '4.0000' }] });
    expect(rest.json().data.shipped_at).not.toBeNull();
    expect(await stockOf(t, where, wheel)).toBe('1.0000');
    const moves = await call(t, 'GET', `/api/stock-moves?product_id=${wheel}&kind=shipment`, token);
    expect(moves.json().meta.total).toBe(2);
    expect(moves.json().data[0]).toMatchObject({
      kind: 'shipment',
      reference: { kind: 'customer_order', id: order.id, line_id: line, label: 'CO-00001' },
    });
    expect((await stepOrder(t, token, CO, order.id, 'close')).json().data.status).toBe('closed');
  });

  it('writes the quantities of a refused shipment in groups of three', async () => {
    const { token, where } = await opsTenant(t);
    const rim = await insertProduct(t, where, { productName: 'Rim', productQty: '1234567.5' });
    const order = await createOrder(t, token, CO, customerBody(t, [{ product_id: rim, quantity: 2000000 }]));
    await stepOrder(t, token, CO, order.id, 'confirm');
    const refused = await stepOrder(t, token, CO, order.id, 'ship');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error.message).toBe(
      operationsMessages.notEnoughStock('Rim', '1,234,567.5', '2,000,000'),
    );
  });

  it('refuses a shipment beyond stock whole (409 naming the product), shipping nothing', async () => {
    const { token, where, wheel } = await opsTenant(t);
    const hub = await insertProduct(t, where, { productName: 'Hub', productQty: '2' });
    const order = await createOrder(
      t,
      token,
      CO,
      customerBody(t, [
        { product_id: wheel, quantity: 5 },
        { product_id: hub, quantity: 1 },
        { product_id: hub, quantity: 1.5 },
      ]),
    );
    await stepOrder(t, token, CO, order.id, 'confirm');
    const refused = await stepOrder(t, token, CO, order.id, 'ship');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error.message).toBe(operationsMessages.notEnoughStock('Hub', '2', '2.5'));
    expect(await stockOf(t, where, wheel)).toBe('5.0000');
    expect(await stockOf(t, where, hub)).toBe('2.0000');
    const after = (await call(t, 'GET', `${CO}/${order.id}`, token)).json().data;
    expect(after.lines.map((l: { shipped_qty: string }) => l.shipped_qty)).toEqual([
      '0.0000',
      '0.0000',
      '0.0000',
    ]);
    // Shipping what there is works; the rest waits.
    const part = await stepOrder(t, token, CO, order.id, 'ship', {
      lines: [
        { line_id: order.lines[0]?.id, quantity: 5 },
        { line_id: order.lines[1]?.id, quantity: 1 },
      ],
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(await stockOf(t, where, wheel)).toBe('0.0000');
    expect(await stockOf(t, where, hub)).toBe('1.0000');
  });

  it('lists by customer and number, exports with the customer column, 404 across tenants', async () => {
    const { token, wheel } = await opsTenant(t);
    const order = await createOrder(
      t,
      token,
      CO,
      customerBody(t, [{ product_id: wheel, quantity: 1 }], { customer_name: '=HYPERLINK("x")' }),
    );
    const listed = await call(t, 'GET', `${CO}?q=hyperlink`, token);
    expect(listed.json().data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const csv = await call(t, 'GET', `${CO}/export`, token);
    expect(csvBody(csv.body).split('\r\n')[0]).toBe(
      'Number,Customer,Order date,Due date,Status,Lines,Total,Late,Notes',
    );
    expect(csv.body).toContain(`CO-00001,"'=HYPERLINK(""x"")"`);
    const stranger = await opsTenant(t);
    expect((await call(t, 'GET', `${CO}/${order.id}`, stranger.token)).statusCode).toBe(404);
    expect((await stepOrder(t, stranger.token, CO, order.id, 'ship')).statusCode).toBe(404);
  });

  it('refuses a line due before the order date and an order date out of range (400 on the field), on create and edit', async () => {
    const { token, wheel } = await opsTenant(t);
    const early = await call(
      t,
      'POST',
      CO,
      token,
      customerBody(
        t,
        [
          { product_id: wheel, quantity: 1 },
          { product_id: wheel, quantity: 2, due_date: '2020-01-01' },
        ],
        { order_date: '2026-11-30', due_date: '2026-12-10' },
      ),
    );
    expect(early.statusCode, early.body).toBe(400);
    expect(errorOf(early).error.fields).toEqual({
      'lines.1.due_date': operationsMessages.lineDueBeforeOrderDate,
    });
    for (const orderDate of ['0001-01-01', '1999-12-31', '2100-01-01']) {
      const odd = await call(
        t,
        'POST',
        CO,
        token,
        customerBody(t, [{ product_id: wheel, quantity: 1 }], {
          order_date: orderDate,
          due_date: '2100-01-02',
        }),
      );
      expect(odd.statusCode, orderDate).toBe(400);
      expect(errorOf(odd).error.fields).toEqual({ order_date: operationsMessages.orderDateOutOfRange });
    }
    // A line due on the order date is fine; editing it to before the order date is refused the same way.
    const order = await createOrder(
      t,
      token,
      CO,
      customerBody(t, [{ product_id: wheel, quantity: 1, due_date: '2026-11-30' }], {
        order_date: '2026-11-30',
        due_date: '2026-12-10',
      }),
    );
    const edit = await call(
      t,
      'PATCH',
      `${CO}/${order.id}`,
      token,
      customerBody(t, [{ product_id: wheel, quantity: 1, due_date: '2026-11-29' }], {
        order_date: '2026-11-30',
        due_date: '2026-12-10',
      }),
    );
    expect(edit.statusCode, edit.body).toBe(400);
    expect(errorOf(edit).error.fields).toEqual({
      'lines.0.due_date': operationsMessages.lineDueBeforeOrderDate,
    });
  });
});
