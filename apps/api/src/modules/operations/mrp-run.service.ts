import { randomUUID } from 'node:crypto';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { PaginationQuery } from '@workhub/shared/schemas/common';
import {
  MRP_SERIOUS_EXCEPTIONS,
  type MrpException,
  type MrpRun,
  type MrpRunOverview,
  type mrpExceptionListQuery,
  type mrpProposalListQuery,
  type mrpRunBody,
} from '@workhub/shared/schemas/operations-mrp';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/paging.ts';
import { viewerToday } from '../../lib/viewer-date.ts';
import { isMrpError } from './mrp/mrp-error.ts';
import { runMrp } from './mrp/plan.ts';
import { mrpProposals, mrpRuns } from './mrp.schema.ts';
import { loadMrpInputs } from './mrp-run-load.ts';
import { findRun, proposalRows, runExists, runItemColumns, toProposal, toRunItem } from './mrp-run-read.ts';
import { describeRun, saveProposals } from './mrp-run-save.ts';

export type MrpRunBodyValues = z.output<typeof mrpRunBody>;
/** A run just made, and its proposals' JSON as saved (runAnswerJson answers with it). */
export type MrpRunCreated = { run: MrpRun; proposalsJson: readonly string[] };
export type MrpProposalListValues = z.output<typeof mrpProposalListQuery>;
export type MrpExceptionListValues = z.output<typeof mrpExceptionListQuery>;

/**
 * The day a run plans from, 'YYYY-MM-DD': the viewer's today (X-Local-Date within a day of UTC's,
 * lib/viewer-date.ts), as every "today" of the operations (docs/api.md 'Dates').
 */
export const planningDay = (now: Date): string => viewerToday(now);

/**
 * Runs and confirms of one workspace take turns (a transaction-scoped advisory lock keyed by the
 * workspace): each run plans from what the run or confirm before it saved.
 */
export const lockWorkspaceRuns = (tx: Db, scope: WorkspaceScope) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mrp_run:${scope.workspaceId}`}, 0))`);

/** The MRP run (docs/api.md 'The MRP run'; the engine is mrp/plan.ts, pure). */
export function createMrpRunService(ctx: Ctx) {
  const { db } = ctx;

  /**
   * Loads the workspace's plan inputs, runs the engine and saves the run with its proposals, all in
   * one transaction: a run is there whole or not at all. A BOM cycle is a 409 naming its products.
   */
  async function create(scope: WorkspaceScope, body: MrpRunBodyValues): Promise<MrpRunCreated> {
    const started = performance.now();
    const today = planningDay(ctx.now());
    return db.transaction(async (tx) => {
      await lockWorkspaceRuns(tx, scope);
      const inputs = await loadMrpInputs(tx, scope, today, body.horizon_days);
      const result = planOrConflict(
        () => runMrp(inputs.input, { proposalId: () => randomUUID() }),
        (id) => inputs.productNames.get(id) ?? id,
      );
      const { proposals, exceptions } = describeRun(result, inputs);
      const runId = randomUUID();
      const [saved] = await tx
        .insert(mrpRuns)
        .values({
          ...scope.workspaceValues(),
          id: runId,
          today,
          horizonDays: body.horizon_days,
          horizonEnd: result.horizon_end,
          summary: result.summary,
          exceptions,
          createdBy: scope.auth.user_id,
          // After the lock, not the transaction's start: runs are ordered as they were planned.
          createdAt: sql`clock_timestamp()`,
        })
        .returning({ createdAt: mrpRuns.createdAt });
      if (!saved) throw new Error('the run was not saved');
      const proposalsJson = await saveProposals(tx, scope, runId, proposals);
      const durationMs = Math.round(performance.now() - started);
      await tx
        .update(mrpRuns)
        .set({ durationMs })
        .where(and(scope.workspace(mrpRuns), eq(mrpRuns.id, runId)));
      const run: MrpRun = {
        ...toRunItem({
          id: runId,
          createdAt: saved.createdAt,
          createdBy: scope.auth.user_id,
          today,
          horizonDays: body.horizon_days,
          horizonEnd: result.horizon_end,
          durationMs,
          summary: result.summary,
          exceptionCount: exceptions.length,
          confirmedCount: 0,
        }),
        proposals,
        exceptions,
      };
      return { run, proposalsJson };
    });
  }

  /** The workspace's runs, newest first, without their proposals. */
  function list(scope: WorkspaceScope, query: PaginationQuery) {
    const where = scope.workspace(mrpRuns);
    return pageOf(
      query,
      async ({ limit, offset }) =>
        (
          await db
            .select(runItemColumns)
            .from(mrpRuns)
            .where(where)
            .orderBy(desc(mrpRuns.createdAt), desc(mrpRuns.id))
            .limit(limit)
            .offset(offset)
        ).map(toRunItem),
      db.select({ total: countOf() }).from(mrpRuns).where(where),
    );
  }

  /** One run with every proposal, in planning order (a run of another workspace is a 404). */
  async function get(scope: WorkspaceScope, id: string): Promise<MrpRun> {
    const run = await findRun(db, scope, id);
    if (!run) throw notFound();
    const rows = await proposalRows(db, scope, id);
    return {
      ...toRunItem(run),
      proposals: rows.map(toProposal),
      exceptions: run.exceptions as MrpException[],
    };
  }

  /** One run without its proposals and exceptions: its summary (the run page's head). */
  async function overview(scope: WorkspaceScope, id: string): Promise<MrpRunOverview> {
    const [run] = await db
      .select(runItemColumns)
      .from(mrpRuns)
      .where(and(scope.workspace(mrpRuns), eq(mrpRuns.id, id)))
      .limit(1);
    if (!run) throw notFound();
    return toRunItem(run);
  }

  /**
   * A page of a run's exceptions (kept as one JSON array on the run): the serious ones first
   * (MRP_SERIOUS_EXCEPTIONS), each group in the run's order, optionally of one kind.
   */
  async function exceptions(scope: WorkspaceScope, id: string, query: MrpExceptionListValues) {
    if (!(await runExists(db, scope, id))) throw notFound();
    const kind = query.kind ?? null;
    const serious = sql.join(
      MRP_SERIOUS_EXCEPTIONS.map((serious) => sql`${serious}`),
      sql`, `,
    );
    const { accountId, workspaceId } = scope.workspaceValues();
    const items = sql`select e.value, e.n from mrp_runs r
      cross join lateral jsonb_array_elements(r.exceptions) with ordinality as e(value, n)
      where r.account_id = ${accountId}::uuid and r.workspace_id = ${workspaceId}::uuid and r.id = ${id}::uuid
        and (${kind}::text is null or e.value->>'kind' = ${kind}::text)`;
    return pageOf(
      query,
      async ({ limit, offset }) =>
        rowsOf<{ value: MrpException }>(
          await db.execute(sql`select x.value from (${items}) x
            order by (x.value->>'kind' in (${serious})) desc, x.n
            limit ${limit} offset ${offset}`),
        ).map((row) => row.value),
      db
        .execute(sql`select count(*)::int as total from (${items}) x`)
        .then((result) => rowsOf<{ total: number }>(result)),
    );
  }

  /** A page of a run's proposals, filtered, in planning order. */
  async function proposals(scope: WorkspaceScope, id: string, query: MrpProposalListValues) {
    if (!(await runExists(db, scope, id))) throw notFound();
    const filters: SQL[] = [];
    if (query.id !== undefined) filters.push(eq(mrpProposals.id, query.id));
    if (query.product_id !== undefined) filters.push(eq(mrpProposals.productId, query.product_id));
    if (query.kind !== undefined) filters.push(eq(mrpProposals.kind, query.kind));
    if (query.past_due !== undefined) filters.push(eq(mrpProposals.pastDue, query.past_due));
    if (query.status !== undefined) filters.push(eq(mrpProposals.status, query.status));
    const filter = filters.length > 0 ? and(...filters) : undefined;
    return pageOf(
      query,
      async ({ limit, offset }) =>
        (await proposalRows(db, scope, id, filter).limit(limit).offset(offset)).map(toProposal),
      db
        .select({ total: countOf() })
        .from(mrpProposals)
        .where(and(scope.workspace(mrpProposals), eq(mrpProposals.runId, id), filter)),
    );
  }

  return { create, list, get, overview, exceptions, proposals };
}
export type MrpRunService = ReturnType<typeof createMrpRunService>;

/** Runs the engine; its BOM cycle is the user's to fix (409, the path by product names). */
function planOrConflict<T>(plan: () => T, nameOf: (id: string) => string): T {
  try {
    return plan();
  } catch (error) {
    if (isMrpError(error) && error.code === 'bom_cycle' && error.path) {
      throw conflict(operationsMessages.bomCycle(error.path.map(nameOf).join(' → ')));
    }
    throw error;
  }
}
