import { type AnyColumn, and, eq, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';

/** A module's table that holds sample rows: a tenant table with a `sample` flag. */
export type SampleTable = PgTable & { id: AnyPgColumn; accountId: AnyPgColumn; sample: AnyPgColumn };

/** Rows that keep a sample row alive: `column` of `table` names it (in the same account). */
export type KeptBy = { table: PgTable & { accountId: AnyColumn }; column: AnyColumn };

/**
 * "Clear sample data" for one table: deletes the rows of `table` marked sample within `scope` (the
 * tenant's condition on it), except those a row of `keptBy` still refers to (a real booking's
 * customer, a real ticket's counter stay). Returns how many went. Children first: clear the rows
 * that refer before the rows they refer to.
 */
export async function clearSampleRows(
  db: PgDatabase<PgQueryResultHKT>,
  table: SampleTable,
  scope: SQL | undefined,
  keptBy?: KeptBy,
): Promise<number> {
  const inUse = keptBy
    ? notExists(
        db
          .select({ one: sql`1` })
          .from(keptBy.table)
          .where(and(eq(keptBy.table.accountId, table.accountId), eq(keptBy.column, table.id))),
      )
    : undefined;
  const deleted = await db
    .delete(table)
    .where(and(scope, eq(table.sample, true), inUse))
    .returning({ id: table.id });
  return deleted.length;
}

/**
 * "Load sample data" of a module in a workspace takes turns (a transaction-scoped advisory lock keyed
 * by both, taken before the check that the module is empty): two loads at the same instant (two
 * tabs, two presses) on PostgreSQL both found the module empty, and the second failed on a unique
 * name the first had written, with the general 'This already exists or was just changed by someone
 * else'. The second now waits for the first, then finds the module filled and answers the module's
 * own 409, as a load pressed later does. One set is written.
 */
export const takeSampleLoadTurn = (
  db: PgDatabase<PgQueryResultHKT>,
  module: 'barber' | 'cbe' | 'ticketing',
  scope: { workspaceValues(): { workspaceId: string } },
) =>
  db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`sample_data:${module}:${scope.workspaceValues().workspaceId}`}, 0))`,
  );
