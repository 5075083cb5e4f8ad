import type { MrpRun } from '@workhub/shared/schemas/operations-mrp';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { dayFromToday, type MrpWorld, mrpWorld } from './mrp-test-helpers.ts';
import { purchaseOrderLines, workOrders } from './orders.schema.ts';

const t = useTestApp();

const runMrp = async (world: MrpWorld): Promise<MrpRun> => {
  const response = await call(t, 'POST', '/api/mrp/runs', world.token, {});
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};

const unit = async (world: MrpWorld, name: string, whole: boolean): Promise<string> => {
  const response = await call(t, 'POST', '/api/uoms', world.token, { name, whole_units: whole });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
};

const quantitiesOf = async (world: MrpWorld) => {
  const { accountId, workspaceId } = world.where;
  const works = await t.db.db
    .select({ productId: workOrders.productId, quantity: workOrders.quantity })
    .from(workOrders)
    .where(and(eq(workOrders.accountId, accountId), eq(workOrders.workspaceId, workspaceId)))
    .orderBy(asc(workOrders.number));
  const lines = await t.db.db
    .select({ productId: purchaseOrderLines.productId, quantity: purchaseOrderLines.quantity })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.accountId, accountId), eq(purchaseOrderLines.workspaceId, workspaceId)));
  return { works, lines };
};

describe('MRP run and confirm: products counted in whole units', () => {
  it("rounds a whole-units product's proposal up and explodes the rounded quantity; confirm keeps it", async () => {
    const world = await mrpWorld(t);
    const pcs = await unit(world, 'pcs', true);
    const kg = await unit(world, 'kg', false);
    const bicycle = await world.product('Bicycle', { procurementType: 'make', leadTime: 2, uomId: pcs });
    const steel = await world.product('Steel', { leadTime: 3, uomId: kg });
    await world.line(bicycle, steel, '1.5');
    await world.customerOrder([{ product: bicycle, quantity: '2.5', due: dayFromToday(10) }]);

    const run = await runMrp(world);
    // 2.5 bicycles are made as 3, which need 4.5 kg of steel (not 3.75).
    expect(run.proposals.map((p) => [p.product_name, p.quantity])).toEqual([
      ['Bicycle', '3'],
      ['Steel', '4.5'],
    ]);
    const response = await call(t, 'POST', `/api/mrp/runs/${run.id}/confirm`, world.token, {
      proposal_ids: run.proposals.map((p) => p.id),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await quantitiesOf(world)).toEqual({
      works: [{ productId: bicycle, quantity: '3.0000' }],
      lines: [{ productId: steel, quantity: '4.5000' }],
    });
  });

  it('rounds up on confirm a proposal planned before its unit became whole', async () => {
    const world = await mrpWorld(t);
    const each = await unit(world, 'each', false);
    const bolt = await world.product('Bolt', { leadTime: 1, uomId: each });
    await world.customerOrder([{ product: bolt, quantity: '2.25', due: dayFromToday(5) }]);
    const run = await runMrp(world);
    expect(run.proposals.map((p) => p.quantity)).toEqual(['2.25']);

    const made = await call(t, 'PATCH', `/api/uoms/${each}`, world.token, {
      name: 'each',
      whole_units: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/mrp/runs/${run.id}/confirm`,
      headers: bearer(world.token),
      payload: { proposal_ids: run.proposals.map((p) => p.id) },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await quantitiesOf(world)).lines).toEqual([{ productId: bolt, quantity: '3.0000' }]);
  });
});
