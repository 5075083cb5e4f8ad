import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { Product } from '@workhub/shared/schemas/operations';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { useTestApp } from '../../test/helpers.ts';
import { addBomLine, createNamed, createProduct } from '../../test/master-data.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { BOM_DEPTH_MAX } from './mrp/cost.ts';
import { insertBomChain } from './orders-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  tenant = await newTenant(t, 'mrp');
  token = tenant.owner.token;
});

const named = (name: string, overrides: Parameters<typeof createProduct>[2] = {}) =>
  createProduct(t, token, { product_name: `${name} ${randomUUID().slice(0, 6)}`, ...overrides });

describe('BOM lines', () => {
  it('adds, lists, edits and removes lines with the names of both ends', async () => {
    const uom = await createNamed(t, token, 'uoms');
    const bike = await named('Bicycle', { procurement_type: 'make' });
    const wheel = await named('Wheel', { procurement_type: 'make', uom_id: uom.id });
    const bell = await named('Bell');
    const response = await call(t, 'POST', `/api/products/${bike.id}/bom`, token, {
      product_needed: wheel.id,
      bom_qty: 2,
      lead_time: 1,
      cost_per_unit: '',
      notes: 'Front and back',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(operationsMessages.bomLineCreated);
    const line = response.json().data;
    expect(line).toMatchObject({
      product_need: bike.id,
      product_need_name: bike.product_name,
      product_needed: wheel.id,
      product_needed_name: wheel.product_name,
      product_needed_type: 'make',
      product_needed_uom: uom.name,
      bom_qty: '2.0000',
      lead_time: 1,
      lead_time_unit: 'days',
      cost_per_unit: null,
      notes: 'Front and back',
      attachment: null,
      status: 'active',
    });
    t.clock.advance(1);
    const second = await addBomLine(t, token, bike.id, bell.id, { status: 'inactive' });

    const list = async (query = '') =>
      (await call(t, 'GET', `/api/products/${bike.id}/bom${query}`, token)).json();
    expect((await list()).data.map((l: { id: string }) => l.id)).toEqual([line.id, second.id]);
    expect((await list('?sort=-created_at')).data.map((l: { id: string }) => l.id)).toEqual([
      second.id,
      line.id,
    ]);
    expect((await list('?status=active')).meta.total).toBe(1);
    expect((await list(`?q=${encodeURIComponent(bell.product_name.slice(0, 4))}`)).data[0].id).toBe(
      second.id,
    );
    expect((await list('?q=front')).data[0].id).toBe(line.id);

    const edited = await call(t, 'PATCH', `/api/bom-lines/${line.id}`, token, {
      product_needed: wheel.id,
      bom_qty: '3.5',
      cost_per_unit: 4,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: messages.updateDone,
      data: { bom_qty: '3.5000', cost_per_unit: '4.0000', notes: null },
    });
    const removed = await call(t, 'DELETE', `/api/bom-lines/${second.id}`, token);
    expect(removed.json()).toEqual({ message: operationsMessages.bomLineDeleted });
    expect((await call(t, 'DELETE', `/api/bom-lines/${second.id}`, token)).statusCode).toBe(404);
    expect((await list()).meta.total).toBe(1);
  });

  it('refuses a second line for the same component (409), also sent at once', async () => {
    const parent = await named('Frame');
    const tube = await named('Tube');
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(t, 'POST', `/api/products/${parent.id}/bom`, token, { product_needed: tube.id, bom_qty: 1 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().error).toMatchObject({
      message: operationsMessages.bomComponentTaken,
      fields: { product_needed: operationsMessages.bomComponentTaken },
    });
  });

  it('refuses a cycle at any depth, naming the path by product names', async () => {
    const a = await named('Bicycle', { procurement_type: 'make' });
    const b = await named('Wheel', { procurement_type: 'make' });
    const c = await named('Hub', { procurement_type: 'make' });
    await addBomLine(t, token, a.id, b.id);
    const bc = await addBomLine(t, token, b.id, c.id);
    const loop = await call(t, 'POST', `/api/products/${c.id}/bom`, token, {
      product_needed: a.id,
      bom_qty: 1,
    });
    expect(loop.statusCode).toBe(409);
    const path = `${c.product_name} → ${a.product_name} → ${b.product_name} → ${c.product_name}`;
    expect(loop.json().error).toMatchObject({ code: 'CONFLICT', message: operationsMessages.bomCycle(path) });

    const itself = await call(t, 'POST', `/api/products/${a.id}/bom`, token, {
      product_needed: a.id,
      bom_qty: 1,
    });
    expect(itself.statusCode).toBe(409);
    expect(itself.json().error.message).toBe(
      operationsMessages.bomCycle(`${a.product_name} → ${a.product_name}`),
    );

    // Changing a line's component is checked the same way, inactive lines included.
    await call(t, 'PATCH', `/api/bom-lines/${bc.id}`, token, {
      product_needed: c.id,
      bom_qty: 1,
      status: 'inactive',
    });
    const d = await named('Spoke');
    const cd = await addBomLine(t, token, c.id, d.id);
    const changed = await call(t, 'PATCH', `/api/bom-lines/${cd.id}`, token, {
      product_needed: a.id,
      bom_qty: 1,
    });
    expect(changed.statusCode).toBe(409);
    // A line changed to what it already is closes nothing.
    const same = await call(t, 'PATCH', `/api/bom-lines/${cd.id}`, token, {
      product_needed: d.id,
      bom_qty: 2,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('lets only one of two lines that together make a cycle in, when sent at once', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await named('A');
      const b = await named('B');
      const [ab, ba] = await Promise.all([
        call(t, 'POST', `/api/products/${a.id}/bom`, token, { product_needed: b.id, bom_qty: 1 }),
        call(t, 'POST', `/api/products/${b.id}/bom`, token, { product_needed: a.id, bom_qty: 1 }),
      ]);
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([201, 409]);
      // And three that close a longer loop.
      const [x, y, z] = [await named('X'), await named('Y'), await named('Z')];
      const answers = await Promise.all([
        call(t, 'POST', `/api/products/${x.id}/bom`, token, { product_needed: y.id, bom_qty: 1 }),
        call(t, 'POST', `/api/products/${y.id}/bom`, token, { product_needed: z.id, bom_qty: 1 }),
        call(t, 'POST', `/api/products/${z.id}/bom`, token, { product_needed: x.id, bom_qty: 1 }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    }
  });

  it('answers 400 per field: quantities, a component of another workspace, NUL bytes', async () => {
    const parent = await named('Parent');
    const empty = await call(t, 'POST', `/api/products/${parent.id}/bom`, token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      product_needed: operationsMessages.bomComponentRequired,
      bom_qty: operationsMessages.quantityRequired,
    });
    const component = await named('Component');
    const bad = await call(t, 'POST', `/api/products/${parent.id}/bom`, token, {
      product_needed: component.id,
      bom_qty: 0,
      cost_per_unit: '-1',
      lead_time: -1,
      notes: 'a\u0000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      bom_qty: messages.decimalNotPositive,
      cost_per_unit: messages.decimalNegative,
      lead_time: operationsMessages.leadTimeInvalid,
    });
    expect(bad.json().error.fields.notes).toBeDefined();
    const huge = await call(t, 'POST', `/api/products/${parent.id}/bom`, token, {
      product_needed: component.id,
      bom_qty: 1e21,
    });
    expect(huge.json().error.fields).toEqual({ bom_qty: messages.decimalTooLarge });

    const theirs: Product = await createProduct(t, (await newTenant(t, 'mrp')).owner.token);
    const foreign = await call(t, 'POST', `/api/products/${parent.id}/bom`, token, {
      product_needed: theirs.id,
      bom_qty: 1,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ product_needed: operationsMessages.productUnknown });
  });

  it('refuses an inactive component on a new line or a changed component (400), keeps one already on a line', async () => {
    const lamp = await named('Lamp', { procurement_type: 'make' });
    const bulb = await named('Bulb', { status: 'inactive' });
    const socket = await named('Socket');
    const inactive = operationsMessages.productInactive(bulb.product_name);
    const refused = await call(t, 'POST', `/api/products/${lamp.id}/bom`, token, {
      product_needed: bulb.id,
      bom_qty: '1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: inactive, fields: { product_needed: inactive } });
    const line = await addBomLine(t, token, lamp.id, socket.id);
    const changed = await call(t, 'PATCH', `/api/bom-lines/${line.id}`, token, {
      product_needed: bulb.id,
      bom_qty: '1',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.fields).toEqual({ product_needed: inactive });
    await call(t, 'PATCH', `/api/products/${socket.id}/status`, token, { status: 'inactive' });
    const kept = await call(t, 'PATCH', `/api/bom-lines/${line.id}`, token, {
      product_needed: socket.id,
      bom_qty: '3',
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("answers 404 for another tenant's product or line, and hides the module elsewhere", async () => {
    const parent = await named('Parent');
    const line = await addBomLine(t, token, parent.id, (await named('Part')).id);
    const outsider = (await newTenant(t, 'mrp')).owner.token;
    const mine = await createProduct(t, outsider);
    expect((await call(t, 'GET', `/api/products/${parent.id}/bom`, outsider)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/products/${randomUUID()}/bom`, token)).statusCode).toBe(404);
    const post = await call(t, 'POST', `/api/products/${parent.id}/bom`, outsider, {
      product_needed: mine.id,
      bom_qty: 1,
    });
    expect(post.statusCode).toBe(404);
    const patch = await call(t, 'PATCH', `/api/bom-lines/${line.id}`, outsider, {
      product_needed: mine.id,
      bom_qty: 1,
    });
    expect(patch.statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/bom-lines/${line.id}`, outsider)).statusCode).toBe(404);
    const general = (await newTenant(t, 'workspace')).owner.token;
    expect((await call(t, 'GET', `/api/products/${parent.id}/bom`, general)).statusCode).toBe(404);
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await call(t, 'GET', `/api/products/${parent.id}/bom`, worker.token)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/bom-lines/${line.id}`, worker.token)).statusCode).toBe(403);
  });
});

describe('BOM lines of a deep bill of materials', () => {
  const namedIn = (owner: string, name: string, overrides: Parameters<typeof createProduct>[2] = {}) =>
    createProduct(t, owner, { product_name: `${name} ${randomUUID().slice(0, 6)}`, ...overrides });

  it('checks a line against a 3,000-level chain at once, naming the ends of a long cycle', async () => {
    const deep = await newTenant(t, 'mrp');
    const owner = deep.owner.token;
    // As deep as a CSV import of 3,000 rows could make it (before write-time depth refusal).
    const chain = await insertBomChain(t, deep.workspace, 3_000, 'Chain');
    const [top, bottom] = [chain[0] as string, chain[2_999] as string];
    const loop = await call(t, 'POST', `/api/products/${bottom}/bom`, owner, {
      product_needed: top,
      bom_qty: 1,
    });
    expect(loop.statusCode, loop.body).toBe(409);
    const path = [
      'Chain 2999 → Chain 0 → Chain 1 → Chain 2',
      '… 2,993 more …',
      'Chain 2996 → Chain 2997 → Chain 2998 → Chain 2999',
    ].join(' → ');
    expect(loop.json().error).toMatchObject({
      message: operationsMessages.bomCycle(path),
      fields: { product_needed: operationsMessages.bomCycle(path) },
    });

    // Under the chain or above it, a new line is past the 50 levels the tree shows.
    const extra = await namedIn(owner, 'Extra', { procurement_type: 'make' });
    const below = await call(t, 'POST', `/api/products/${bottom}/bom`, owner, {
      product_needed: extra.id,
      bom_qty: 1,
    });
    expect(below.statusCode, below.body).toBe(409);
    expect(below.json().error.message).toBe(
      operationsMessages.bomTooDeep(
        3_001,
        BOM_DEPTH_MAX,
        `Chain 0 → Chain 1 → Chain 2 → Chain 3 → … 2,993 more … → Chain 2997 → Chain 2998 → Chain 2999 → ${extra.product_name}`,
      ),
    );
    const head = await namedIn(owner, 'Head', { procurement_type: 'make' });
    const above = await call(t, 'POST', `/api/products/${head.id}/bom`, owner, {
      product_needed: top,
      bom_qty: 1,
    });
    expect(above.statusCode, above.body).toBe(409);
    expect(above.json().error.message).toBe(
      operationsMessages.bomTooDeep(
        3_001,
        BOM_DEPTH_MAX,
        `${head.product_name} → Chain 0 → Chain 1 → Chain 2 → … 2,993 more … → Chain 2996 → Chain 2997 → Chain 2998 → Chain 2999`,
      ),
    );
    // A line of the chain moved under Extra would deepen it. (The checks above answer 409 without
    // reading a line back: a 201 here would also time PGlite's cached plans, see performance.md.)
    const [middle] = rowsOf<{ id: string }>(
      await t.db.db.execute(
        sql`select id from bom_lines where product_need_id = ${chain[1_500] as string}::uuid`,
      ),
    );
    const moved = await call(t, 'PATCH', `/api/bom-lines/${middle?.id}`, owner, {
      product_needed: extra.id,
      bom_qty: 2,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().error.message).toMatch(/^This line would make a bill of materials 1,502 levels deep/);
  });

  it('lets a BOM written deeper before be edited where it gets no deeper, and shortened', async () => {
    const deep = await newTenant(t, 'mrp');
    const owner = deep.owner.token;
    const chain = await insertBomChain(t, deep.workspace, BOM_DEPTH_MAX + 10, 'Legacy');
    // Only the path through the new line counts: the chain's last five levels make a 6-level BOM.
    const side = await namedIn(owner, 'Side', { procurement_type: 'make' });
    await addBomLine(t, owner, side.id, chain[55] as string);
    // A line of the chain keeps its quantity editable: it makes no path deeper than it was.
    const [middle] = (await call(t, 'GET', `/api/products/${chain[30]}/bom`, owner)).json().data;
    const edited = await call(t, 'PATCH', `/api/bom-lines/${middle.id}`, owner, {
      product_needed: chain[31],
      bom_qty: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(t, 'GET', `/api/products/${chain[0]}/bom/tree`, owner)).statusCode).toBe(409);
    // Moved under Side: Legacy 0 → ... → Legacy 30 → Side → Legacy 55 → ... → Legacy 59, 37 levels.
    const moved = await call(t, 'PATCH', `/api/bom-lines/${middle.id}`, owner, {
      product_needed: side.id,
      bom_qty: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(t, 'GET', `/api/products/${chain[0]}/bom/tree`, owner)).statusCode).toBe(200);
  });

  it(`refuses a line that makes a BOM deeper than the ${BOM_DEPTH_MAX} levels its tree shows`, async () => {
    const deep = await newTenant(t, 'mrp');
    const owner = deep.owner.token;
    const chain = await insertBomChain(t, deep.workspace, BOM_DEPTH_MAX - 1, 'Level');
    const [top, bottom] = [chain[0] as string, chain.at(-1) as string];
    // The 50th level is allowed, and the tree shows it.
    const last = await namedIn(owner, 'Last', { procurement_type: 'make' });
    await addBomLine(t, owner, bottom, last.id);
    const tree = await call(t, 'GET', `/api/products/${top}/bom/tree`, owner);
    expect(tree.statusCode, tree.body).toBe(200);

    const past = await namedIn(owner, 'Past');
    const refused = await call(t, 'POST', `/api/products/${last.id}/bom`, owner, {
      product_needed: past.id,
      bom_qty: 1,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const message = operationsMessages.bomTooDeep(
      BOM_DEPTH_MAX + 1,
      BOM_DEPTH_MAX,
      `Level 0 → Level 1 → Level 2 → Level 3 → … 43 more … → Level 47 → Level 48 → ${last.product_name} → ${past.product_name}`,
    );
    expect(refused.json().error).toMatchObject({ message, fields: { product_needed: message } });

    // An inactive line is in no tree: it is written, and refused when it is switched on.
    const inactive = await addBomLine(t, owner, last.id, past.id, { status: 'inactive' });
    const on = await call(t, 'PATCH', `/api/bom-lines/${inactive.id}`, owner, {
      product_needed: past.id,
      bom_qty: 1,
      status: 'active',
    });
    expect(on.statusCode, on.body).toBe(409);
    expect(on.json().error.message).toBe(message);
  });
});

describe('GET /api/products/:id/bom/tree', () => {
  it('explodes every level with quantities and the cost roll-up, and follows a changed line', async () => {
    const bike = await named('Bicycle', { procurement_type: 'make', price: '500' });
    const wheel = await named('Wheel', { procurement_type: 'make', price: '80' });
    const spoke = await named('Spoke', { price: '0.25' });
    const frame = await named('Frame', { price: '120' });
    const bell = await named('Bell', { price: '3' });
    const wheels = await addBomLine(t, token, bike.id, wheel.id, { bom_qty: '2' });
    await addBomLine(t, token, bike.id, frame.id, { bom_qty: '1', cost_per_unit: '100' });
    await addBomLine(t, token, wheel.id, spoke.id, { bom_qty: '36' });
    await addBomLine(t, token, bike.id, bell.id, { bom_qty: '1', status: 'inactive' });

    const tree = async () => {
      const response = await call(t, 'GET', `/api/products/${bike.id}/bom/tree`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const first = await tree();
    // Wheel: 36 × 0.25 = 9; bike: 2 × 9 + 1 × 100 (the line's cost) = 118.
    expect(first.estimated_cost).toBe('118');
    expect(first.root).toMatchObject({
      product_id: bike.id,
      product_name: bike.product_name,
      line_id: null,
      qty_per_parent: '1',
      total_qty: '1',
      unit_cost: '118',
      extended_cost: '118',
    });
    const wheelNode = first.root.children.find((n: { product_id: string }) => n.product_id === wheel.id);
    expect(wheelNode).toMatchObject({
      line_id: wheels.id,
      procurement_type: 'make',
      qty_per_parent: '2',
      total_qty: '2',
      unit_cost: '9',
      extended_cost: '18',
    });
    expect(wheelNode.children[0]).toMatchObject({
      product_name: spoke.product_name,
      qty_per_parent: '36',
      total_qty: '72',
      unit_cost: '0.25',
      extended_cost: '18',
      children: [],
    });
    expect(first.root.children).toHaveLength(2);

    // A line deep down changes every ancestor on the next read.
    const spokes = wheelNode.children[0].line_id;
    await call(t, 'PATCH', `/api/bom-lines/${spokes}`, token, { product_needed: spoke.id, bom_qty: '40' });
    const second = await tree();
    expect(second.estimated_cost).toBe('120');
    expect(
      second.root.children.find((n: { product_id: string }) => n.product_id === wheel.id).unit_cost,
    ).toBe('10');

    // A product with no lines is its own price.
    const leaf = await call(t, 'GET', `/api/products/${bell.id}/bom/tree`, token);
    expect(leaf.json().data).toMatchObject({ estimated_cost: '3', root: { children: [] } });
  });

  it("answers 404 for another tenant's product and 400 for a malformed id", async () => {
    const product = await named('Alone');
    const outsider = (await newTenant(t, 'erp')).owner.token;
    expect((await call(t, 'GET', `/api/products/${product.id}/bom/tree`, outsider)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/products/%00/bom/tree', token)).statusCode).toBe(400);
  });
});
