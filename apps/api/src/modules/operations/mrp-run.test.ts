import {
  MRP_SERIOUS_EXCEPTIONS,
  type MrpProposal,
  type MrpRun,
} from '@workhub/shared/schemas/operations-mrp';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';
import { mrpProposals } from './mrp.schema.ts';
import { dayFromToday, type MrpWorld, mrpWorld } from './mrp-test-helpers.ts';

const t = useTestApp();

const runMrp = (token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/mrp/runs', headers: bearer(token), payload });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/**
 * A bicycle needs 2 wheels (made, 1 day), a wheel 20 spokes (bought, 3 days); a bicycle takes 2 days.
 * On hand: 1 wheel, 10 spokes; 30 spokes on a confirmed purchase order due in 5 days; a customer
 * wants 5 bicycles in 10 days.
 */
async function bicycleWorld(world: MrpWorld) {
  const bicycle = await world.product('Bicycle', { procurementType: 'make', leadTime: 2, price: '300' });
  const wheel = await world.product('Wheel', { procurementType: 'make', leadTime: 1, productQty: '1' });
  const spoke = await world.product('Spoke', { leadTime: 3, productQty: '10', price: '0.5' });
  await world.line(bicycle, wheel, '2');
  await world.line(wheel, spoke, '20');
  const order = await world.customerOrder([{ product: bicycle, quantity: '5', due: dayFromToday(10) }]);
  const po = await world.purchaseOrder([{ product: spoke, quantity: '30', due: dayFromToday(5) }]);
  return { bicycle, wheel, spoke, order, po };
}

describe('POST /api/mrp/runs', () => {
  it("plans from the viewer's day (X-Local-Date within a day of UTC's), else from UTC's", async () => {
    const world = await mrpWorld(t);
    const ahead = await t.app.inject({
      method: 'POST',
      url: '/api/mrp/runs',
      headers: { ...bearer(world.token), 'x-local-date': dayFromToday(1) },
      payload: {},
    });
    expect(ahead.statusCode, ahead.body).toBe(201);
    expect(ahead.json().data.today).toBe(dayFromToday(1));
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/mrp/runs',
      headers: { ...bearer(world.token), 'x-local-date': dayFromToday(5) },
      payload: {},
    });
    expect(forged.json().data.today).toBe(dayFromToday(0));
  });

  it('plans a three-level product by hand-computed figures, with pegging by name', async () => {
    const world = await mrpWorld(t);
    const { bicycle, wheel, spoke, order } = await bicycleWorld(world);
    const response = await runMrp(world.token);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.message).toBe('MRP run done: 3 proposals');
    const run: MrpRun = body.data;
    expect(run.today).toBe(dayFromToday(0));
    expect(run.horizon_days).toBe(90);
    expect(run.horizon_end).toBe(dayFromToday(90));
    expect(run.summary).toMatchObject({
      products: 3,
      proposals: 3,
      past_due_proposals: 0,
      demands_planned: 1,
    });
    expect(run.exceptions).toEqual([]);
    const [bikes, wheels, spokes] = run.proposals;
    expect(
      run.proposals.map((p) => [p.seq, p.product_name, p.kind, p.quantity, p.need_date, p.release_date]),
    ).toEqual([
      [1, 'Bicycle', 'work', '5', dayFromToday(10), dayFromToday(8)],
      // 10 wheels on the bicycles' release day, 1 on hand.
      [2, 'Wheel', 'work', '9', dayFromToday(8), dayFromToday(7)],
      // 180 spokes on the wheels' release day: 10 on hand and 30 on order leave 140.
      [3, 'Spoke', 'purchase', '140', dayFromToday(7), dayFromToday(4)],
    ]);
    expect(bikes?.product_id).toBe(bicycle);
    expect(wheels?.product_id).toBe(wheel);
    expect(spokes?.product_id).toBe(spoke);
    expect(bikes?.pegging).toEqual([
      {
        kind: 'customer_order',
        order_id: order.id,
        line_id: order.lineIds[0],
        qty: '5',
        label: `CO-${String(order.number).padStart(5, '0')} line 1 (Acme)`,
      },
    ]);
    expect(wheels?.pegging).toEqual([
      { kind: 'proposal', proposal_id: bikes?.id, qty: '9', label: 'Work proposal 1: 5 Bicycle' },
    ]);
    expect(spokes?.pegging).toEqual([
      { kind: 'proposal', proposal_id: wheels?.id, qty: '140', label: 'Work proposal 2: 9 Wheel' },
    ]);
    for (const proposal of run.proposals) {
      expect(proposal).toMatchObject({ status: 'open', confirmed_ref: null, past_due: false });
    }

    // Saved as answered.
    const read = await get(world.token, `/api/mrp/runs/${run.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ ...run, duration_ms: read.json().data.duration_ms });
    expect(read.json().data.duration_ms).toBeGreaterThanOrEqual(0);
    // The run without its proposals and exceptions: what the run page reads first.
    const overview = await get(world.token, `/api/mrp/runs/${run.id}/overview`);
    expect(overview.statusCode, overview.body).toBe(200);
    const { proposals: _proposals, exceptions: _exceptions, ...head } = read.json().data as MrpRun;
    expect(overview.json()).toEqual({ data: head });
  });

  it('names products and orders in its exceptions, flags past-due proposals and leaves inactive products out', async () => {
    const world = await mrpWorld(t);
    const gear = await world.product('Gear', { leadTime: 5, safetyStock: '4', productQty: '1' });
    const old = await world.product('Old part', { status: 'inactive' });
    const order = await world.customerOrder([
      { product: gear, quantity: '2', due: dayFromToday(-3) },
      { product: old, quantity: '1', due: dayFromToday(3) },
    ]);
    const response = await runMrp(world.token, { horizon_days: 30 });
    expect(response.statusCode, response.body).toBe(201);
    const run: MrpRun = response.json().data;
    expect(run.summary.products).toBe(1);
    const co = `CO-${String(order.number).padStart(5, '0')}`;
    const byKind = Object.fromEntries(run.exceptions.map((e) => [e.kind, e]));
    expect(byKind.below_safety).toMatchObject({ product_id: gear, product_name: 'Gear' });
    expect(byKind.below_safety?.message).toBe(
      'Product Gear has 1 on hand, below its safety stock of 4: replenished today',
    );
    expect(byKind.demand_past_due?.message).toBe(
      `Order ${co} line 1 was due ${dayFromToday(-3)}: planned as needed today`,
    );
    expect(byKind.unknown_product).toMatchObject({ product_id: old, product_name: 'Old part' });
    expect(byKind.unknown_product?.message).toBe(
      `Order ${co} line 2 names product Old part, which is inactive: left out (activate the product or change the line)`,
    );
    // 2 due today (late) and 3 to restore safety stock, released 5 days ago.
    const [proposal] = run.proposals;
    expect(run.proposals).toHaveLength(1);
    expect(proposal).toMatchObject({
      quantity: '5',
      need_date: dayFromToday(0),
      release_date: dayFromToday(-5),
    });
    expect(proposal?.past_due).toBe(true);
    expect(byKind.past_due?.message).toBe(
      `Purchase proposal 1 for 5 of product Gear should have been released on ${dayFromToday(-5)} to be ready on ${dayFromToday(0)}`,
    );

    // Read back a page at a time: the serious ones (late, impossible) first, each group in run order.
    const exceptions = async (query: string) => {
      const answer = await get(world.token, `/api/mrp/runs/${run.id}/exceptions${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const serious = run.exceptions.filter((e) => MRP_SERIOUS_EXCEPTIONS.some((kind) => kind === e.kind));
    const others = run.exceptions.filter((e) => !serious.includes(e));
    expect(serious.length).toBeGreaterThanOrEqual(2);
    expect(others.length).toBeGreaterThanOrEqual(2);
    const all = await exceptions('');
    expect(all).toEqual({
      data: [...serious, ...others],
      meta: { page: 1, limit: 14, total: run.exceptions.length },
    });
    const second = await exceptions('?page=2&limit=2');
    expect(second.data).toEqual([...serious, ...others].slice(2, 4));
    expect(second.meta).toEqual({ page: 2, limit: 2, total: run.exceptions.length });
    expect((await exceptions('?kind=unknown_product')).data).toEqual([byKind.unknown_product]);
    expect(await exceptions('?kind=no_bom')).toEqual({ data: [], meta: { page: 1, limit: 14, total: 0 } });
  });

  it('counts only open demand and supply: shipped and received quantities, drafts and cancelled orders', async () => {
    const world = await mrpWorld(t);
    const bolt = await world.product('Bolt');
    await world.customerOrder([{ product: bolt, quantity: '10', due: dayFromToday(5), done: '4' }]);
    await world.customerOrder([{ product: bolt, quantity: '100', due: dayFromToday(5) }], {
      status: 'draft',
    });
    await world.customerOrder([{ product: bolt, quantity: '100', due: dayFromToday(5) }], {
      status: 'cancelled',
    });
    await world.purchaseOrder([{ product: bolt, quantity: '3', due: dayFromToday(2), done: '1' }]);
    await world.purchaseOrder([{ product: bolt, quantity: '1', due: dayFromToday(2) }], { status: 'draft' });
    await world.purchaseOrder([{ product: bolt, quantity: '50', due: dayFromToday(2) }], {
      status: 'cancelled',
    });
    const response = await runMrp(world.token);
    expect(response.statusCode, response.body).toBe(201);
    // 6 to ship, 2 + 1 still to come.
    expect(response.json().data.proposals.map((p: MrpProposal) => p.quantity)).toEqual(['3']);
  });

  it('refuses a BOM cycle, naming its products', async () => {
    const world = await mrpWorld(t);
    const a = await world.product('Frame', { procurementType: 'make' });
    const b = await world.product('Fork', { procurementType: 'make' });
    await world.line(a, b, '1');
    await world.line(b, a, '1');
    const response = await runMrp(world.token);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toMatch(
      /^This line would make a cycle: (Frame → Fork → Frame|Fork → Frame → Fork)$/,
    );
    const list = await get(world.token, '/api/mrp/runs');
    expect(list.json().meta.total).toBe(0);
  });

  it('answers the run without its proposals and exceptions to Prefer: return=minimal, and keeps them all', async () => {
    const world = await mrpWorld(t);
    await bicycleWorld(world);
    // Due after the 30 days planned: an exception, no proposal.
    const bell = await world.product('Bell');
    await world.customerOrder([{ product: bell, quantity: '1', due: dayFromToday(40) }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mrp/runs',
      headers: { ...bearer(world.token), prefer: 'respond-async, return=minimal' },
      payload: { horizon_days: 30 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['preference-applied']).toBe('return=minimal');
    const body = response.json();
    expect(body.message).toBe('MRP run done: 3 proposals');
    expect(body.data).not.toHaveProperty('proposals');
    expect(body.data).not.toHaveProperty('exceptions');
    expect(body.data).toMatchObject({ horizon_days: 30, exception_count: 1, summary: { proposals: 3 } });
    // What GET /overview answers for the same run, field for field.
    const overview = await get(world.token, `/api/mrp/runs/${body.data.id}/overview`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(body.data).toEqual(overview.json().data);
    // The run itself is whole: its proposals and exceptions are read as usual.
    const whole = await get(world.token, `/api/mrp/runs/${body.data.id}`);
    expect(whole.json().data.proposals.map((p: MrpProposal) => p.seq)).toEqual([1, 2, 3]);
    expect(whole.json().data.exceptions).toHaveLength(1);
    // Another preference, or none, is the whole run.
    for (const prefer of ['return=representation', 'minimal', 'x-return=minimal']) {
      const full = await t.app.inject({
        method: 'POST',
        url: '/api/mrp/runs',
        headers: { ...bearer(world.token), prefer },
        payload: { horizon_days: 30 },
      });
      expect(full.statusCode, full.body).toBe(201);
      expect(full.headers['preference-applied']).toBeUndefined();
      expect(full.json().data.proposals).toHaveLength(3);
    }
  });

  it('answers 400 for a horizon out of range', async () => {
    const world = await mrpWorld(t);
    for (const horizon_days of [0, 366, 1.5, 'soon']) {
      const response = await runMrp(world.token, { horizon_days });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields.horizon_days).toBe(
        'The horizon is a whole number of days from 1 to 365',
      );
    }
  });

  it('keeps every run; two at once in one workspace take turns and both are whole', async () => {
    const world = await mrpWorld(t);
    await bicycleWorld(world);
    const [first, second] = await Promise.all([runMrp(world.token), runMrp(world.token)]);
    expect(first?.statusCode, first?.body).toBe(201);
    expect(second?.statusCode, second?.body).toBe(201);
    const runs = [first?.json().data, second?.json().data] as MrpRun[];
    expect(runs[0]?.id).not.toBe(runs[1]?.id);
    // Nothing was confirmed between them: the same plan twice, comparable line by line.
    const plan = (run: MrpRun | undefined) => run?.proposals.map((p) => [p.seq, p.product_name, p.quantity]);
    expect(plan(runs[0])).toEqual(plan(runs[1]));
    for (const run of runs) {
      const saved = await t.db.db
        .select({ seq: mrpProposals.seq })
        .from(mrpProposals)
        .where(and(eq(mrpProposals.accountId, world.where.accountId), eq(mrpProposals.runId, run.id)))
        .orderBy(mrpProposals.seq);
      expect(saved.map((row) => row.seq)).toEqual([1, 2, 3]);
    }
    const list = await get(world.token, '/api/mrp/runs');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta).toEqual({ page: 1, limit: 14, total: 2 });
    const items = list.json().data;
    expect(items.map((item: MrpRun) => item.id).sort()).toEqual(runs.map((run) => run.id).sort());
    expect(items[0]).toMatchObject({ exception_count: 0, confirmed_count: 0, summary: { proposals: 3 } });
    expect(items[0]).not.toHaveProperty('proposals');
    expect(new Date(items[0].created_at).getTime()).toBeGreaterThanOrEqual(
      new Date(items[1].created_at).getTime(),
    );
  });
});

describe('GET /api/mrp/runs/:id/proposals', () => {
  it('pages and filters a run’s proposals in planning order', async () => {
    const world = await mrpWorld(t);
    const { wheel } = await bicycleWorld(world);
    const run: MrpRun = (await runMrp(world.token)).json().data;
    const page = async (query: string) => {
      const response = await get(world.token, `/api/mrp/runs/${run.id}/proposals${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const all = await page('');
    expect(all.data).toEqual(run.proposals);
    expect(all.meta).toEqual({ page: 1, limit: 14, total: 3 });
    const second = await page('?page=2&limit=2');
    expect(second.data.map((p: MrpProposal) => p.seq)).toEqual([3]);
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect((await page('?kind=work')).data.map((p: MrpProposal) => p.product_name)).toEqual([
      'Bicycle',
      'Wheel',
    ]);
    expect((await page(`?product_id=${wheel}`)).data.map((p: MrpProposal) => p.seq)).toEqual([2]);
    expect((await page('?past_due=true')).meta.total).toBe(0);
    expect((await page('?past_due=false&status=open&kind=purchase')).meta.total).toBe(1);
    expect((await page('?status=confirmed')).meta.total).toBe(0);
    // One proposal by its id (the pegging drawer follows a parent proposal so).
    const wheels = run.proposals[1];
    expect(await page(`?id=${wheels?.id}&limit=1`)).toEqual({
      data: [wheels],
      meta: { page: 1, limit: 1, total: 1 },
    });
    // A proposal of another run of the workspace is not this run's.
    const later: MrpRun = (await runMrp(world.token)).json().data;
    expect((await page(`?id=${later.proposals[0]?.id}`)).data).toEqual([]);
    expect((await page(`?id=${crypto.randomUUID()}&kind=work`)).meta.total).toBe(0);
  });

  it('answers 400 for bad filters and ids', async () => {
    const world = await mrpWorld(t);
    const run: MrpRun = (await runMrp(world.token)).json().data;
    for (const query of [
      '?kind=make',
      '?past_due=maybe',
      '?status=done',
      '?product_id=12',
      '?id=12',
      '?id=%00',
      '?limit=101',
    ]) {
      const response = await get(world.token, `/api/mrp/runs/${run.id}/proposals${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
    for (const query of ['?kind=late', '?kind=%00', '?page=0', '?limit=101', '?limit=1e3']) {
      const response = await get(world.token, `/api/mrp/runs/${run.id}/exceptions${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
    for (const url of [
      '/api/mrp/runs/12',
      '/api/mrp/runs/12/proposals',
      '/api/mrp/runs/12/overview',
      '/api/mrp/runs/12/exceptions',
      '/api/mrp/runs?page=0',
    ]) {
      expect((await get(world.token, url)).statusCode, url).toBe(400);
    }
  });
});

describe('runs of others', () => {
  it('are 404: another tenant’s run, a run that does not exist, and the module outside its templates', async () => {
    const world = await mrpWorld(t);
    const run: MrpRun = (await runMrp(world.token)).json().data;
    const other = await mrpWorld(t);
    for (const url of [
      `/api/mrp/runs/${run.id}`,
      `/api/mrp/runs/${run.id}/overview`,
      `/api/mrp/runs/${run.id}/exceptions`,
      `/api/mrp/runs/${run.id}/proposals`,
      `/api/mrp/runs/${run.id}/proposals?id=${crypto.randomUUID()}`,
    ]) {
      const response = await get(other.token, url);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain(world.where.workspaceId);
    }
    expect((await get(other.token, '/api/mrp/runs')).json().meta.total).toBe(0);
    expect((await get(world.token, `/api/mrp/runs/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(world.token, `/api/mrp/runs/${crypto.randomUUID()}/overview`)).statusCode).toBe(404);

    const crm = await newTenant(t, 'crm');
    expect((await get(crm.owner.token, '/api/mrp/runs')).statusCode).toBe(200);
    for (const template of ['workspace', 'barber'] as const) {
      const elsewhere = await newTenant(t, template);
      expect((await runMrp(elsewhere.owner.token)).statusCode).toBe(404);
      expect((await get(elsewhere.owner.token, `/api/mrp/runs/${run.id}`)).statusCode).toBe(404);
    }
  });
});
