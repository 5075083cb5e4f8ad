import { randomUUID } from 'node:crypto';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { insertBomLine, insertProduct, insertWorkOrder, opsTenant, stockOf } from './orders-test-helpers.ts';

const t = useTestApp();
const WO = '/api/work-orders';

async function bicycle() {
  const tenant = await opsTenant(t);
  const { where } = tenant;
  const bike = await insertProduct(t, where, { productName: 'Bicycle', procurementType: 'make' });
  const frame = await insertProduct(t, where, { productName: 'Frame', productQty: '3' });
  const wheel = await insertProduct(t, where, { productName: 'Wheel', productQty: '4' });
  const bell = await insertProduct(t, where, { productName: 'Bell', productQty: '0' });
  await insertBomLine(t, where, bike, frame, '1');
  await insertBomLine(t, where, bike, wheel, '2');
  // An inactive line is not consumed.
  await insertBomLine(t, where, bike, bell, '1', { status: 'inactive' });
  return { ...tenant, bike, frame, wheel, bell };
}

describe('work orders', () => {
  it('release, then complete: consumes the active components and adds the product, with moves', async () => {
    const { token, where, bike, frame, wheel, bell } = await bicycle();
    const id = await insertWorkOrder(t, where, bike, '2');
    const early = await call(t, 'POST', `${WO}/${id}/complete`, token);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).error.message).toBe(
      operationsMessages.workOrderStepRefused('planned', 'completed'),
    );
    const released = await call(t, 'POST', `${WO}/${id}/release`, token);
    expect(released.json()).toMatchObject({
      message: operationsMessages.workOrderReleased,
      data: { status: 'released', number_label: 'WO-00001', product_name: 'Bicycle', quantity: '2.0000' },
    });
    const done = await call(t, 'POST', `${WO}/${id}/complete`, token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: operationsMessages.workOrderCompleted,
      data: { status: 'completed' },
    });
    expect(done.json().data.completed_at).not.toBeNull();
    expect([
      await stockOf(t, where, bike),
      await stockOf(t, where, frame),
      await stockOf(t, where, wheel),
      await stockOf(t, where, bell),
    ]).toEqual(['2.0000', '1.0000', '0.0000', '0.0000']);
    const moves = (await call(t, 'GET', '/api/stock-moves?limit=10', token)).json().data;
    expect(moves).toHaveLength(3);
    expect(moves.map((m: { kind: string; qty_delta: string }) => `${m.kind} ${m.qty_delta}`).sort()).toEqual([
      'production_in 2.0000',
      'production_out -2.0000',
      'production_out -4.0000',
    ]);
    expect(moves[0].reference).toMatchObject({ kind: 'work_order', id, line_id: null, label: 'WO-00001' });
    expect((await call(t, 'POST', `${WO}/${id}/cancel`, token)).statusCode).toBe(409);
  });

  it('refuses to complete when a component is short (409 naming it), changing nothing', async () => {
    const { token, where, bike, frame, wheel } = await bicycle();
    const id = await insertWorkOrder(t, where, bike, '3');
    await call(t, 'POST', `${WO}/${id}/release`, token);
    const refused = await call(t, 'POST', `${WO}/${id}/complete`, token);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error.message).toBe(operationsMessages.notEnoughStock('Wheel', '4', '6'));
    expect([
      await stockOf(t, where, bike),
      await stockOf(t, where, frame),
      await stockOf(t, where, wheel),
    ]).toEqual(['0.0000', '3.0000', '4.0000']);
    expect((await call(t, 'GET', `${WO}?status=released`, token)).json().data[0]).toMatchObject({
      id,
      status: 'released',
    });
    const cancelled = await call(t, 'POST', `${WO}/${id}/cancel`, token);
    expect(cancelled.json()).toMatchObject({
      message: operationsMessages.workOrderCancelled,
      data: { status: 'cancelled' },
    });
  });

  it('lists with search, filters, sorts and pages; exports; 404 for another tenant', async () => {
    const { token, where, bike, frame } = await bicycle();
    const a = await insertWorkOrder(t, where, bike, '1', {
      needDate: '2030-02-01',
      releaseDate: '2030-01-20',
    });
    const b = await insertWorkOrder(t, where, frame, '5', {
      needDate: '2030-01-15',
      releaseDate: '2030-01-10',
    });
    const c = await insertWorkOrder(t, where, bike, '2', {
      needDate: '2020-01-15',
      releaseDate: '2020-01-10',
    });
    const ids = async (query: string) => {
      const response = await call(t, 'GET', `${WO}${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((w: { id: string }) => w.id);
    };
    expect(await ids('')).toEqual([c, b, a]);
    expect(await ids('?sort=-number')).toEqual([c, b, a]);
    expect(await ids('?q=frame')).toEqual([b]);
    expect(await ids('?q=WO-00001')).toEqual([a]);
    expect(await ids(`?product_id=${bike}`)).toEqual([c, a]);
    expect(await ids('?due_after=2030-01-01&due_before=2030-01-31')).toEqual([b]);
    const page = (await call(t, 'GET', `${WO}?q=bicycle&limit=1`, token)).json();
    expect(page.meta).toEqual({ page: 1, limit: 1, total: 2 });
    expect(page.data[0]).toMatchObject({ id: c, late: true });
    expect((await call(t, 'GET', `${WO}?product_id=nope`, token)).statusCode).toBe(400);
    const csv = await call(t, 'GET', `${WO}/export?product_id=${frame}`, token);
    expect(csvBody(csv.body).split('\r\n')).toEqual([
      'Number,Product,Quantity,Unit,Need date,Release date,Status,Late,Notes',
      'WO-00002,Frame,5.0000,,2030-01-15,2030-01-10,planned,no,',
      '',
    ]);
    const stranger = await opsTenant(t);
    expect((await call(t, 'POST', `${WO}/${a}/release`, stranger.token)).statusCode).toBe(404);
    expect((await call(t, 'POST', `${WO}/${randomUUID()}/release`, token)).statusCode).toBe(404);
    expect((await call(t, 'GET', WO, stranger.token)).json().data).toEqual([]);
  });

  it('two completions at once: one completes, the other is 409', async () => {
    const { token, where, bike } = await bicycle();
    const id = await insertWorkOrder(t, where, bike, '1');
    await call(t, 'POST', `${WO}/${id}/release`, token);
    const answers = await Promise.all([1, 2].map(() => call(t, 'POST', `${WO}/${id}/complete`, token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t, where, bike)).toBe('1.0000');
  });
});
