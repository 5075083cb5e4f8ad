import type { OrderNumberSequence } from '@workhub/shared/schemas/operations';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { bomLines, orderNumberSequences, products } from './operations.schema.ts';
import {
  customerOrderLines,
  customerOrders,
  purchaseOrderLines,
  purchaseOrders,
  workOrders,
} from './orders.schema.ts';

// The MRP tests' data, written straight into the tables (quicker than the API, and independent of
// the master data and orders endpoints): a workspace of the MRP template and its records.

type OrderLine = { product: string; quantity: string; due: string; price?: string; done?: string };

/** What tells a customer order from a purchase order: its tables, its party, its line's done column. */
const ORDER_KINDS = {
  customer_order: {
    orders: customerOrders,
    orderLines: customerOrderLines,
    party: { customerName: 'Acme' },
    done: 'shippedQty',
  },
  purchase_order: {
    orders: purchaseOrders,
    orderLines: purchaseOrderLines,
    party: { supplierName: 'Parts Ltd' },
    done: 'receivedQty',
  },
} as const;
type OrderKind = keyof typeof ORDER_KINDS;

/** `n` days from today (UTC), 'YYYY-MM-DD'. */
export const dayFromToday = (n: number): string => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n))
    .toISOString()
    .slice(0, 10);
};

export type MrpWorld = Awaited<ReturnType<typeof mrpWorld>>;

/** A new tenant with a workspace of `template`, its owner's token, and the records' writers. */
export async function mrpWorld(t: TestApp, template: 'mrp' | 'erp' = 'mrp') {
  const tenant: Tenant = await newTenant(t, template);
  const where = { accountId: tenant.workspace.account_id, workspaceId: tenant.workspace.workspace_id };
  return { tenant, token: tenant.owner.token, ...mrpRecords(t, where) };
}

/** Writers of products, BOM lines and orders into one workspace. */
export function mrpRecords(t: TestApp, where: { accountId: string; workspaceId: string }) {
  const db = t.db.db;

  const nextNumber = async (sequence: OrderNumberSequence): Promise<number> => {
    const [row] = await db
      .insert(orderNumberSequences)
      .values({ ...where, sequence, lastValue: 1 })
      .onConflictDoUpdate({
        target: [
          orderNumberSequences.accountId,
          orderNumberSequences.workspaceId,
          orderNumberSequences.sequence,
        ],
        set: { lastValue: sql`${orderNumberSequences.lastValue} + 1` },
      })
      .returning({ last: orderNumberSequences.lastValue });
    if (!row) throw new Error('no number');
    return row.last;
  };

  /** An order of `kind` and its lines; `done` goes to the kind's shipped or received quantity. */
  const order = async (
    kind: OrderKind,
    lines: OrderLine[],
    values: Partial<(typeof ORDER_KINDS)[OrderKind]['orders']['$inferInsert']>,
  ): Promise<{ id: string; number: number; lineIds: string[] }> => {
    const { orders, orderLines, party, done } = ORDER_KINDS[kind];
    const number = await nextNumber(kind);
    const status = values.status ?? 'confirmed';
    const [row] = await db
      .insert(orders)
      .values({
        ...where,
        number,
        ...party,
        orderDate: dayFromToday(-30),
        dueDate: lines[0]?.due ?? dayFromToday(0),
        status,
        confirmedAt: status === 'draft' || status === 'cancelled' ? null : new Date(),
        cancelledAt: status === 'cancelled' ? new Date() : null,
        closedAt: status === 'closed' ? new Date() : null,
        ...values,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('no order');
    const rows = await db
      .insert(orderLines)
      .values(
        lines.map((line, index) => ({
          ...where,
          orderId: row.id,
          position: index + 1,
          productId: line.product,
          quantity: line.quantity,
          unitPrice: line.price ?? '0',
          [done]: line.done ?? '0',
          dueDate: line.due,
        })),
      )
      .returning({ id: orderLines.id });
    return { id: row.id, number, lineIds: rows.map((line) => line.id) };
  };

  return {
    where,
    async product(name: string, values: Partial<typeof products.$inferInsert> = {}): Promise<string> {
      const [row] = await db
        .insert(products)
        .values({ ...where, productName: name, price: '1', ...values })
        .returning({ id: products.id });
      if (!row) throw new Error('no product');
      return row.id;
    },
    async line(
      parent: string,
      component: string,
      qty: string,
      values: Partial<typeof bomLines.$inferInsert> = {},
    ): Promise<string> {
      const [row] = await db
        .insert(bomLines)
        .values({ ...where, productNeedId: parent, productNeededId: component, bomQty: qty, ...values })
        .returning({ id: bomLines.id });
      if (!row) throw new Error('no BOM line');
      return row.id;
    },
    /** A customer order (confirmed unless said otherwise); `done` is the quantity shipped. */
    customerOrder: (lines: OrderLine[], values: Partial<typeof customerOrders.$inferInsert> = {}) =>
      order('customer_order', lines, values),
    /** A purchase order (confirmed unless said otherwise); `done` is the quantity received. */
    purchaseOrder: (lines: OrderLine[], values: Partial<typeof purchaseOrders.$inferInsert> = {}) =>
      order('purchase_order', lines, values),
    async workOrder(
      product: string,
      quantity: string,
      needDate: string,
      values: Partial<typeof workOrders.$inferInsert> = {},
    ): Promise<string> {
      const number = await nextNumber('work_order');
      const status = values.status ?? 'planned';
      const [row] = await db
        .insert(workOrders)
        .values({
          ...where,
          number,
          productId: product,
          quantity,
          needDate,
          releaseDate: needDate,
          status,
          releasedAt: status === 'released' || status === 'completed' ? new Date() : null,
          completedAt: status === 'completed' ? new Date() : null,
          cancelledAt: status === 'cancelled' ? new Date() : null,
          ...values,
        })
        .returning({ id: workOrders.id });
      if (!row) throw new Error('no work order');
      return row.id;
    },
  };
}
