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
