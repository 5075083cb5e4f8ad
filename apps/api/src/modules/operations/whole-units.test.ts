import { operationsMessages } from '@workhub/shared/operations-messages';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
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

const t = useTestApp();

const PO = '/api/purchase-orders' as const;
const SO = '/api/customer-orders' as const;

/** A tenant with a bicycle counted in pcs (whole units) and steel in kg. */
async function wholeUnitsTenant() {
  const tenant = await opsTenant(t);
  const unit = async (name: string, whole: boolean) => {
    const response = await call(t, 'POST', '/api/uoms', tenant.token, { name, whole_units: whole });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const pcs = await unit('pcs', true);
  const kg = await unit('kg', false);
  const bicycle = await insertProduct(t, tenant.where, {
    productName: 'Bicycle',
    uomId: pcs,
    productQty: '2.5',
  });
  const steel = await insertProduct(t, tenant.where, { productName: 'Steel', uomId: kg });
  return { ...tenant, pcs, kg, bicycle, steel };
}

const wholeOnly = operationsMessages.wholeUnitsOnly('Bicycle', 'pcs');

describe('quantities of a product counted in whole units', () => {
  it.each([
    { path: PO, body: purchaseBody },
    { path: SO, body: customerBody },
  ])('$path refuses a fractional line quantity on create and edit (400 per line)', async ({ path, body }) => {
    const { token, bicycle, steel } = await wholeUnitsTenant();
    const refused = await call(
      t,
      'POST',
      path,
      token,
      body(t, [
        { product_id: steel, quantity: '1.5' },
        { product_id: bicycle, quantity: '2.5' },
        { product_id: bicycle, quantity: '2.000' },
      ]),
    );
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error.fields).toEqual({ 'lines.1.quantity': wholeOnly });

    const order = await createOrder(
      t,
      token,
      path,
      body(t, [
        { product_id: steel, quantity: '1.5' },
        { product_id: bicycle, quantity: '3' },
      ]),
    );
    const edited = await call(
      t,
      'PATCH',
      `${path}/${order.id}`,
      token,
      body(t, [{ product_id: bicycle, quantity: 0.5 }]),
    );
    expect(edited.statusCode).toBe(400);
    expect(errorOf(edited).error.fields).toEqual({ 'lines.0.quantity': wholeOnly });
    const whole = await call(
      t,
      'PATCH',
      `${path}/${order.id}`,
      token,
      body(t, [{ product_id: bicycle, quantity: 4 }]),
    );
    expect(whole.statusCode, whole.body).toBe(200);
  });

  it.each([
    { path: PO, body: purchaseBody, step: 'receive' },
    { path: SO, body: customerBody, step: 'ship' },
  ])('$path/:id/$step refuses a fractional quantity named for a line', async ({ path, body, step }) => {
    const { token, bicycle } = await wholeUnitsTenant();
    const order = await createOrder(t, token, path, body(t, [{ product_id: bicycle, quantity: '2' }]));
    expect((await stepOrder(t, token, path, order.id, 'confirm')).statusCode).toBe(200);
    const lineId = order.lines[0]?.id;
    const refused = await stepOrder(t, token, path, order.id, step, {
      lines: [{ line_id: lineId, quantity: '0.5' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error.fields).toEqual({ 'lines.0.quantity': wholeOnly });
    const taken = await stepOrder(t, token, path, order.id, step, {
      lines: [{ line_id: lineId, quantity: '1' }],
    });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('refuses a fractional stock count, takes a whole one; a fractional unit takes any', async () => {
    const { token, where, bicycle, steel } = await wholeUnitsTenant();
    const refused = await call(t, 'POST', '/api/stock-adjustments', token, {
      product_id: bicycle,
      quantity: '3.5',
      reason: 'Count',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error.fields).toEqual({ quantity: wholeOnly });
    // The fractional figure from before the unit was whole is left as it was.
    expect(await stockOf(t, where, bicycle)).toBe('2.5000');

    for (const [product, quantity] of [
      [bicycle, '3'],
      [steel, '0.75'],
    ] as const) {
      const counted = await call(t, 'POST', '/api/stock-adjustments', token, {
        product_id: product,
        quantity,
        reason: 'Count',
      });
      expect(counted.statusCode, counted.body).toBe(201);
    }
    expect(await stockOf(t, where, bicycle)).toBe('3.0000');
  });

  it('refuses a fractional opening stock of a new product in a whole unit, and takes a whole one', async () => {
    const { token, pcs, kg } = await wholeUnitsTenant();
    const refused = await call(t, 'POST', '/api/products', token, {
      product_name: 'Tricycle',
      price: '100',
      uom_id: pcs,
      product_qty: '1.5',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error.fields).toEqual({
      product_qty: operationsMessages.wholeUnitsOnly('Tricycle', 'pcs'),
    });
    for (const [name, uom_id, product_qty] of [
      ['Tricycle', pcs, '2'],
      ['Copper', kg, '1.5'],
    ] as const) {
      const created = await call(t, 'POST', '/api/products', token, {
        product_name: name,
        price: '1',
        uom_id,
        product_qty,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('applies to new entries once a unit is made whole, and stops once it is made fractional again', async () => {
    const { token, kg, steel } = await wholeUnitsTenant();
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: steel, quantity: '1.5' }]));
    await call(t, 'PATCH', `/api/uoms/${kg}`, token, { name: 'kg', whole_units: true });
    const refused = await call(
      t,
      'PATCH',
      `${PO}/${order.id}`,
      token,
      purchaseBody(t, [{ product_id: steel, quantity: '1.5' }]),
    );
    expect(errorOf(refused).error.fields).toEqual({
      'lines.0.quantity': operationsMessages.wholeUnitsOnly('Steel', 'kg'),
    });
    await call(t, 'PATCH', `/api/uoms/${kg}`, token, { name: 'kg', whole_units: false });
    const taken = await call(
      t,
      'PATCH',
      `${PO}/${order.id}`,
      token,
      purchaseBody(t, [{ product_id: steel, quantity: '1.5' }]),
    );
    expect(taken.statusCode, taken.body).toBe(200);
  });
});
