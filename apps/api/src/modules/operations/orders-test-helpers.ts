import type { Template } from '@workhub/shared/enums';
import type { CustomerOrderBody, PurchaseOrderBody } from '@workhub/shared/schemas/operations-orders';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import type { TestApp } from '../../test/helpers.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { call, daysFromNow } from '../../test/work.ts';
import { bomLines, products } from './operations.schema.ts';
import { workOrders } from './orders.schema.ts';

// Test data of the orders' tests, straight into the database (the products' own endpoints are
// another file's business): products, BOM lines, and order bodies.

type Where = Pick<Workspace, 'account_id' | 'workspace_id'>;

let counter = 0;

/** A product of the workspace; a unique name unless given. Its stock is set as is (no move). */
export async function insertProduct(
  { db }: TestApp,
  where: Where,
  values: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  counter += 1;
  const [row] = await db.db
    .insert(products)
    .values({
      accountId: where.account_id,
      workspaceId: where.workspace_id,
      productName: `Part ${counter} ${Math.random().toString(36).slice(2, 6)}`,
      price: '1.5',
      ...values,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  return row.id;
}

/** `parent` needs `qty` of `component` per unit. */
export async function insertBomLine(
  { db }: TestApp,
  where: Where,
  parent: string,
  component: string,
  qty: string,
  values: Partial<typeof bomLines.$inferInsert> = {},
): Promise<void> {
  await db.db.insert(bomLines).values({
    accountId: where.account_id,
    workspaceId: where.workspace_id,
    productNeedId: parent,
    productNeededId: component,
    bomQty: qty,
    ...values,
  });
}

/** A product's on-hand figure as the database holds it ('12.0000'). */
export async function stockOf({ db }: TestApp, where: Where, productId: string): Promise<string> {
  const [row] = await db.db
    .select({ qty: products.productQty })
    .from(products)
    .where(and(eq(products.accountId, where.account_id), eq(products.id, productId)));
  if (!row) throw new Error('no such product');
  return row.qty;
}

/** A tenant of an operations template (MRP by default) with two products. */
export async function opsTenant(t: TestApp, template: Template = 'mrp') {
  const tenant: Tenant = await newTenant(t, template);
  const where = tenant.workspace;
  const spoke = await insertProduct(t, where, { price: '0.25' });
  const wheel = await insertProduct(t, where, { price: '40', productQty: '5' });
  return { ...tenant, where, spoke, wheel, token: tenant.owner.token };
}

export const purchaseBody = (
  t: TestApp,
  lines: PurchaseOrderBody['lines'],
  overrides: Partial<PurchaseOrderBody> = {},
): PurchaseOrderBody => ({
  supplier_name: 'Acme Parts',
  order_date: daysFromNow(t, 0),
  due_date: daysFromNow(t, 14),
  lines,
  ...overrides,
});

export const customerBody = (
  t: TestApp,
  lines: CustomerOrderBody['lines'],
  overrides: Partial<CustomerOrderBody> = {},
): CustomerOrderBody => ({
  customer_name: 'Bike Shop',
  order_date: daysFromNow(t, 0),
  due_date: daysFromNow(t, 7),
  lines,
  ...overrides,
});

/** Creates an order through the API (201) and answers its detail. */
export async function createOrder(
  t: TestApp,
  token: string,
  path: '/api/purchase-orders' | '/api/customer-orders',
  body: PurchaseOrderBody | CustomerOrderBody,
) {
  const response = await call(t, 'POST', path, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; number: number; lines: { id: string; product_id: string }[] };
}

/** POST <path>/:id/<step> (with a body for receive and ship); the raw response. */
export const stepOrder = (
  t: TestApp,
  token: string,
  path: string,
  id: string,
  step: string,
  payload?: object,
) => call(t, 'POST', `${path}/${id}/${step}`, token, payload);

/** A planned work order straight into the database (work orders come from MRP confirms). */
export async function insertWorkOrder(
  { db }: TestApp,
  where: Where,
  productId: string,
  quantity: string,
  values: Partial<typeof workOrders.$inferInsert> = {},
): Promise<string> {
  const [taken] = await db.db
    .select({ last: sql<number>`coalesce(max(${workOrders.number}), 0)::int` })
    .from(workOrders)
    .where(and(eq(workOrders.accountId, where.account_id), eq(workOrders.workspaceId, where.workspace_id)));
  const [row] = await db.db
    .insert(workOrders)
    .values({
      accountId: where.account_id,
      workspaceId: where.workspace_id,
      number: (taken?.last ?? 0) + 1,
      productId,
      quantity,
      needDate: '2030-01-10',
      releaseDate: '2030-01-01',
      ...values,
    })
    .returning({ id: workOrders.id });
  if (!row) throw new Error('no work order');
  return row.id;
}

/**
 * A chain of `length` made products, `<prefix> 0` needing `<prefix> 1` needing ... (each line qty
 * 1), written by one INSERT ... SELECT generate_series: a BOM as deep as an import can make, without
 * thousands of requests. The products' ids, top first.
 */
export async function insertBomChain(
  { db }: TestApp,
  where: Where,
  length: number,
  prefix: string,
): Promise<string[]> {
  const { account_id: accountId, workspace_id: workspaceId } = where;
  const rows = await db.db.execute(sql`
    with made as (
      insert into products (account_id, workspace_id, product_name, procurement_type)
      select ${accountId}::uuid, ${workspaceId}::uuid, ${prefix} || ' ' || i, 'make'
      from generate_series(0, ${length - 1}::int) i
      returning id, product_name
    ), ordered as (
      select id, substr(product_name, ${prefix.length + 2}::int)::int as level from made
    ), linked as (
      insert into bom_lines (account_id, workspace_id, product_need_id, product_needed_id, bom_qty)
      select ${accountId}::uuid, ${workspaceId}::uuid, id, next_id, 1
      from (select id, lead(id) over (order by level) as next_id from ordered) pairs
      where next_id is not null
    )
    select id from ordered order by level`);
  const ids = rowsOf<{ id: string }>(rows).map((row) => row.id);
  expect(ids).toHaveLength(length);
  return ids;
}
