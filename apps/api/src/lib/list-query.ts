import { type AnyColumn, asc, desc, gte, ilike, lte, type SQL } from 'drizzle-orm';

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Named = { name: AnyColumn; dueDate: AnyColumn };
type NameAndDue = { q?: string | undefined; due_before?: string | undefined; due_after?: string | undefined };

/** The filters every work list takes: `q` (name contains, any case) and a due-date range, both ends included. */
export function nameAndDueFilters(table: Named, query: NameAndDue): SQL[] {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(table.name, containing(query.q)));
  if (query.due_after) filters.push(gte(table.dueDate, query.due_after));
  if (query.due_before) filters.push(lte(table.dueDate, query.due_before));
  return filters;
}

/**
 * ORDER BY for a `sort` value such as 'name' or '-due_date': the column(s) that sort means, then
 * `id` as the tiebreak (so pages never overlap nor skip a row), all in the one direction, which is
 * the order of the matching (..., column, id) index read forwards or backwards.
 */
function orderFor<K extends string>(
  sort: K | `-${K}`,
  columns: Record<K, readonly (AnyColumn | SQL)[]>,
  id: AnyColumn,
): SQL[] {
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as K;
  const direction = descending ? desc : asc;
  return [...columns[key], id].map((column) => direction(column));
}

type Listed = Named & { status: AnyColumn; createdAt: AnyColumn; id: AnyColumn };
type ListSort = 'due_date' | 'status' | 'name' | 'created_at';

/**
 * The ORDER BY of the project, milestone and task lists: by due date, status (then due date), name
 * or creation, then id. `byStatus` replaces the stored status (tasks sort by the status shown).
 */
export const listOrder = (
  table: Listed,
  sort: ListSort | `-${ListSort}`,
  byStatus: AnyColumn | SQL = table.status,
): SQL[] =>
  orderFor(
    sort,
    {
      due_date: [table.dueDate],
      status: [byStatus, table.dueDate],
      name: [table.name],
      created_at: [table.createdAt],
    },
    table.id,
  );
