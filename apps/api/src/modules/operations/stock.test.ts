import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { products } from './operations.schema.ts';
import { insertBomLine, insertProduct, insertWorkOrder, opsTenant, stockOf } from './orders-test-helpers.ts';

const t = useTestApp();

describe('POST /api/stock-adjustments', () => {
  it('sets the counted figure and records the difference (twice the same count changes nothing)', async () => {
    const { token, where, wheel, holder } = await opsTenant(t);
    const counted = await call(t, 'POST', '/api/stock-adjustments', token, {
      product_id: wheel,
      quantity: '3.5',
      reason: 'Cycle count',
    });
    expect(counted.statusCode, counted.body).toBe(201);
    expect(counted.json()).toMatchObject({
      message: operationsMessages.stockAdjusted,
      data: {
        product_id: wheel,
        kind: 'adjustment',
        qty_delta: '-1.5000',
        on_hand_after: '3.5000',
        reference: null,
        reason: 'Cycle count',
        created_by: holder.session.user.user_id,
        created_by_name: 'Ada Lovelace',
      },
    });
    const again = await call(t, 'POST', '/api/stock-adjustments', token, {
      product_id: wheel,
      quantity: 3.5,
      reason: 'Recount',
    });
    expect(again.json().data).toMatchObject({ qty_delta: '0.0000', on_hand_after: '3.5000' });
    expect(await stockOf(t, where, wheel)).toBe('3.5000');
  });

  it('answers 400 per field: reason required, no negative count, a product of this workspace', async () => {
    const { token } = await opsTenant(t);
    const stranger = await opsTenant(t);
    const empty = await call(t, 'POST', '/api/stock-adjustments', token, {});
    expect(errorOf(empty).error.fields).toEqual({
      product_id: operationsMessages.productUnknown,
      quantity: operationsMessages.quantityRequired,
      reason: operationsMessages.adjustmentReasonRequired,
    });
    const bad = await call(t, 'POST', '/api/stock-adjustments', token, {
      product_id: stranger.wheel,
      quantity: -1,
      reason: 'x\u0000',
    });
    expect(errorOf(bad).error.fields).toEqual({
      quantity: messages.decimalNegative,
      reason: messages.textControlCharacters,
    });
    for (const product of [stranger.wheel, randomUUID()]) {
      const foreign = await call(t, 'POST', '/api/stock-adjustments', token, {
        product_id: product,
        quantity: 1,
        reason: 'Count',
      });
      expect(foreign.statusCode).toBe(400);
      expect(errorOf(foreign).error.fields).toEqual({ product_id: operationsMessages.productUnknown });
    }
    expect(await stockOf(t, stranger.where, stranger.wheel)).toBe('5.0000');
    const huge = await call(t, 'POST', '/api/stock-adjustments', token, {
      product_id: stranger.wheel,
      quantity: '99999999999',
      reason: 'Count',
    });
    expect(errorOf(huge).error.fields).toMatchObject({ quantity: messages.decimalTooLarge });
  });
});

describe('POST /api/stock-adjustments made against the figure counted (expected_on_hand)', () => {
  const adjust = (token: string, body: object) => call(t, 'POST', '/api/stock-adjustments', token, body);

  it('refuses (409, naming the figure now) a count of stock that moved since, writing nothing', async () => {
    const { token, where, wheel } = await opsTenant(t);
    const [name] = await t.db.db
      .select({ name: products.productName })
      .from(products)
      .where(eq(products.id, wheel));
    const stale = await adjust(token, {
      product_id: wheel,
      quantity: '3',
      expected_on_hand: '8',
      reason: 'Count',
    });
    expect(stale.statusCode).toBe(409);
    const message = operationsMessages.stockChangedSinceCount(name?.name ?? '', '5');
    expect(errorOf(stale).error).toMatchObject({ code: 'CONFLICT', message, fields: { quantity: message } });
    expect(await stockOf(t, where, wheel)).toBe('5.0000');
    expect((await call(t, 'GET', `/api/stock-moves?product_id=${wheel}`, token)).json().data).toEqual([]);
    const current = await adjust(token, {
      product_id: wheel,
      quantity: '3',
      expected_on_hand: '5.0000',
      reason: 'Count',
    });
    expect(current.statusCode, current.body).toBe(201);
    expect(current.json().data).toMatchObject({ qty_delta: '-2.0000', on_hand_after: '3.0000' });
    const negative = await adjust(token, {
      product_id: wheel,
      quantity: '3',
      expected_on_hand: '-1',
      reason: 'Count',
    });
    expect(errorOf(negative).error.fields).toEqual({ expected_on_hand: messages.decimalNegative });
  });

  it('a count and a work order consuming the same stock at once: never both, no move undone', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { token, where } = await opsTenant(t);
      const lamp = await insertProduct(t, where, { productName: `Lamp ${round}`, procurementType: 'make' });
      const bolt = await insertProduct(t, where, { productName: `Bolt ${round}`, productQty: '180' });
      await insertBomLine(t, where, lamp, bolt, '1');
      const order = await insertWorkOrder(t, where, lamp, '180');
      expect((await call(t, 'POST', `/api/work-orders/${order}/release`, token)).statusCode).toBe(200);
      const [completed, counted] = await Promise.all([
        call(t, 'POST', `/api/work-orders/${order}/complete`, token),
        adjust(token, { product_id: bolt, quantity: '100', expected_on_hand: '180', reason: 'damaged' }),
      ]);
      const moves = (await call(t, 'GET', `/api/stock-moves?product_id=${bolt}`, token)).json().data;
      if (completed.statusCode === 200) {
        // The consumption came first: the count of 180 no longer describes the shelf.
        expect(counted.statusCode, counted.body).toBe(409);
        expect(errorOf(counted).error.message).toBe(
          operationsMessages.stockChangedSinceCount(`Bolt ${round}`, '0'),
        );
        expect(await stockOf(t, where, bolt)).toBe('0.0000');
        expect(moves.map((m: { kind: string }) => m.kind)).toEqual(['production_out']);
      } else {
        // The count came first: 80 written off, and 100 are too few for the work order.
        expect(completed.statusCode, completed.body).toBe(409);
        expect(counted.statusCode, counted.body).toBe(201);
        expect(await stockOf(t, where, bolt)).toBe('100.0000');
        expect(moves.map((m: { qty_delta: string }) => m.qty_delta)).toEqual(['-80.0000']);
      }
    }
  });
});

describe('GET /api/stock-moves (+ export)', () => {
  it("filters by product, kind and search, newest first, paged; another tenant's moves never show", async () => {
    const { token, where, wheel, spoke } = await opsTenant(t);
    const nut = await insertProduct(t, where, { productName: 'Nut M5' });
    for (const [product, quantity, reason] of [
      [wheel, 1, 'Shelf A'],
      [spoke, 7, 'Shelf B'],
      [nut, 100, 'Delivery found'],
    ] as const) {
      t.clock.advance(1);
      await call(t, 'POST', '/api/stock-adjustments', token, { product_id: product, quantity, reason });
    }
    const list = async (query: string) => {
      const response = await call(t, 'GET', `/api/stock-moves${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect((await list('')).data.map((m: { reason: string }) => m.reason)).toEqual([
      'Delivery found',
      'Shelf B',
      'Shelf A',
    ]);
    expect((await list('?sort=created_at&limit=1&page=2')).data[0].reason).toBe('Shelf B');
    expect((await list(`?product_id=${spoke}`)).data).toMatchObject([
      { product_id: spoke, on_hand_after: '7.0000' },
    ]);
    expect((await list('?q=nut')).meta.total).toBe(1);
    expect((await list('?q=shelf')).meta.total).toBe(2);
    expect((await list('?kind=receipt')).meta.total).toBe(0);
    expect((await call(t, 'GET', '/api/stock-moves?kind=theft', token)).statusCode).toBe(400);
    const stranger = await opsTenant(t);
    expect(
      (await call(t, 'GET', `/api/stock-moves?product_id=${wheel}`, stranger.token)).json().data,
    ).toEqual([]);
    const csv = await call(t, 'GET', `/api/stock-moves/export?product_id=${nut}`, token);
    const [header, row] = csvBody(csv.body).split('\r\n');
    expect(header).toBe('When (UTC),Product,Kind,Change,On hand after,Reference,Reason,By');
    expect(row).toContain(',Nut M5,adjustment,100.0000,100.0000,,Delivery found,Ada Lovelace');
  });
});
