import { operationsMessages } from '@workhub/shared/operations-messages';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/app-error.ts';
import { type BomEdge, findCycle, formatCyclePath } from './mrp/cycles.ts';
import { products } from './operations.schema.ts';

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

/**
 * Every line (any status: an inactive one may be switched on again without a check) reachable by
 * walking down from `from`: the lines a new line into `from` could close a cycle with. One
 * recursive query; UNION stops at a product already seen, so an existing cycle cannot hang it.
 */
export async function linesBelow(tx: Db, scope: WorkspaceScope, from: string): Promise<BomEdge[]> {
  const { accountId, workspaceId } = scope.workspaceValues();
  const result: unknown = await tx.execute(sql`
    with recursive below(product_id) as (
      select ${from}::uuid
      union
      select l.product_needed_id from bom_lines l join below b on l.product_need_id = b.product_id
      where l.account_id = ${accountId} and l.workspace_id = ${workspaceId}
    )
    select l.id, l.product_need_id as parent_id, l.product_needed_id as component_id
    from bom_lines l join below b on l.product_need_id = b.product_id
    where l.account_id = ${accountId} and l.workspace_id = ${workspaceId}`);
  return rowsOf<{ id: string; parent_id: string; component_id: string }>(result).map((row) => ({
    id: row.id,
    parent_id: row.parent_id,
    component_id: row.component_id,
  }));
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

/** The 409 of a cycle, naming its products ('Bicycle → Wheel → Bicycle'). */
export async function cycleRefused(tx: Db, scope: WorkspaceScope, path: readonly string[]) {
  const names = await productNames(tx, scope, path);
  const message = operationsMessages.bomCycle(formatCyclePath(path, (id) => names.get(id) ?? id));
  return conflict(message, { product_needed: message });
}

/**
 * 409 when the line `parent` → `component` (a new one, or line `id` changed to it) would close a
 * cycle, at any depth. Call it under lockWorkspaceBom, in the transaction that writes the line.
 */
export async function refuseCycle(
  tx: Db,
  scope: WorkspaceScope,
  line: { id?: string; parent: string; component: string },
): Promise<void> {
  const edge: BomEdge = {
    parent_id: line.parent,
    component_id: line.component,
    ...(line.id ? { id: line.id } : {}),
  };
  const path = findCycle(
    line.parent === line.component ? [] : await linesBelow(tx, scope, line.component),
    edge,
  );
  if (path) throw await cycleRefused(tx, scope, path);
}
