import type { PaginationQuery } from '@workhub/shared/schemas/common';

type Range = { limit: number; offset: number };

/**
 * One page of a list in the `{ data, meta }` envelope: `rows` reads the page (LIMIT/OFFSET in
 * SQL), `counted` counts the whole list with the same filter; both run at once.
 */
export async function pageOf<T>(
  { page, limit }: PaginationQuery,
  rows: (range: Range) => PromiseLike<T[]>,
  counted: PromiseLike<{ total: number }[]>,
) {
  const [data, [count]] = await Promise.all([rows({ limit, offset: (page - 1) * limit }), counted]);
  return { data, meta: { page, limit, total: count?.total ?? 0 } };
}
