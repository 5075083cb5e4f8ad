import type { MrpPegging, MrpProposal, MrpRunItem } from '@workhub/shared/schemas/operations-mrp';
import { orderNumberLabel } from '@workhub/shared/schemas/operations-orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { type MrpRunRow, mrpProposals, mrpRuns } from './mrp.schema.ts';
import { tooLargeToOrder } from './mrp-run-save.ts';
import { products } from './operations.schema.ts';
import { purchaseOrderLines, purchaseOrders, workOrders } from './orders.schema.ts';

// Reading runs and their proposals back (GET /api/mrp/runs, /:id, /:id/proposals).

/** The columns of a run item; the counts are computed (the exceptions' and the confirmed proposals'). */
export const runItemColumns = {
  id: mrpRuns.id,
  createdAt: mrpRuns.createdAt,
  createdBy: mrpRuns.createdBy,
  today: mrpRuns.today,
  horizonDays: mrpRuns.horizonDays,
  horizonEnd: mrpRuns.horizonEnd,
  durationMs: mrpRuns.durationMs,
  summary: mrpRuns.summary,
  exceptionCount: sql<number>`jsonb_array_length(${mrpRuns.exceptions})`.mapWith(Number),
  // Written out with the tables' names: Drizzle leaves the columns of a one-table select unqualified,
  // and inside the subquery they would be read as the proposal's own.
  confirmedCount: sql<number>`(select count(*) from mrp_proposals p
    where p.account_id = mrp_runs.account_id and p.run_id = mrp_runs.id and p.status = 'confirmed')`.mapWith(
    Number,
  ),
};

type RunItemRow = Pick<
  MrpRunRow,
  'id' | 'createdAt' | 'createdBy' | 'today' | 'horizonDays' | 'horizonEnd' | 'durationMs' | 'summary'
> & { exceptionCount: number; confirmedCount: number };

export const toRunItem = (row: RunItemRow): MrpRunItem => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  created_by: row.createdBy,
  today: row.today,
  horizon_days: row.horizonDays,
  horizon_end: row.horizonEnd,
  duration_ms: row.durationMs,
  summary: row.summary as MrpRunItem['summary'],
  exception_count: row.exceptionCount,
  confirmed_count: row.confirmedCount,
});

/**
 * Whether the run is one of the workspace's: its id alone (a run's exceptions are one JSON array of
 * up to megabytes, and its counts scan its proposals; a page of its lists needs neither).
 */
export async function runExists(db: Db, scope: WorkspaceScope, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mrpRuns.id })
    .from(mrpRuns)
    .where(and(scope.workspace(mrpRuns), eq(mrpRuns.id, id)))
    .limit(1);
  return row !== undefined;
}

/** The run, if it is one of the workspace's. */
export async function findRun(db: Db, scope: WorkspaceScope, id: string) {
  const [row] = await db
    .select({ ...runItemColumns, exceptions: mrpRuns.exceptions })
    .from(mrpRuns)
    .where(and(scope.workspace(mrpRuns), eq(mrpRuns.id, id)))
    .limit(1);
  return row;
}

/**
 * A run's proposals in planning order, with their product's name and what each became
 * (`confirmed_ref`: the draft purchase order of its line, or its work order).
 */
export function proposalRows(db: Db, scope: WorkspaceScope, runId: string, filter?: SQL) {
  return db
    .select({
      id: mrpProposals.id,
      seq: mrpProposals.seq,
      productId: mrpProposals.productId,
      productName: products.productName,
      kind: mrpProposals.kind,
      quantity: mrpProposals.quantity,
      needDate: mrpProposals.needDate,
      releaseDate: mrpProposals.releaseDate,
      pastDue: mrpProposals.pastDue,
      pegging: mrpProposals.pegging,
      status: mrpProposals.status,
      purchaseOrderId: purchaseOrders.id,
      purchaseOrderNumber: purchaseOrders.number,
      workOrderId: workOrders.id,
      workOrderNumber: workOrders.number,
    })
    .from(mrpProposals)
    .innerJoin(
      products,
      and(eq(products.accountId, mrpProposals.accountId), eq(products.id, mrpProposals.productId)),
    )
    .leftJoin(
      purchaseOrderLines,
      and(
        eq(purchaseOrderLines.accountId, mrpProposals.accountId),
        eq(purchaseOrderLines.mrpProposalId, mrpProposals.id),
      ),
    )
    .leftJoin(
      purchaseOrders,
      and(
        eq(purchaseOrders.accountId, purchaseOrderLines.accountId),
        eq(purchaseOrders.id, purchaseOrderLines.orderId),
      ),
    )
    .leftJoin(
      workOrders,
      and(eq(workOrders.accountId, mrpProposals.accountId), eq(workOrders.mrpProposalId, mrpProposals.id)),
    )
    .where(and(scope.workspace(mrpProposals), eq(mrpProposals.runId, runId), filter))
    .orderBy(mrpProposals.seq)
    .$dynamic();
}

type ProposalRow = Awaited<ReturnType<typeof proposalRows>>[number];

export function toProposal(row: ProposalRow): MrpProposal {
  let confirmedRef: MrpProposal['confirmed_ref'] = null;
  if (row.purchaseOrderId !== null && row.purchaseOrderNumber !== null) {
    confirmedRef = {
      kind: 'purchase_order',
      id: row.purchaseOrderId,
      label: orderNumberLabel('purchase_order', row.purchaseOrderNumber),
    };
  } else if (row.workOrderId !== null && row.workOrderNumber !== null) {
    confirmedRef = {
      kind: 'work_order',
      id: row.workOrderId,
      label: orderNumberLabel('work_order', row.workOrderNumber),
    };
  }
  return {
    id: row.id,
    seq: row.seq,
    product_id: row.productId,
    product_name: row.productName,
    kind: row.kind,
    quantity: row.quantity,
    need_date: row.needDate,
    release_date: row.releaseDate,
    past_due: row.pastDue,
    too_large: tooLargeToOrder(row.quantity),
    pegging: row.pegging as MrpPegging[],
    status: row.status,
    confirmed_ref: confirmedRef,
  };
}
