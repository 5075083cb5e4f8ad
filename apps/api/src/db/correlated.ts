import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';

/**
 * A column of the outer query, as a correlated subquery must name it: `"table"."column"`.
 * Drizzle writes a column without its table when the query reads one table, so in
 * `(select count(*) from barber_appointments where customer_id = ${barberCustomers.id})` the
 * `"id"` it writes is the subquery's own (the appointment's), and the count is always 0.
 */
export const outer = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * `column` of the row of `table` that the outer query's `key` names (its account and a foreign
 * key), as a correlated sub-select: one index lookup per row the outer query keeps. What a list of
 * a big table uses for the names of a small one: joined, a workspace's few services (staff, products,
 * classes) among every workspace's made the planner guess the join at a dozen rows and sort a whole
 * history for a page (docs/performance.md, "A small table joined to a big one"). `join` adds what
 * the column needs besides (`inner join ...`). The sub-select is nested in a `sql` of its own:
 * Drizzle then names every column with its table, which a join inside needs (in a one-table query
 * it writes them bare).
 */
export function relatedColumn<T>(
  table: AnyPgTable & { accountId: Column; id: Column },
  key: { accountId: Column; id: Column },
  column: SQL | Column,
  join?: SQL,
): SQL<T> {
  const from = join ? sql`${table} ${join}` : sql`${table}`;
  return sql<T>`${sql`(select ${column} from ${from} where ${table.accountId} = ${outer(key.accountId)} and ${table.id} = ${outer(key.id)})`}`;
}
