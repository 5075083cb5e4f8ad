import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { PRODUCT_IMPORT_COLUMNS } from '@workhub/shared/schemas/operations-import';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { addBomLine, createNamed, createProduct, uniqueName } from '../../test/master-data.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { stockMoves } from './orders.schema.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  tenant = await newTenant(t, 'mrp');
  token = tenant.owner.token;
});

const movesOf = (productId: string) =>
  t.db.db
    .select()
    .from(stockMoves)
    .where(and(eq(stockMoves.accountId, tenant.workspace.account_id), eq(stockMoves.productId, productId)));

describe('POST /api/products', () => {
  it('creates a product with its references, defaults and opening stock as a stock move', async () => {
    const catalog = await createNamed(t, token, 'catalogs');
    const uom = await createNamed(t, token, 'uoms');
    const response = await call(t, 'POST', '/api/products', token, {
      product_name: ' Bicycle ',
      product_group: 'Bikes',
      catalog_id: catalog.id,
      uom_id: uom.id,
      price: 199.9,
      product_qty: '12.5',
      safety_stock: '20',
      procurement_type: 'make',
      lead_time: 2,
      lead_time_unit: 'weeks',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(operationsMessages.productCreated);
    const product = response.json().data;
    expect(product).toMatchObject({
      product_name: 'Bicycle',
      product_group: 'Bikes',
      catalog_id: catalog.id,
      catalog_name: catalog.name,
      uom_id: uom.id,
      uom_name: uom.name,
      price: '199.9000',
      product_qty: '12.5000',
      safety_stock: '20.0000',
      min_order_qty: '0.0000',
      below_safety: true,
      bom_line_count: 0,
      status: 'active',
      procurement_type: 'make',
      lead_time: 2,
      lead_time_unit: 'weeks',
      color: null,
      description: null,
      created_by: tenant.holder.session.user.user_id,
    });
    const moves = await movesOf(product.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      kind: 'adjustment',
      qtyDelta: '12.5000',
      onHandAfter: '12.5000',
      reason: operationsMessages.openingStockReason,
    });

    const plain = await createProduct(t, token);
    expect(plain).toMatchObject({ product_qty: '0.0000', procurement_type: 'buy', catalog_id: null });
    expect(await movesOf(plain.id)).toHaveLength(0);

    const read = await call(t, 'GET', `/api/products/${product.id}`, token);
    expect(read.json().data).toEqual(product);
  });

  it('answers 400 per field, for huge numbers, NUL bytes and references of another workspace', async () => {
    const empty = await call(t, 'POST', '/api/products', token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      product_name: operationsMessages.productNameRequired,
      price: operationsMessages.priceRequired,
    });
    const bad = await call(t, 'POST', '/api/products', token, {
      product_name: 'x\u0000',
      price: '1e400',
      product_qty: '-1',
      safety_stock: '12345678901',
      min_order_qty: '0.00001',
      lead_time: 1000,
      procurement_type: 'steal',
      catalog_id: 'not-a-uuid',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      price: messages.decimalInvalid,
      product_qty: messages.decimalNegative,
      safety_stock: messages.decimalTooLarge,
      min_order_qty: messages.decimalScale,
      lead_time: operationsMessages.leadTimeInvalid,
      catalog_id: operationsMessages.catalogUnknown,
    });
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['product_name', 'procurement_type']),
    );

    const other = (await newTenant(t, 'mrp')).owner.token;
    const theirCatalog = await createNamed(t, other, 'catalogs');
    const theirUom = await createNamed(t, other, 'uoms');
    const foreignCatalog = await call(t, 'POST', '/api/products', token, {
      product_name: uniqueName('P'),
      price: 1,
      catalog_id: theirCatalog.id,
    });
    expect(foreignCatalog.statusCode).toBe(400);
    expect(foreignCatalog.json().error.fields).toEqual({ catalog_id: operationsMessages.catalogUnknown });
    const foreignUom = await call(t, 'POST', '/api/products', token, {
      product_name: uniqueName('P'),
      price: 1,
      uom_id: theirUom.id,
    });
    expect(foreignUom.json().error.fields).toEqual({ uom_id: operationsMessages.uomUnknown });
    // The largest figures numeric(14,4) holds pass.
    const largest = await createProduct(t, token, {
      price: '9999999999.9999',
      product_qty: '9999999999.9999',
    });
    expect(largest.price).toBe('9999999999.9999');
  });

  it('refuses a name taken in any case, also by creates at once (409, one move only)', async () => {
    const name = uniqueName('Frame');
    await createProduct(t, token, { product_name: name });
    const again = await call(t, 'POST', '/api/products', token, {
      product_name: name.toUpperCase(),
      price: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: operationsMessages.productNameTaken,
      fields: { product_name: operationsMessages.productNameTaken },
    });
    const raced = uniqueName('Race');
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(t, 'POST', '/api/products', token, { product_name: raced, price: 1, product_qty: 5 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('PATCH /api/products/:id and /status', () => {
  it('edits the whole record but its stock, and switches its status', async () => {
    const product = await createProduct(t, token, { product_qty: '3' });
    const catalog = await createNamed(t, token, 'catalogs');
    const response = await call(t, 'PATCH', `/api/products/${product.id}`, token, {
      product_name: 'Renamed wheel',
      price: '12.25',
      catalog_id: catalog.id,
      product_qty: '999',
      color: 'red',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: messages.updateDone,
      data: {
        product_name: 'Renamed wheel',
        price: '12.2500',
        catalog_name: catalog.name,
        product_qty: '3.0000',
      },
    });
    const status = await call(t, 'PATCH', `/api/products/${product.id}/status`, token, {
      status: 'inactive',
    });
    expect(status.json()).toMatchObject({ message: messages.updateDone, data: { status: 'inactive' } });

    const other = await createProduct(t, token);
    const taken = await call(t, 'PATCH', `/api/products/${other.id}`, token, {
      product_name: 'RENAMED WHEEL',
      price: 1,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('keeps the unit of a product with stock moves or on a BOM line (409 naming it), changes it otherwise', async () => {
    const kg = await createNamed(t, token, 'uoms');
    const metre = await createNamed(t, token, 'uoms');
    const fresh = await createProduct(t, token, { uom_id: kg.id });
    const stocked = await createProduct(t, token, { uom_id: kg.id, product_qty: '4' });
    const parent = await createProduct(t, token, { uom_id: kg.id, procurement_type: 'make' });
    const component = await createProduct(t, token, { uom_id: kg.id });
    await addBomLine(t, token, parent.id, component.id, { status: 'inactive' });
    const read = async (id: string) => (await call(t, 'GET', `/api/products/${id}`, token)).json().data;
    expect(fresh.unit_locked).toBe(false);
    for (const product of [stocked, parent, component]) {
      const locked = await read(product.id);
      expect(locked.unit_locked).toBe(true);
      const changed = await call(t, 'PATCH', `/api/products/${product.id}`, token, {
        product_name: product.product_name,
        price: '10',
        uom_id: metre.id,
      });
      expect(changed.statusCode).toBe(409);
      const message = operationsMessages.productUnitInUse(product.product_name);
      expect(changed.json().error).toMatchObject({ message, fields: { uom_id: message } });
      expect((await read(product.id)).uom_id).toBe(kg.id);
      // The rest of the record still changes when the unit stays.
      const renamed = await call(t, 'PATCH', `/api/products/${product.id}`, token, {
        product_name: `${product.product_name} renamed`,
        price: '11',
        uom_id: kg.id,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    const free = await call(t, 'PATCH', `/api/products/${fresh.id}`, token, {
      product_name: fresh.product_name,
      price: '10',
      uom_id: metre.id,
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data).toMatchObject({ uom_id: metre.id, unit_locked: false });
  });

  it('a unit change and the first stock move or BOM line at once: the unit never changes under them', async () => {
    const kg = await createNamed(t, token, 'uoms');
    const metre = await createNamed(t, token, 'uoms');
    for (const first of ['stock', 'bom'] as const) {
      for (let round = 0; round < 3; round += 1) {
        const product = await createProduct(t, token, { uom_id: kg.id });
        const parent = await createProduct(t, token, { procurement_type: 'make' });
        const [patched, used] = await Promise.all([
          call(t, 'PATCH', `/api/products/${product.id}`, token, {
            product_name: product.product_name,
            price: '10',
            uom_id: metre.id,
          }),
          first === 'stock'
            ? call(t, 'POST', '/api/stock-adjustments', token, {
                product_id: product.id,
                quantity: '5',
                reason: 'Count',
              })
            : call(t, 'POST', `/api/products/${parent.id}/bom`, token, {
                product_needed: product.id,
                bom_qty: '2',
              }),
        ]);
        expect(used.statusCode, used.body).toBe(201);
        const after = (await call(t, 'GET', `/api/products/${product.id}`, token)).json().data;
        expect(after.unit_locked).toBe(true);
        // Either the unit changed before the first use (200), or the use came first and the change is refused.
        expect([200, 409]).toContain(patched.statusCode);
        expect(after.uom_id).toBe(patched.statusCode === 200 ? metre.id : kg.id);
      }
    }
  });

  it("answers 404 for a missing product and another tenant's, before checking the references", async () => {
    const product = await createProduct(t, token);
    const outsider = (await newTenant(t, 'mrp')).owner.token;
    for (const id of [product.id, randomUUID()]) {
      expect((await call(t, 'GET', `/api/products/${id}`, outsider)).statusCode).toBe(404);
      const patch = await call(t, 'PATCH', `/api/products/${id}`, outsider, {
        product_name: 'x',
        price: 1,
        catalog_id: randomUUID(),
      });
      expect(patch.statusCode).toBe(404);
      expect(
        (await call(t, 'PATCH', `/api/products/${id}/status`, outsider, { status: 'inactive' })).statusCode,
      ).toBe(404);
    }
    expect((await call(t, 'GET', '/api/products/0', token)).statusCode).toBe(400);
  });
});

describe('GET /api/products', () => {
  it('filters, searches, sorts and pages in SQL', async () => {
    const owner = (await newTenant(t, 'crm')).owner.token;
    const catalog = await createNamed(t, owner, 'catalogs');
    const a = await createProduct(t, owner, {
      product_name: 'Alpha bolt',
      product_group: 'Fasteners',
      price: '3',
      product_qty: '1',
      safety_stock: '5',
    });
    t.clock.advance(1);
    const b = await createProduct(t, owner, {
      product_name: 'beta frame',
      catalog_id: catalog.id,
      procurement_type: 'make',
      price: '100',
      product_qty: '10',
    });
    t.clock.advance(1);
    const c = await createProduct(t, owner, {
      product_name: 'Gamma nut',
      product_group: 'Fasteners',
      price: '1',
    });
    await call(t, 'PATCH', `/api/products/${c.id}/status`, owner, { status: 'inactive' });
    await addBomLine(t, owner, b.id, a.id, { bom_qty: '2' });

    const ids = async (query: string) => {
      const response = await call(t, 'GET', `/api/products?${query}`, owner);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((p: { id: string }) => p.id);
    };
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('q=FASTEN')).toEqual([a.id, c.id]);
    expect(await ids('q=frame')).toEqual([b.id]);
    expect(await ids(`catalog_id=${catalog.id}`)).toEqual([b.id]);
    expect(await ids('procurement_type=make')).toEqual([b.id]);
    expect(await ids('product_group=Fasteners&status=active')).toEqual([a.id]);
    expect(await ids('below_safety=true')).toEqual([a.id]);
    expect(await ids('below_safety=false')).toEqual([b.id, c.id]);
    expect(await ids('sort=-price')).toEqual([b.id, a.id, c.id]);
    expect(await ids('sort=product_qty')).toEqual([c.id, a.id, b.id]);
    expect(await ids('sort=-created_at')).toEqual([c.id, b.id, a.id]);
    expect(await ids('limit=1&page=3')).toEqual([c.id]);
    const frame = (await call(t, 'GET', `/api/products/${b.id}`, owner)).json().data;
    expect(frame.bom_line_count).toBe(1);
    expect((await call(t, 'GET', '/api/products?below_safety=maybe', owner)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/products?catalog_id=x', owner)).statusCode).toBe(400);
    // A catalog of another workspace filters to nothing.
    expect(await ids(`catalog_id=${randomUUID()}`)).toEqual([]);
  });

  it('exports in the columns of a products import', async () => {
    const owner = (await newTenant(t, 'srm')).owner.token;
    const uom = await createNamed(t, owner, 'uoms', { name: 'pcs' });
    await createProduct(t, owner, { product_name: 'Spoke', price: '0.5', uom_id: uom.id, product_qty: '40' });
    const response = await call(t, 'GET', '/api/products/export', owner);
    expect(response.statusCode, response.body).toBe(200);
    const [header, row] = response.body.trim().split('\r\n');
    expect(header).toBe(PRODUCT_IMPORT_COLUMNS.join(','));
    expect(row).toBe('Spoke,,,0.5000,,40.0000,pcs,,active,buy,0,days,0.0000,0.0000');
  });

  it('lets a worker read but not write; a guest and a customer nothing', async () => {
    const product = await createProduct(t, token);
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await call(t, 'GET', `/api/products/${product.id}`, worker.token)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/products', worker.token, {})).statusCode).toBe(403);
    const customer = await memberIn(t, tenant.workspace, 'customer');
    expect((await call(t, 'GET', '/api/products', customer.token)).statusCode).toBe(403);
    const general = (await newTenant(t, 'workspace')).owner.token;
    expect((await call(t, 'GET', `/api/products/${product.id}`, general)).statusCode).toBe(404);
  });
});
