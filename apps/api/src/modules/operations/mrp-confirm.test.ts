import type { MrpRun } from '@workhub/shared/schemas/operations-mrp';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { mrpProposals } from './mrp.schema.ts';
import { dayFromToday, type MrpWorld, mrpWorld } from './mrp-test-helpers.ts';
import { orderNumberSequences } from './operations.schema.ts';
import { purchaseOrderLines, purchaseOrders, workOrders } from './orders.schema.ts';

const t = useTestApp();

const runMrp = async (world: MrpWorld): Promise<MrpRun> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/mrp/runs',
    headers: bearer(world.token),
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};
const confirm = (token: string, runId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/mrp/runs/${runId}/confirm`, headers: bearer(token), payload });

/** A bicycle (2 wheels, 2 days), a wheel (20 spokes, 1 day), spokes bought in 3 days; 5 bicycles in 10 days. */
async function bicycleWorld(world: MrpWorld) {
  const bicycle = await world.product('Bicycle', { procurementType: 'make', leadTime: 2 });
  const wheel = await world.product('Wheel', { procurementType: 'make', leadTime: 1, productQty: '1' });
  const spoke = await world.product('Spoke', { leadTime: 3, productQty: '10', price: '0.5' });
  await world.line(bicycle, wheel, '2');
  await world.line(wheel, spoke, '20');
  await world.customerOrder([{ product: bicycle, quantity: '5', due: dayFromToday(10) }]);
  // 30 spokes already ordered (PO-00001), in 5 days.
  await world.purchaseOrder([{ product: spoke, quantity: '30', due: dayFromToday(5) }]);
  return { bicycle, wheel, spoke };
}

const workOrdersOf = (world: MrpWorld) =>
  t.db.db
    .select()
    .from(workOrders)
    .where(
      and(
        eq(workOrders.accountId, world.where.accountId),
        eq(workOrders.workspaceId, world.where.workspaceId),
      ),
    )
    .orderBy(asc(workOrders.number));

const draftPurchaseOrdersOf = (world: MrpWorld) =>
  t.db.db
    .select({ order: purchaseOrders, line: purchaseOrderLines })
    .from(purchaseOrders)
    .innerJoin(
      purchaseOrderLines,
      and(
        eq(purchaseOrderLines.accountId, purchaseOrders.accountId),
        eq(purchaseOrderLines.orderId, purchaseOrders.id),
      ),
    )
    .where(
      and(
        eq(purchaseOrders.accountId, world.where.accountId),
        eq(purchaseOrders.workspaceId, world.where.workspaceId),
        eq(purchaseOrders.status, 'draft'),
      ),
    )
    .orderBy(asc(purchaseOrders.number), asc(purchaseOrderLines.position));

describe('POST /api/mrp/runs/:id/confirm', () => {
  it('turns proposals into a draft purchase order and planned work orders; the next run proposes nothing more', async () => {
    const world = await mrpWorld(t);
    const { bicycle, wheel, spoke } = await bicycleWorld(world);
    const run = await runMrp(world);
    expect(run.proposals.map((p) => [p.product_name, p.quantity])).toEqual([
      ['Bicycle', '5'],
      ['Wheel', '9'],
      ['Spoke', '140'],
    ]);
    const ids = run.proposals.map((p) => p.id);
    // Duplicates are dropped.
    const response = await confirm(world.token, run.id, { proposal_ids: [...ids, ids[0]] });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Created 1 draft purchase order and 2 work orders');
    expect(body.data.purchase_orders).toEqual([
      { kind: 'purchase_order', id: expect.any(String), label: 'PO-00002' },
    ]);
    expect(body.data.work_orders.map((w: { label: string }) => w.label)).toEqual(['WO-00001', 'WO-00002']);

    const [po, ...morePos] = await draftPurchaseOrdersOf(world);
    expect(morePos).toEqual([]);
    expect(po?.order).toMatchObject({
      id: body.data.purchase_orders[0].id,
      number: 2,
      status: 'draft',
      supplierName: null,
      orderDate: dayFromToday(0),
      dueDate: dayFromToday(7),
    });
    expect(po?.line).toMatchObject({
      position: 1,
      productId: spoke,
      quantity: '140.0000',
      unitPrice: '0.5000',
      dueDate: dayFromToday(7),
      mrpProposalId: ids[2],
    });
    const wos = await workOrdersOf(world);
    expect(
      wos.map((w) => [
        w.number,
        w.productId,
        w.quantity,
        w.needDate,
        w.releaseDate,
        w.status,
        w.mrpRunId,
        w.mrpProposalId,
      ]),
    ).toEqual([
      [1, bicycle, '5.0000', dayFromToday(10), dayFromToday(8), 'planned', run.id, ids[0]],
      [2, wheel, '9.0000', dayFromToday(8), dayFromToday(7), 'planned', run.id, ids[1]],
    ]);

    // The run shows what each proposal became.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/mrp/runs/${run.id}`,
      headers: bearer(world.token),
    });
    expect(read.json().data.confirmed_count).toBe(3);
    expect(
      read.json().data.proposals.map((p: MrpRun['proposals'][number]) => [p.status, p.confirmed_ref?.label]),
    ).toEqual([
      ['confirmed', 'WO-00001'],
      ['confirmed', 'WO-00002'],
      ['confirmed', 'PO-00002'],
    ]);

    // The planned work orders and the draft order now cover the whole need.
    const next = await runMrp(world);
    expect(next.proposals).toEqual([]);
    expect(next.exceptions).toEqual([]);
  });

  it('rounds a quantity up to 4 decimals and groups purchases per product, one line per need date', async () => {
    const world = await mrpWorld(t);
    const kit = await world.product('Kit', { procurementType: 'make' });
    const bolt = await world.product('Bolt', { price: '2' });
    const nut = await world.product('Nut');
    await world.line(kit, bolt, '0.0003');
    await world.customerOrder([
      // 1.5 kits need 0.00045 bolts: more decimals than an order line holds.
      { product: kit, quantity: '1.5', due: dayFromToday(3) },
      { product: bolt, quantity: '2', due: dayFromToday(6) },
      { product: nut, quantity: '4', due: dayFromToday(4) },
    ]);
    const run = await runMrp(world);
    const purchases = run.proposals.filter((p) => p.kind === 'purchase');
    expect(purchases.map((p) => [p.product_name, p.quantity, p.need_date]).sort()).toEqual([
      ['Bolt', '0.00045', dayFromToday(3)],
      ['Bolt', '2', dayFromToday(6)],
      ['Nut', '4', dayFromToday(4)],
    ]);
    const response = await confirm(world.token, run.id, { proposal_ids: purchases.map((p) => p.id) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Created 2 draft purchase orders and 0 work orders');
    expect(response.json().data.purchase_orders.map((p: { label: string }) => p.label)).toEqual([
      'PO-00001',
      'PO-00002',
    ]);
    const rows = await draftPurchaseOrdersOf(world);
    const bolts = rows.filter(({ line }) => line.productId === bolt);
    expect(
      bolts.map(({ order, line }) => [
        order.dueDate,
        line.position,
        line.quantity,
        line.unitPrice,
        line.dueDate,
      ]),
    ).toEqual([
      [dayFromToday(3), 1, '0.0005', '2.0000', dayFromToday(3)],
      [dayFromToday(3), 2, '2.0000', '2.0000', dayFromToday(6)],
    ]);
    expect(new Set(bolts.map(({ order }) => order.id)).size).toBe(1);
    const nuts = rows.filter(({ line }) => line.productId === nut);
    expect(nuts.map(({ order, line }) => [order.dueDate, line.quantity, line.unitPrice])).toEqual([
      [dayFromToday(4), '4.0000', '1.0000'],
    ]);
  });

  it('flags a proposal larger than an order holds and refuses to confirm it (400 naming it), never a 500', async () => {
    const world = await mrpWorld(t);
    const bicycle = await world.product('Bicycle', { procurementType: 'make' });
    const wheel = await world.product('Wheel', { procurementType: 'make' });
    const spoke = await world.product('Spoke');
    await world.line(bicycle, wheel, '2');
    await world.line(wheel, spoke, '36');
    await world.customerOrder([{ product: bicycle, quantity: '9999999999.9999', due: dayFromToday(10) }]);
    const run = await runMrp(world);
    expect(run.proposals.map((p) => [p.product_name, p.quantity, p.too_large])).toEqual([
      ['Bicycle', '9999999999.9999', false],
      ['Wheel', '19999999999.9998', true],
      ['Spoke', '719999999999.9928', true],
    ]);
    const flagged = run.exceptions.filter((e) => e.kind === 'quantity_too_large');
    expect(flagged.map((e) => [e.product_name, e.proposal_id])).toEqual([
      ['Wheel', run.proposals[1]?.id],
      ['Spoke', run.proposals[2]?.id],
    ]);
    // The proposal's quantity is written the way the limit is: in groups of three.
    expect(flagged[1]?.message).toBe(
      'The proposal for Spoke (719,999,999,999.9928) is more than an order can hold (9,999,999,999.9999): it cannot be confirmed. Check the demand and the BOM quantities.',
    );
    // Read back, the proposals say it too.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/mrp/runs/${run.id}/proposals`,
      headers: bearer(world.token),
    });
    expect(page.json().data.map((p: { too_large: boolean }) => p.too_large)).toEqual([false, true, true]);

    const spokeOnly = await confirm(world.token, run.id, { proposal_ids: [run.proposals[2]?.id] });
    expect(spokeOnly.statusCode, spokeOnly.body).toBe(400);
    expect(spokeOnly.json().error.message).toBe(
      'The proposal for Spoke asks for more than an order can hold (9,999,999,999.9999): it cannot be confirmed.',
    );
    expect(spokeOnly.json().error.fields.proposal_ids).toBe(spokeOnly.json().error.message);
    // Nothing is created, and the proposal that fits can still be confirmed.
    expect(await draftPurchaseOrdersOf(world)).toEqual([]);
    const all = await confirm(world.token, run.id, { proposal_ids: run.proposals.map((p) => p.id) });
    expect(all.statusCode, all.body).toBe(400);
    expect(all.json().error.message).toContain('Wheel');
    const bicycleOnly = await confirm(world.token, run.id, { proposal_ids: [run.proposals[0]?.id] });
    expect(bicycleOnly.statusCode, bicycleOnly.body).toBe(201);
    expect((await workOrdersOf(world)).map((w) => w.quantity)).toEqual(['9999999999.9999']);
  });

  it('confirms a proposal once: of two simultaneous confirms one succeeds, the other is 409 and creates nothing', async () => {
    const world = await mrpWorld(t);
    await bicycleWorld(world);
    const run = await runMrp(world);
    const ids = run.proposals.map((p) => p.id);
    const answers = await Promise.all([
      confirm(world.token, run.id, { proposal_ids: ids }),
      confirm(world.token, run.id, { proposal_ids: [ids[1]] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().error.message).toBe('One of these proposals is already confirmed.');
    expect(await workOrdersOf(world)).toHaveLength(answers[0]?.statusCode === 201 ? 2 : 1);

    // Whichever won, the wheel's proposal is confirmed now.
    const again = await confirm(world.token, run.id, { proposal_ids: [ids[1]] });
    expect(again.statusCode).toBe(409);
    // Numbers stay gapless: nothing refused took one.
    const sequences = await t.db.db
      .select({ sequence: orderNumberSequences.sequence, last: orderNumberSequences.lastValue })
      .from(orderNumberSequences)
      .where(
        and(
          eq(orderNumberSequences.accountId, world.where.accountId),
          eq(orderNumberSequences.workspaceId, world.where.workspaceId),
        ),
      );
    const wos = await workOrdersOf(world);
    expect(sequences.find((s) => s.sequence === 'work_order')?.last).toBe(wos.length);
  });

  it('refuses proposals of another run (400), runs of another tenant (404) and a run a newer one replaced (409)', async () => {
    const world = await mrpWorld(t);
    await bicycleWorld(world);
    const older = await runMrp(world);
    const newer = await runMrp(world);
    const stale = await confirm(world.token, older.id, { proposal_ids: [older.proposals[0]?.id] });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.message).toBe(
      'A newer MRP run has replaced this one: confirm the proposals of the latest run.',
    );
    const mixed = await confirm(world.token, newer.id, {
      proposal_ids: [newer.proposals[0]?.id, older.proposals[1]?.id],
    });
    expect(mixed.statusCode, mixed.body).toBe(400);
    expect(mixed.json().error.fields).toEqual({
      proposal_ids: 'One of these proposals is not a proposal of this run.',
    });
    const unknown = await confirm(world.token, newer.id, { proposal_ids: [crypto.randomUUID()] });
    expect(unknown.statusCode).toBe(400);

    const other = await mrpWorld(t);
    const foreign = await confirm(other.token, newer.id, { proposal_ids: [newer.proposals[0]?.id] });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.body).not.toContain(world.where.workspaceId);
    const missing = await confirm(world.token, crypto.randomUUID(), {
      proposal_ids: [newer.proposals[0]?.id],
    });
    expect(missing.statusCode).toBe(404);
    const { total } = await t.db.db
      .select({ id: mrpProposals.id })
      .from(mrpProposals)
      .where(and(eq(mrpProposals.accountId, world.where.accountId), eq(mrpProposals.status, 'confirmed')))
      .then((rows) => ({ total: rows.length }));
    expect(total).toBe(0);
  });

  it('answers 400 for a body without proposals, too many or not uuids', async () => {
    const world = await mrpWorld(t);
    const run = await runMrp(world);
    const cases: [object, string][] = [
      [{}, 'Choose at least one proposal'],
      [{ proposal_ids: [] }, 'Choose at least one proposal'],
      [
        { proposal_ids: Array.from({ length: 2001 }, () => crypto.randomUUID()) },
        'Confirm at most 2,000 proposals at a time',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await confirm(world.token, run.id, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields.proposal_ids).toBe(message);
    }
    expect((await confirm(world.token, run.id, { proposal_ids: ['12'] })).statusCode).toBe(400);
    expect((await confirm(world.token, '12', { proposal_ids: [crypto.randomUUID()] })).statusCode).toBe(400);
  });
});
