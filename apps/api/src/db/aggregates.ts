import { type SQL, sql } from 'drizzle-orm';

/** `count(*)`, or of the rows matching `where`, as a JavaScript number. */
export const countOf = (where?: SQL) =>
  (where ? sql<number>`count(*) filter (where ${where})::int` : sql<number>`count(*)::int`).mapWith(Number);

/** round(100 * part / whole) as a whole number, 0 when `whole` is 0 (a workspace with no tasks). */
export const percentOf = (part: SQL, whole: SQL) =>
  sql<number>`coalesce(round(100.0 * ${part} / nullif(${whole}, 0)), 0)::int`.mapWith(Number);
