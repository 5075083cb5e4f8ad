import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/**
 * The ORDER BY of an operations list for a `sort` such as 'product_name' or '-price': the column
 * that sort names, then `id`, all in the one direction (the order of the matching (..., column, id)
 * index read forwards or backwards).
 */
export function sortOrder<K extends string>(
  sort: K | `-${K}`,
  columns: Record<K, AnyColumn | SQL>,
  id: AnyColumn,
): SQL[] {
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as K;
  const direction = descending ? desc : asc;
  return [columns[key], id].map((column) => direction(column));
}
