import { operationsMessages } from '@workhub/shared/operations-messages';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/app-error.ts';
import { BOM_DEPTH_MAX } from './mrp/cost.ts';
import { type BomEdge, bomLevels, findCycle, formatCyclePath, shownInPath } from './mrp/cycles.ts';
import { bomLines, products } from './operations.schema.ts';

/**
 * Serialises every change of a workspace's BOM lines (create, edit, import) for the rest of the
 * transaction: a cycle check reads the lines, then the write adds one, and two requests that each
 * pass the check alone (A needs B, B needs A) must not both commit. A transaction-scoped advisory
 * lock keyed by the workspace, not a row lock: a row of `workspaces` locked FOR UPDATE would also
 * wait for every insert that checks a foreign key to it. Other workspaces never wait.
 */
export async function lockWorkspaceBom(tx: Db, scope: WorkspaceScope): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`bom_lines:${scope.workspaceId}`}, 0))`,
  );
}

/** What the checks read of a workspace's line. */
export type GraphLine = BomEdge & { id: string; active: boolean };

/**
 * Every line of the workspace, any status, as one plain read (no recursive query): the checks run
 * in memory on it (mrp/cycles.ts), in time linear in the lines. A recursive query walked a
 * 3,000-level chain one level per step, and PGlite (no statistics: it has no autovacuum) read every
 * line of the account at each step: 9 million rows, 8 s, with every workspace of every account
 * waiting on its one connection.
 */
export async function workspaceLines(tx: Db, scope: WorkspaceScope): Promise<GraphLine[]> {
  const rows = await tx
    .select({
      id: bomLines.id,
      parent_id: bomLines.productNeedId,
      component_id: bomLines.productNeededId,
      status: bomLines.status,
    })
    .from(bomLines)
    .where(scope.workspace(bomLines));
  return rows.map(({ status, ...line }) => ({ ...line, active: status === 'active' }));
}

/** Product names by id, for messages that name products. */
export async function productNames(tx: Db, scope: WorkspaceScope, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await tx
          .select({ id: products.id, name: products.productName })
          .from(products)
          .where(and(scope.workspace(products), inArray(products.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The 409 of a cycle, naming its products ('Bicycle → Wheel → Bicycle'; the ends of a long one). */
export async function cycleRefused(tx: Db, scope: WorkspaceScope, path: readonly string[]) {
  const names = await productNames(tx, scope, shownInPath(path));
  const message = operationsMessages.bomCycle(formatCyclePath(path, (id) => names.get(id) ?? id));
  return conflict(message, { product_needed: message });
}

/** The message of a line on a path deeper than BOM_DEPTH_MAX, naming the path's ends. */
export function tooDeepMessage(path: readonly string[], names: ReadonlyMap<string, string>): string {
  return operationsMessages.bomTooDeep(
    path.length,
    BOM_DEPTH_MAX,
    formatCyclePath(path, (id) => names.get(id) ?? id),
  );
}

/**
 * 409 when the line `parent` → `component` (a new one, or line `id` changed to it) would close a
 * cycle at any depth (every line counts: an inactive one is still a line), or, `deepens` (it becomes
 * an active line it was not: new, switched on, or a new component), would make a path of active
 * lines deeper than the BOM_DEPTH_MAX levels the tree and its cost show
 * (docs/decisions.md 036). Call it under lockWorkspaceBom, in the transaction that writes the line.
 */
export async function refuseCycle(
  tx: Db,
  scope: WorkspaceScope,
  line: { id?: string; parent: string; component: string; deepens: boolean },
): Promise<void> {
  const edge: BomEdge = {
    parent_id: line.parent,
    component_id: line.component,
    ...(line.id ? { id: line.id } : {}),
  };
  if (line.parent === line.component) throw await cycleRefused(tx, scope, [line.parent, line.parent]);
  const others = (await workspaceLines(tx, scope)).filter((other) => other.id !== line.id);
  const path = findCycle(others, edge);
  if (path) throw await cycleRefused(tx, scope, path);
  if (!line.deepens) return;
  // Null only if the stored lines already hold a cycle (written before cycles were checked).
  const levels = bomLevels(others.filter((other) => other.active));
  if (!levels || levels.levelsThrough(line.parent, line.component) <= BOM_DEPTH_MAX) return;
  const deepest = levels.pathThrough(line.parent, line.component);
  const message = tooDeepMessage(deepest, await productNames(tx, scope, shownInPath(deepest)));
  throw conflict(message, { product_needed: message });
}
