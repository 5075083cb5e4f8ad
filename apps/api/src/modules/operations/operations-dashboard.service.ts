import {
  CUSTOMER_ORDER_STATUSES,
  type CustomerOrderStatus,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
} from '@workhub/shared/schemas/operations';
import type { OperationsDashboard } from '@workhub/shared/schemas/operations-mrp';
import { and, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { viewerToday } from '../../lib/viewer-date.ts';
import { products } from './operations.schema.ts';
import { customerOrderLines, customerOrders, purchaseOrders, workOrders } from './orders.schema.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monday (UTC) of the week of `now`, as ms since the epoch (PostgreSQL's date_trunc('week') agrees). */
function mondayOf(now: Date): number {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
}

/** Every status of `statuses` with its count from `rows`, 0 when none. */
function byStatus<S extends string>(statuses: readonly S[], rows: { status: S; count: number }[]) {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/**
 * The MRP dashboard's figures (GET /api/operations/dashboard; issue 13 §5), each from SQL over the
 * workspace's records:
 * - sales value and orders per week: customer orders that are not draft or cancelled, by the week
 *   (Monday, UTC) of their order date, the last `weeks` weeks with this one, zero-filled; the value
 *   is Σ quantity × unit price of their lines;
 * - stock value: Σ on hand × price over active products (the price a product is sold or bought at,
 *   not the rolled-up cost: the roll-up is a per-product walk of the BOM, and a dashboard figure
 *   must be one query); below safety stock: active products whose on hand is under it;
 * - orders by status, every status; late orders: confirmed purchase and customer orders due before
 *   today, planned and released work orders needed before today.
 */
export function createOperationsDashboardService(ctx: Ctx) {
  const { db } = ctx;

  async function figures(scope: WorkspaceScope, weeks: number): Promise<OperationsDashboard> {
    const now = ctx.now();
    const today = viewerToday(now);
    const thisMonday = mondayOf(now);
    const firstWeek = isoDay(thisMonday - (weeks - 1) * 7 * DAY_MS);
    const nextWeek = isoDay(thisMonday + 7 * DAY_MS);
    const week = sql<string>`to_char(date_trunc('week', ${customerOrders.orderDate}), 'YYYY-MM-DD')`;

    const [sales, stock, purchase, customer, work] = await Promise.all([
      db
        .select({
          week,
          value: sql<string>`round(coalesce(sum(${customerOrderLines.quantity} * ${customerOrderLines.unitPrice}), 0), 4)::text`,
          orders: sql<number>`count(distinct ${customerOrders.id})`.mapWith(Number),
        })
        .from(customerOrders)
        .leftJoin(
          customerOrderLines,
          and(
            eq(customerOrderLines.accountId, customerOrders.accountId),
            eq(customerOrderLines.orderId, customerOrders.id),
          ),
        )
        .where(
          and(
            scope.workspace(customerOrders),
            gte(customerOrders.orderDate, firstWeek),
            lt(customerOrders.orderDate, nextWeek),
            notInArray(customerOrders.status, ['draft', 'cancelled']),
          ),
        )
        .groupBy(week),
      db
        .select({
          value: sql<string>`round(coalesce(sum(${products.productQty} * ${products.price}), 0), 4)::text`,
          belowSafety: countOf(sql`${products.productQty} < ${products.safetyStock}`),
        })
        .from(products)
        .where(and(scope.workspace(products), eq(products.status, 'active'))),
      db
        .select({
          status: purchaseOrders.status,
          count: countOf(),
          late: countOf(sql`${purchaseOrders.status} = 'confirmed' and ${purchaseOrders.dueDate} < ${today}`),
        })
        .from(purchaseOrders)
        .where(scope.workspace(purchaseOrders))
        .groupBy(purchaseOrders.status),
      db
        .select({
          status: customerOrders.status,
          count: countOf(),
          late: countOf(sql`${customerOrders.status} = 'confirmed' and ${customerOrders.dueDate} < ${today}`),
        })
        .from(customerOrders)
        .where(scope.workspace(customerOrders))
        .groupBy(customerOrders.status),
      db
        .select({ late: countOf() })
        .from(workOrders)
        .where(
          and(
            scope.workspace(workOrders),
            inArray(workOrders.status, ['planned', 'released']),
            lt(workOrders.needDate, today),
          ),
        ),
    ]);

    const perWeek = new Map(sales.map((row) => [row.week, row]));
    const weekStarts = Array.from({ length: weeks }, (_, index) =>
      isoDay(thisMonday - (weeks - 1 - index) * 7 * DAY_MS),
    );
    const sum = (rows: { late: number }[]) => rows.reduce((total, row) => total + row.late, 0);
    return {
      sales_value_per_week: weekStarts.map((start) => ({
        week: start,
        value: perWeek.get(start)?.value ?? '0.0000',
      })),
      orders_per_week: weekStarts.map((start) => ({ week: start, count: perWeek.get(start)?.orders ?? 0 })),
      stock_value: stock[0]?.value ?? '0.0000',
      below_safety_stock: stock[0]?.belowSafety ?? 0,
      orders_by_status: {
        purchase: byStatus<PurchaseOrderStatus>(PURCHASE_ORDER_STATUSES, purchase),
        customer: byStatus<CustomerOrderStatus>(CUSTOMER_ORDER_STATUSES, customer),
      },
      late_orders: { purchase: sum(purchase), customer: sum(customer), work: work[0]?.late ?? 0 },
    };
  }

  return { figures };
}
export type OperationsDashboardService = ReturnType<typeof createOperationsDashboardService>;
