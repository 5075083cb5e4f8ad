import type { OperationsDashboard } from '@workhub/shared/schemas/operations-mrp';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { dayFromToday, mrpWorld } from './mrp-test-helpers.ts';

const t = useTestApp();

const dashboard = async (token: string, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/operations/dashboard${query}`,
    headers: bearer(token),
  });
  return response;
};

/** Monday (UTC) of the week `weeksAgo` weeks before this one. */
function monday(weeksAgo: number): string {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const thisMonday = today - ((now.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(thisMonday - weeksAgo * 7 * 86_400_000).toISOString().slice(0, 10);
}

describe('GET /api/operations/dashboard', () => {
  it('is all zeros in a new workspace, every week and status there', async () => {
    const world = await mrpWorld(t);
    const response = await dashboard(world.token);
    expect(response.statusCode, response.body).toBe(200);
    const data: OperationsDashboard = response.json().data;
    expect(data.sales_value_per_week).toHaveLength(12);
    expect(data.sales_value_per_week[0]).toEqual({ week: monday(11), value: '0.0000' });
    expect(data.sales_value_per_week[11]).toEqual({ week: monday(0), value: '0.0000' });
    expect(data.orders_per_week.every((w) => w.count === 0)).toBe(true);
    expect(data).toMatchObject({
      stock_value: '0.0000',
      below_safety_stock: 0,
      orders_by_status: {
        purchase: { draft: 0, confirmed: 0, received: 0, closed: 0, cancelled: 0 },
        customer: { draft: 0, confirmed: 0, shipped: 0, closed: 0, cancelled: 0 },
      },
      late_orders: { purchase: 0, customer: 0, work: 0 },
    });
  });

  it('computes each figure from the records (hand-computed)', async () => {
    const world = await mrpWorld(t);
    // Stock: 10 × 2.5 + 3 × 4 = 37 (the inactive product's 100 × 1 is not counted); B is below safety.
    const a = await world.product('A', { productQty: '10', price: '2.5' });
    const b = await world.product('B', { productQty: '3', price: '4', safetyStock: '5' });
    await world.product('C', { productQty: '100', price: '1', safetyStock: '500', status: 'inactive' });
    await world.product('D', { productQty: '5', price: '0', safetyStock: '5' });

    const today = dayFromToday(0);
    // This week: 2 × 10 + 1 × 5.5 = 25.5 (confirmed) and 1 × 4 (shipped): 29.5 in 2 orders.
    await world.customerOrder(
      [
        { product: a, quantity: '2', price: '10', due: dayFromToday(20) },
        { product: b, quantity: '1', price: '5.5', due: dayFromToday(20) },
      ],
      { orderDate: today },
    );
    await world.customerOrder([{ product: a, quantity: '1', price: '4', due: dayFromToday(2) }], {
      orderDate: today,
      status: 'shipped',
    });
    // Not counted in sales: a draft and a cancelled order this week.
    await world.customerOrder([{ product: a, quantity: '9', price: '9', due: dayFromToday(2) }], {
      orderDate: today,
      status: 'draft',
    });
    await world.customerOrder([{ product: a, quantity: '9', price: '9', due: dayFromToday(2) }], {
      orderDate: today,
      status: 'cancelled',
    });
    // A week ago: 3 × 1.25 = 3.75, confirmed and due yesterday: late.
    await world.customerOrder([{ product: b, quantity: '3', price: '1.25', due: dayFromToday(-1) }], {
      orderDate: dayFromToday(-7),
    });
    // 12 weeks ago: before the 12 weeks shown (but still late and confirmed).
    await world.customerOrder([{ product: b, quantity: '1', price: '100', due: dayFromToday(-80) }], {
      orderDate: dayFromToday(-84),
    });

    // Purchase orders: confirmed and due yesterday (late), a draft due yesterday (not late), received.
    await world.purchaseOrder([{ product: a, quantity: '1', due: dayFromToday(-1) }]);
    await world.purchaseOrder([{ product: a, quantity: '1', due: dayFromToday(-1) }], { status: 'draft' });
    await world.purchaseOrder([{ product: a, quantity: '1', due: dayFromToday(-1), done: '1' }], {
      status: 'received',
    });
    // Work orders: planned and released needed before today are late; completed and future are not.
    await world.workOrder(a, '1', dayFromToday(-1));
    await world.workOrder(a, '1', dayFromToday(-3), { status: 'released' });
    await world.workOrder(a, '1', dayFromToday(-3), { status: 'completed' });
    await world.workOrder(a, '1', dayFromToday(0));

    const response = await dashboard(world.token, '?weeks=2');
    expect(response.statusCode, response.body).toBe(200);
    const data: OperationsDashboard = response.json().data;
    expect(data.sales_value_per_week).toEqual([
      { week: monday(1), value: '3.7500' },
      { week: monday(0), value: '29.5000' },
    ]);
    expect(data.orders_per_week).toEqual([
      { week: monday(1), count: 1 },
      { week: monday(0), count: 2 },
    ]);
    expect(data.stock_value).toBe('37.0000');
    // B (3 < 5); D has exactly its safety stock; C is inactive.
    expect(data.below_safety_stock).toBe(1);
    expect(data.orders_by_status).toEqual({
      purchase: { draft: 1, confirmed: 1, received: 1, closed: 0, cancelled: 0 },
      customer: { draft: 1, confirmed: 3, shipped: 1, closed: 0, cancelled: 1 },
    });
    expect(data.late_orders).toEqual({ purchase: 1, customer: 2, work: 2 });

    // Another workspace sees none of it.
    const other = await mrpWorld(t);
    const theirs: OperationsDashboard = (await dashboard(other.token)).json().data;
    expect(theirs.stock_value).toBe('0.0000');
    expect(theirs.late_orders).toEqual({ purchase: 0, customer: 0, work: 0 });
  });

  it('answers 400 for weeks out of range, 404 outside the module’s templates', async () => {
    const world = await mrpWorld(t);
    for (const query of ['?weeks=0', '?weeks=53', '?weeks=x']) {
      expect((await dashboard(world.token, query)).statusCode, query).toBe(400);
    }
    const elsewhere = await newTenant(t, 'ticketing');
    expect((await dashboard(elsewhere.owner.token)).statusCode).toBe(404);
  });
});
