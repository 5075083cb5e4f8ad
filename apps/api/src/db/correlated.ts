import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column of the outer query, as a correlated subquery must name it: `"table"."column"`.
 * Drizzle writes a column without its table when the query reads one table, so in
 * `(select count(*) from barber_appointments where customer_id = ${barberCustomers.id})` the
 * `"id"` it writes is the subquery's own (the appointment's), and the count is always 0.
 */
export const outer = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
