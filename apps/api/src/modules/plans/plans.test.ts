import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../db/schema/plans.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

const plans = (query = '') => t.app.inject({ method: 'GET', url: `/api/plans${query}` });

describe('GET /api/plans', () => {
  it('lists the active plans, the free trial first as plan 1, prices as numbers', async () => {
    const response = await plans();
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ page: 1, limit: 14 });
    expect(meta.total).toBeGreaterThanOrEqual(3);
    expect(data[0]).toMatchObject({ subscription_id: 1, price: 0, month: 1, status: 'active' });
    expect(data.filter((p: { price: number }) => p.price > 0).length).toBeGreaterThanOrEqual(2);
    for (const plan of data) {
      expect(plan.status).toBe('active');
      expect(typeof plan.price).toBe('number');
      expect(plan.description.length).toBeGreaterThanOrEqual(10);
    }
  });

  it('leaves inactive plans out', async () => {
    const [hidden] = await t.db.db
      .insert(subscriptionPlans)
      .values({
        title: 'Hidden',
        subscription: 'per month',
        price: '1.50',
        description: 'Not for sale any more.',
        buttonText: 'No',
        buttonVariant: 'outline',
        month: 1,
        status: 'inactive',
      })
      .returning();
    const ids = (await plans('?limit=100'))
      .json()
      .data.map((p: { subscription_id: number }) => p.subscription_id);
    expect(hidden).toBeDefined();
    expect(ids).not.toContain(hidden?.subscriptionId);
    await t.db.db
      .delete(subscriptionPlans)
      .where(eq(subscriptionPlans.subscriptionId, hidden?.subscriptionId ?? 0));
  });

  it('pages', async () => {
    const response = await plans('?page=2&limit=1');
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ page: 2, limit: 1 });
    expect(data).toHaveLength(1);
    expect(data[0].subscription_id).not.toBe(1);
  });

  it.each([
    ['?page=0', 'page'],
    ['?limit=101', 'limit'],
    ['?limit=abc', 'limit'],
    ['?page=1.5', 'page'],
  ])('answers 400 for %s', async (query, field) => {
    const response = await plans(query);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toHaveProperty(field);
  });
});
