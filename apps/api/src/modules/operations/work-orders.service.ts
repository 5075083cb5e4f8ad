import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { WorkOrderStatus } from '@workhub/shared/schemas/operations';
import {
  orderNumberLabel,
  WORK_ORDER_STEPS,
  type WorkOrder,
  type WorkOrderStep,
  type workOrderExportQuery,
  type workOrderListQuery,
} from '@workhub/shared/schemas/operations-orders';
import { and, asc, desc, eq, gte, ilike, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { relatedColumn } from '../../db/correlated.ts';
import { sortedListOf, sortedPageOf } from '../../db/paging.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import { containing, ListShape } from '../../lib/list-query.ts';
import { viewerToday } from '../../lib/viewer-date.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import { decimal, mul, roundHalfUp } from './mrp/decimal.ts';
import { bomLines, products, uoms } from './operations.schema.ts';
import { workOrders } from './orders.schema.ts';
import { applyStockChanges, type StockChange } from './stock-ledger.ts';

type ListQuery = z.output<typeof workOrderListQuery>;
type ExportQuery = z.output<typeof workOrderExportQuery>;

const w = workOrders;
const STEP_MESSAGES: Record<WorkOrderStep, string> = {
  release: operationsMessages.workOrderReleased,
  complete: operationsMessages.workOrderCompleted,
  cancel: operationsMessages.workOrderCancelled,
};
const STAMPS = { release: 'releasedAt', complete: 'completedAt', cancel: 'cancelledAt' } as const;
const SORT_COLUMNS = {
  need_date: w.needDate,
  release_date: w.releaseDate,
  number: w.number,
  created_at: w.createdAt,
} as const;

/** Work orders (made by confirming MRP proposals): the list, its export and the status steps. */
export function createWorkOrderService(ctx: Ctx) {
  const { db, now } = ctx;

  function selectWorkOrders(where: SQL | undefined, today: string | Placeholder) {
    return db
      .select({
        row: w,
        // Sub-selects, not joins (db/correlated.ts relatedColumn; 5,000 read for 14 with the joins in
        // work-orders-plan.postgres.test.ts).
        productName: relatedColumn<string>(
          products,
          { accountId: w.accountId, id: w.productId },
          products.productName,
        ),
        uomName: relatedColumn<string | null>(
          products,
          { accountId: w.accountId, id: w.productId },
          uoms.name,
          sql`inner join ${uoms} on ${uoms.accountId} = ${products.accountId} and ${uoms.id} = ${products.uomId}`,
        ),
        late: sql<boolean>`(${w.status} in ('planned', 'released') and ${w.needDate} < ${today})`.mapWith(
          Boolean,
        ),
      })
      .from(w)
      .where(where)
      .$dynamic();
  }
  type Selected = Awaited<ReturnType<typeof selectWorkOrders>>[number];

  const toWorkOrder = ({ row, productName, uomName, late }: Selected): WorkOrder => ({
    id: row.id,
    number: row.number,
    number_label: orderNumberLabel('work_order', row.number),
    product_id: row.productId,
    product_name: productName,
    uom_name: uomName,
    quantity: row.quantity,
    need_date: row.needDate,
    release_date: row.releaseDate,
    status: row.status,
    late,
    mrp_run_id: row.mrpRunId,
    mrp_proposal_id: row.mrpProposalId,
    notes: row.notes,
    released_at: row.releasedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  function listOf(scope: WorkspaceScope, query: ExportQuery) {
    const values = { ...scope.workspaceValues(), today: viewerToday(now()) };
    const shape = new ListShape('work_orders', values, () => inScopeWorkspace(w))
      .param(
        'q',
        query.q ? containing(query.q) : undefined,
        (q) =>
          // A subquery, not the join: the list's count reads the work orders alone.
          or(
            ilike(sql`'WO-' || lpad(${w.number}::text, 5, '0')`, q),
            sql`exists (select 1 from ${products} where ${products.accountId} = ${w.accountId} and ${products.id} = ${w.productId} and ${ilike(products.productName, q)})`,
          ) as SQL,
      )
      .param('status', query.status, (status) => eq(w.status, status))
      .param('product_id', query.product_id, (id) => eq(w.productId, id))
      .param('due_after', query.due_after, (day) => gte(w.needDate, day))
      .param('due_before', query.due_before, (day) => lte(w.needDate, day))
      .sorted(query.sort);
    const descending = query.sort.startsWith('-');
    const key = (descending ? query.sort.slice(1) : query.sort) as keyof typeof SORT_COLUMNS;
    const direction = descending ? desc : asc;
    return {
      shape,
      build: () => ({
        select: selectWorkOrders(shape.where(), sql.placeholder('today')),
        order: [direction(SORT_COLUMNS[key]), direction(w.id)],
      }),
      table: w,
      toItem: toWorkOrder,
    };
  }

  const list = (scope: WorkspaceScope, query: ListQuery) => sortedPageOf(db, query, listOf(scope, query));

  async function exportCsv(scope: WorkspaceScope, query: ExportQuery) {
    const fetched = await sortedListOf(db, listOf(scope, query), EXPORT_ROWS_MAX + 1);
    const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
    const csv = toCsv(
      ['Number', 'Product', 'Quantity', 'Unit', 'Need date', 'Release date', 'Status', 'Late', 'Notes'],
      rows.map((r) => [
        r.number_label,
        r.product_name,
        r.quantity,
        r.uom_name,
        r.need_date,
        r.release_date,
        r.status,
        r.late ? 'yes' : 'no',
        r.notes,
      ]),
    );
    const at = now();
    await recordAudit(db, exportEvent(scope, 'export.orders', rows.length, { kind: 'work', ...query }, at));
    return { filename: csvFilename('work-orders', at), csv, truncatedAt };
  }

  async function get(scope: WorkspaceScope, id: string): Promise<WorkOrder> {
    const [row] = await selectWorkOrders(and(scope.workspace(w), eq(w.id, id)), viewerToday(now()));
    if (!row) throw notFound();
    return toWorkOrder(row);
  }

  /**
   * Completing consumes the product's active BOM lines × quantity (production_out, rounded to 4
   * decimals) and adds the quantity (production_in), all or nothing: 409 notEnoughStock names a
   * component that lacks stock.
   */
  async function complete(
    tx: Db,
    scope: WorkspaceScope,
    order: { id: string; productId: string; quantity: string },
    at: Date,
  ) {
    const components = await tx
      .select({ productId: bomLines.productNeededId, bomQty: bomLines.bomQty })
      .from(bomLines)
      .where(
        and(
          scope.workspace(bomLines),
          eq(bomLines.productNeedId, order.productId),
          eq(bomLines.status, 'active'),
        ),
      )
      .orderBy(asc(bomLines.createdAt), asc(bomLines.id));
    const quantity = decimal(order.quantity);
    const changes: StockChange[] = components.map((c) => ({
      productId: c.productId,
      kind: 'production_out',
      delta: roundHalfUp(mul(decimal(`-${c.bomQty}`), quantity), 4),
      workOrderId: order.id,
    }));
    changes.push({
      productId: order.productId,
      kind: 'production_in',
      delta: quantity,
      workOrderId: order.id,
    });
    await applyStockChanges(tx, scope, changes, { userId: scope.auth.user_id, at });
  }

  /** release, complete or cancel (WORK_ORDER_STEPS): 409 workOrderStepRefused from another status. */
  async function takeStep(scope: WorkspaceScope, id: string, step: WorkOrderStep) {
    const { from, past } = WORK_ORDER_STEPS[step];
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: w.id, status: w.status, productId: w.productId, quantity: w.quantity })
        .from(w)
        .where(and(scope.workspace(w), eq(w.id, id)))
        .for('update');
      if (!order) throw notFound();
      if (!(from as readonly WorkOrderStatus[]).includes(order.status)) {
        throw conflict(operationsMessages.workOrderStepRefused(order.status, past));
      }
      const at = now();
      if (step === 'complete') await complete(tx, scope, order, at);
      await tx
        .update(w)
        .set({ status: past, [STAMPS[step]]: at, updatedAt: at })
        .where(and(scope.workspace(w), eq(w.id, id)));
    });
    return { message: STEP_MESSAGES[step], data: await get(scope, id) };
  }

  return {
    list,
    /** The list's statement's parts (db/paging.ts), for the test that reads its plan. */
    listOf,
    exportCsv,
    get,
    takeStep,
  };
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
