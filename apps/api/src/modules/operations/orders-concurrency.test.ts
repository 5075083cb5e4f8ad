import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import {
  createOrder,
  customerBody,
  insertProduct,
  opsTenant,
  purchaseBody,
  stepOrder,
  stockOf,
} from './orders-test-helpers.ts';

// Simultaneous requests (on PostgreSQL they really run at once, on several connections): the row
// locks of the order and of the products, and the number counter, keep every invariant.

const t = useTestApp();
const PO = '/api/purchase-orders';
const CO = '/api/customer-orders';

describe('orders under concurrent requests', () => {
  it('two shipments of the last units: exactly one succeeds, stock ends at 0', async () => {
    const { token, where } = await opsTenant(t);
    const last = await insertProduct(t, where, { productQty: '3' });
    const orders = await Promise.all(
      [1, 2].map(() => createOrder(t, token, CO, customerBody(t, [{ product_id: last, quantity: 3 }]))),
    );
    for (const order of orders) await stepOrder(t, token, CO, order.id, 'confirm');
    const answers = await Promise.all(orders.map((order) => stepOrder(t, token, CO, order.id, 'ship')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t, where, last)).toBe('0.0000');
    const moves = await call(t, 'GET', `/api/stock-moves?product_id=${last}`, token);
    expect(moves.json().data.map((m: { on_hand_after: string }) => m.on_hand_after)).toEqual(['0.0000']);
  });

  it('many shipments of one product at once never take stock below 0', async () => {
    const { token, where } = await opsTenant(t);
    const part = await insertProduct(t, where, { productQty: '5' });
    const orders = await Promise.all(
      Array.from({ length: 8 }, () =>
        createOrder(t, token, CO, customerBody(t, [{ product_id: part, quantity: 1 }])),
      ),
    );
    await Promise.all(orders.map((order) => stepOrder(t, token, CO, order.id, 'confirm')));
    const answers = await Promise.all(orders.map((order) => stepOrder(t, token, CO, order.id, 'ship')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect(await stockOf(t, where, part)).toBe('0.0000');
  });

  it('two receipts of one line at once never receive more than ordered', async () => {
    const { token, where, spoke } = await opsTenant(t);
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 10 }]));
    await stepOrder(t, token, PO, order.id, 'confirm');
    const line = order.lines[0]?.id;
    const answers = await Promise.all(
      [1, 2].map(() =>
        stepOrder(t, token, PO, order.id, 'receive', { lines: [{ line_id: line, quantity: 6 }] }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const detail = (await call(t, 'GET', `${PO}/${order.id}`, token)).json().data;
    expect(detail.lines[0].received_qty).toBe('6.0000');
    expect(await stockOf(t, where, spoke)).toBe('6.0000');
    const whole = await Promise.all([1, 2].map(() => stepOrder(t, token, PO, order.id, 'receive')));
    expect(whole.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t, where, spoke)).toBe('10.0000');
  });

  it('two confirms at once: one confirms, the other is 409', async () => {
    const { token, spoke } = await opsTenant(t);
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 1 }]));
    const answers = await Promise.all([1, 2, 3].map(() => stepOrder(t, token, PO, order.id, 'confirm')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('orders created at once get unique, gapless numbers', async () => {
    const { token, spoke } = await opsTenant(t);
    const created = await Promise.all(
      Array.from({ length: 12 }, () =>
        createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 1 }])),
      ),
    );
    expect(created.map((o) => o.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});
