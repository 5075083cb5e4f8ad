import type { PaginationQuery } from '@workhub/shared/schemas/common';
import { type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { ListShape } from '../lib/list-query.ts';
import { pageOf } from '../lib/paging.ts';
import { countOf } from './aggregates.ts';
import type { Db } from './client.ts';
import { type Preparable, runPrepared } from './prepared.ts';

type SortedList<Q extends PgSelect, T> = {
  /** Which filters the list has, and their values (lib/list-query.ts). */
  shape: ListShape;
  /**
   * The rows with their joins and `shape.where()`, and the ORDER BY, with placeholders for every
   * value (db/prepared.ts): called once per shape, when its statements are built.
   */
  build: () => { select: Q; order: SQL[] };
  /** What the list counts: the table of `select`, under the same WHERE (no join changes the count). */
  table: PgTable;
  toItem: (row: Awaited<Q>[number]) => T;
};

/** The rows of the list in its order: `limit` of them from `offset`. One prepared statement per shape. */
function sortedRows<Q extends PgSelect, T>(
  db: Db,
  list: SortedList<Q, T>,
  kind: string,
  range: { limit: number; offset: number },
): Promise<T[]> {
  return runPrepared(db, `${list.shape.key}|${kind}`, { ...list.shape.values, ...range }, () => {
    const { select, order } = list.build();
    // orderBy() on a generic select widens its row type; the rows are still those of `select`.
    return select
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')) as unknown as Preparable<Awaited<Q>>;
  }).then((rows) => rows.map(list.toItem));
}

/** pageOf for a list in an ORDER BY: the page mapped to its items, and the total. */
export function sortedPageOf<Q extends PgSelect, T>(db: Db, query: PaginationQuery, list: SortedList<Q, T>) {
  return pageOf(
    query,
    (range) => sortedRows(db, list, 'page', range),
    runPrepared(db, `${list.shape.key}|count`, list.shape.values, () =>
      db.select({ total: countOf() }).from(list.table).where(list.shape.where()),
    ),
  );
}

/** The first `max` rows of the list, in its order (an export). */
export const sortedListOf = <Q extends PgSelect, T>(db: Db, list: SortedList<Q, T>, max: number) =>
  sortedRows(db, list, 'all', { limit: max, offset: 0 });
