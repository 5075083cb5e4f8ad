import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { addBomLine, createNamed, createProduct, uniqueName } from '../../test/master-data.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { BOM_DEPTH_MAX } from './mrp/cost.ts';
import { bomLines, products } from './operations.schema.ts';
import { stockMoves } from './orders.schema.ts';
import { insertBomChain } from './orders-test-helpers.ts';

const t = useTestApp();

const importRows = (token: string, what: 'products' | 'bom-lines', rows: object[], dryRun = false) =>
  call(t, 'POST', `/api/${what}/import`, token, { rows, dry_run: dryRun });

async function productCount(tenant: Tenant) {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(products)
    .where(eq(products.workspaceId, tenant.workspace.workspace_id));
  return row?.n ?? 0;
}

describe('POST /api/products/import', () => {
  let tenant: Tenant;
  let token: string;
  beforeAll(async () => {
    tenant = await newTenant(t, 'mrp');
    token = tenant.owner.token;
  });

  it('checks in a dry run, then imports every row with names resolved and opening stock moves', async () => {
    await createNamed(t, token, 'catalogs', { name: 'Bikes' });
    await createNamed(t, token, 'uoms', { name: 'pcs' });
    const rows = [
      {
        product_name: 'Import bike',
        catalog: 'BIKES',
        uom: 'Pcs',
        price: '250',
        product_qty: '4',
        procurement_type: 'Make',
      },
      { product_name: 'Import spoke', price: 0.3, lead_time: '', lead_time_unit: 'WEEKS', extra: 'ignored' },
    ];
    const dry = await importRows(token, 'products', rows, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ data: { dry_run: true, rows: 2, imported: 0, errors: [] } });
    expect(await productCount(tenant)).toBe(0);

    const done = await importRows(token, 'products', rows);
    expect(done.json()).toEqual({
      message: operationsMessages.importDone(2),
      data: { dry_run: false, rows: 2, imported: 2, errors: [] },
    });
    const list = (await call(t, 'GET', '/api/products?q=import', token)).json().data;
    expect(list).toMatchObject([
      {
        product_name: 'Import bike',
        catalog_name: 'Bikes',
        uom_name: 'pcs',
        product_qty: '4.0000',
        procurement_type: 'make',
      },
      {
        product_name: 'Import spoke',
        price: '0.3000',
        lead_time: 0,
        lead_time_unit: 'weeks',
        catalog_id: null,
      },
    ]);
    const moves = await t.db.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.workspaceId, tenant.workspace.workspace_id)));
    expect(moves.map((m) => [m.productId, m.qtyDelta, m.reason])).toEqual([
      [list[0].id, '4.0000', operationsMessages.openingStockReason],
    ]);
  });

  it('names the row and the column of every fault and writes nothing', async () => {
    const owner = await newTenant(t, 'mrp');
    await createProduct(t, owner.owner.token, { product_name: 'Existing' });
    const before = await productCount(owner);
    const response = await importRows(owner.owner.token, 'products', [
      { product_name: 'Good one', price: '1' },
      { product_name: 'existing', price: '1' },
      { product_name: 'Twice', price: '1' },
      { product_name: 'TWICE', price: '1' },
      { product_name: '', price: '-1', catalog: 'Nope' },
      { product_name: 'Unknowns', price: '2', catalog: 'Nope', uom: 'Box' },
      { product_name: 'Nul\u0000', price: '1e5', procurement_type: 'steal', lead_time: '1000' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(operationsMessages.importHasErrors);
    expect(response.json().data).toMatchObject({ rows: 7, imported: 0 });
    expect(response.json().data.errors).toEqual([
      { row: 3, column: 'product_name', message: operationsMessages.importNameTaken('existing') },
      { row: 5, column: 'product_name', message: operationsMessages.importNameRepeated('TWICE', 4) },
      { row: 6, column: 'product_name', message: operationsMessages.productNameRequired },
      { row: 6, column: 'price', message: messages.decimalNegative },
      // Looked up although the row has other faults: all of a row's faults at once.
      { row: 6, column: 'catalog', message: operationsMessages.importCatalogUnknown('Nope') },
      { row: 7, column: 'catalog', message: operationsMessages.importCatalogUnknown('Nope') },
      { row: 7, column: 'uom', message: operationsMessages.importUomUnknown('Box') },
      { row: 8, column: 'product_name', message: messages.textControlCharacters },
      { row: 8, column: 'price', message: messages.decimalInvalid },
      { row: 8, column: 'procurement_type', message: 'Must be one of make, buy' },
      { row: 8, column: 'lead_time', message: operationsMessages.leadTimeInvalid },
    ]);
    expect(await productCount(owner)).toBe(before);
  });

  it('imports 10,000 rows in one go, in seconds', async () => {
    const owner = await newTenant(t, 'erp');
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      product_name: `Bulk ${i}`,
      price: `${i}.5`,
      product_qty: i % 2 === 0 ? '3' : '',
      product_group: `Group ${i % 10}`,
    }));
    const started = Date.now();
    const response = await importRows(owner.owner.token, 'products', rows);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json().data).toMatchObject({ imported: 10_000, errors: [] });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await productCount(owner)).toBe(10_000);
    const moves = await t.db.db
      .select({ n: count() })
      .from(stockMoves)
      .where(eq(stockMoves.workspaceId, owner.workspace.workspace_id));
    expect(moves[0]?.n).toBe(5_000);
  }, 60_000);

  it('refuses no rows, more than 10,000 rows, a body over 5 MB and a worker', async () => {
    const token = tenant.owner.token;
    const none = await importRows(token, 'products', []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.rows).toBe(operationsMessages.importRowsRequired);
    const many = await importRows(
      token,
      'products',
      Array.from({ length: 10_001 }, () => ({})),
    );
    expect(many.json().error.fields.rows).toBe(operationsMessages.importRowsTooMany);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: { rows: [{ description: 'x'.repeat(6 * 1024 * 1024) }] },
      headers: bearer(token),
    });
    expect(huge.statusCode).toBe(413);
    const notRecords = await call(t, 'POST', '/api/products/import', token, { rows: [[1, 2]] } as object);
    expect(notRecords.statusCode).toBe(400);
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await importRows(worker.token, 'products', [{ product_name: 'W', price: 1 }])).statusCode).toBe(
      403,
    );
    const general = (await newTenant(t, 'workspace')).owner.token;
    expect((await importRows(general, 'products', [{ product_name: 'W', price: 1 }])).statusCode).toBe(404);
  });
});

describe('POST /api/bom-lines/import', () => {
  it('imports lines by product names (any case), all or none', async () => {
    const owner = await newTenant(t, 'mrp');
    const token = owner.owner.token;
    const bike = await createProduct(t, token, { product_name: 'Bom bike', procurement_type: 'make' });
    const wheel = await createProduct(t, token, {
      product_name: 'Bom wheel',
      procurement_type: 'make',
      price: '0',
    });
    await createProduct(t, token, { product_name: 'Bom spoke', price: '0.5' });
    const rows = [
      { product_need: 'BOM BIKE', product_needed: 'bom wheel', bom_qty: '2', notes: 'both' },
      {
        product_need: 'Bom wheel',
        product_needed: 'Bom spoke',
        bom_qty: 36,
        status: 'Inactive',
        lead_time_unit: 'Weeks',
      },
    ];
    const dry = await importRows(token, 'bom-lines', rows, true);
    expect(dry.json().data).toEqual({ dry_run: true, rows: 2, imported: 0, errors: [] });
    const done = await importRows(token, 'bom-lines', rows);
    expect(done.json()).toMatchObject({ message: operationsMessages.importDone(2), data: { imported: 2 } });
    const lines = (await call(t, 'GET', `/api/products/${wheel.id}/bom`, token)).json().data;
    expect(lines).toMatchObject([
      { product_needed_name: 'Bom spoke', bom_qty: '36.0000', status: 'inactive', lead_time_unit: 'weeks' },
    ]);
    const tree = (await call(t, 'GET', `/api/products/${bike.id}/bom/tree`, token)).json().data;
    expect(tree.root.children).toHaveLength(1);
  });

  it('refuses a line whose component is inactive, as a line written by hand (an inactive parent may have lines)', async () => {
    const owner = await newTenant(t, 'mrp');
    const token = owner.owner.token;
    await createProduct(t, token, { product_name: 'In kit', procurement_type: 'make' });
    await createProduct(t, token, { product_name: 'In old part', status: 'inactive' });
    await createProduct(t, token, {
      product_name: 'In old kit',
      procurement_type: 'make',
      status: 'inactive',
    });
    await createProduct(t, token, { product_name: 'In bolt' });
    const response = await importRows(token, 'bom-lines', [
      { product_need: 'In kit', product_needed: 'in old part', bom_qty: '1' },
      { product_need: 'In old kit', product_needed: 'In bolt', bom_qty: '1' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      imported: 0,
      errors: [
        { row: 2, column: 'product_needed', message: operationsMessages.productInactive('in old part') },
      ],
    });
  });

  it('names unknown products, lines that exist or repeat, and cycles with the path', async () => {
    const owner = await newTenant(t, 'mrp');
    const token = owner.owner.token;
    const a = await createProduct(t, token, { product_name: 'Cy A', procurement_type: 'make' });
    const b = await createProduct(t, token, { product_name: 'Cy B', procurement_type: 'make' });
    await createProduct(t, token, { product_name: 'Cy C', procurement_type: 'make' });
    await addBomLine(t, token, a.id, b.id);
    const response = await importRows(token, 'bom-lines', [
      { product_need: 'Cy B', product_needed: 'Cy C', bom_qty: '1' },
      { product_need: 'Cy C', product_needed: 'Cy A', bom_qty: '1' },
      { product_need: 'cy a', product_needed: 'cy b', bom_qty: '1' },
      { product_need: 'Cy B', product_needed: 'CY C', bom_qty: '2' },
      { product_need: 'Cy A', product_needed: 'Cy A', bom_qty: '1' },
      { product_need: 'Ghost', product_needed: 'Cy A', bom_qty: '0' },
      { product_need: 'Ghost', product_needed: 'Phantom', bom_qty: '1' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.imported).toBe(0);
    expect(response.json().data.errors).toEqual([
      { row: 3, column: 'product_needed', message: operationsMessages.bomCycle('Cy C → Cy A → Cy B → Cy C') },
      { row: 4, column: 'product_needed', message: operationsMessages.bomComponentTaken },
      { row: 5, column: 'product_needed', message: operationsMessages.bomComponentTaken },
      { row: 6, column: 'product_needed', message: operationsMessages.bomCycle('Cy A → Cy A') },
      { row: 7, column: 'bom_qty', message: messages.decimalNotPositive },
      { row: 7, column: 'product_need', message: operationsMessages.importProductUnknown('Ghost') },
      { row: 8, column: 'product_need', message: operationsMessages.importProductUnknown('Ghost') },
      { row: 8, column: 'product_needed', message: operationsMessages.importProductUnknown('Phantom') },
    ]);
    const [written] = await t.db.db
      .select({ n: count() })
      .from(bomLines)
      .where(eq(bomLines.workspaceId, owner.workspace.workspace_id));
    expect(written?.n).toBe(1);
  });

  it('imports 10,000 lines of a deep catalogue in seconds, and sees a cycle across them', async () => {
    const owner = await newTenant(t, 'mrp');
    const token = owner.owner.token;
    // 41 levels of 50 products: 9 levels short of the deepest BOM allowed (docs/decisions.md 036).
    const names = Array.from({ length: 41 }, (_, level) =>
      Array.from({ length: 50 }, (_, i) => uniqueName(`Deep ${level}.${i}`)),
    );
    const made = await importRows(
      token,
      'products',
      names.flat().map((product_name) => ({ product_name, price: '1', procurement_type: 'make' })),
    );
    expect(made.json().data.imported).toBe(2_050);
    // Each product needs five of the next level: 10,000 lines, no cycle.
    const unique = names.slice(0, 40).flatMap((level, l) =>
      level.flatMap((name, i) =>
        [0, 1, 2, 3, 4].map((step) => ({
          product_need: name,
          product_needed: names[l + 1]?.[(i + step) % 50],
          bom_qty: '1',
        })),
      ),
    );
    const last = names[40]?.[0];
    const first = names[0]?.[0];
    const started = Date.now();
    const looped = await importRows(token, 'bom-lines', [
      ...unique.slice(0, 9_999),
      { product_need: last, product_needed: first, bom_qty: '1' },
    ]);
    expect(looped.json().data.errors).toHaveLength(1);
    expect(looped.json().data.errors[0].message).toMatch(/^This line would make a cycle: /);
    const done = await importRows(token, 'bom-lines', unique);
    expect(done.json().data.errors).toEqual([]);
    expect(done.json().data.imported).toBe(unique.length);
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 90_000);

  it(`refuses lines on a path past ${BOM_DEPTH_MAX} levels, checked against a 3,000-level chain at once`, async () => {
    const owner = await newTenant(t, 'mrp');
    const token = owner.owner.token;
    await insertBomChain(t, owner.workspace, 3_000, 'Imp');
    await insertBomChain(t, owner.workspace, 47, 'Short');
    const [head, tailA, tailB, tailC] = await Promise.all(
      ['Head', 'Tail A', 'Tail B', 'Tail C'].map(async (name) => {
        const made = await createProduct(t, token, {
          product_name: uniqueName(name),
          procurement_type: 'make',
        });
        return made.product_name;
      }),
    );
    const fine = [
      // Inactive: in no tree, so no depth (it is still checked for cycles).
      { product_need: head, product_needed: 'Imp 0', bom_qty: '1', status: 'inactive' },
      // Short 0 → ... → Short 46 → Tail A → Tail B: 49 levels.
      { product_need: 'Short 46', product_needed: tailA, bom_qty: '1' },
      { product_need: tailA, product_needed: tailB, bom_qty: '1' },
      { product_need: head, product_needed: 'Short 40', bom_qty: '1' },
    ];
    const refused = await importRows(token, 'bom-lines', [
      { product_need: 'Imp 2999', product_needed: 'Imp 0', bom_qty: '1' },
      ...fine,
      // Short 0 → ... → Tail B → Tail C: 50 levels, allowed.
      { product_need: tailB, product_needed: tailC, bom_qty: '1' },
      { product_need: 'Imp 2998', product_needed: tailC, bom_qty: '1' },
    ]);
    expect(refused.statusCode, refused.body).toBe(200);
    const cycle = operationsMessages.bomCycle(
      'Imp 2999 → Imp 0 → Imp 1 → Imp 2 → … 2,993 more … → Imp 2996 → Imp 2997 → Imp 2998 → Imp 2999',
    );
    const deep = operationsMessages.bomTooDeep(
      3_000,
      BOM_DEPTH_MAX,
      `Imp 0 → Imp 1 → Imp 2 → Imp 3 → … 2,992 more … → Imp 2996 → Imp 2997 → Imp 2998 → ${tailC}`,
    );
    expect(refused.json().data).toMatchObject({ imported: 0 });
    expect(refused.json().data.errors).toEqual([
      { row: 2, column: 'product_needed', message: cycle },
      { row: 8, column: 'product_needed', message: deep },
    ]);
    const done = await importRows(token, 'bom-lines', [
      ...fine,
      { product_need: tailB, product_needed: tailC, bom_qty: '1' },
    ]);
    expect(done.json().data, done.body).toMatchObject({ imported: 5, errors: [] });
    // One more level under it is one too many.
    const past = await createProduct(t, token, { product_name: uniqueName('Past') });
    const pastRows = await importRows(token, 'bom-lines', [
      { product_need: tailC, product_needed: past.product_name, bom_qty: '1' },
    ]);
    expect(pastRows.json().data.errors).toEqual([
      {
        row: 2,
        column: 'product_needed',
        message: operationsMessages.bomTooDeep(
          51,
          BOM_DEPTH_MAX,
          `Short 0 → Short 1 → Short 2 → Short 3 → … 43 more … → ${tailA} → ${tailB} → ${tailC} → ${past.product_name}`,
        ),
      },
    ]);
  });
});
