import type { PaginationQuery } from '@workhub/shared/schemas/common';
import type { SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { pageOf } from '../lib/paging.ts';
import { countOf } from './aggregates.ts';
import type { Db } from './client.ts';

type SortedList<Q extends PgSelect, T> = {
  /** The rows with their joins and `where` (a dynamic select). */
  select: Q;
  where: SQL | undefined;
  order: SQL[];
  /** What the list counts: the table of `select`, under the same `where` (no join changes the count). */
  table: PgTable;
  toItem: (row: Awaited<Q>[number]) => T;
};

/** pageOf for a select in an ORDER BY: the page mapped to its items, and the total. */
export function sortedPageOf<Q extends PgSelect, T>(db: Db, query: PaginationQuery, list: SortedList<Q, T>) {
  return pageOf(
    query,
    async ({ limit, offset }) => {
      // orderBy() on a generic select widens its row type; the rows are still those of `select`.
      const rows = (await list.select
        .orderBy(...list.order)
        .limit(limit)
        .offset(offset)) as Awaited<Q>;
      return rows.map(list.toItem);
    },
    db.select({ total: countOf() }).from(list.table).where(list.where),
  );
}
