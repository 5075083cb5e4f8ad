import type { PaginationQuery } from '@workhub/shared/schemas/common';
import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
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
  /**
   * The table's key, for a list that grows without bound (tasks): a page then picks its rows' keys
   * first, from the table alone in the list's order (an index-only scan of the list's index, whose
   * OFFSET skips index entries), and reads the page's rows with their joins and per-row columns for
   * those keys only. Without it, a deep page of a big project (600 rows matching, offset 500) was
   * planned as every matching row joined (the users table scanned whole), sorted, then cut: 3.1 ms
   * against 0.7 ms (docs/performance.md "The task list at 1M: big tenants' pages"). The ORDER BY
   * and `shape.where()` must name the list's table only, as `table` itself requires.
   */
  key?: { accountId: PgColumn; id: PgColumn };
};

/**
 * The statement of a list's rows in its order, `limit` of them from `offset` (placeholders of
 * those names besides the shape's own): what `sortedRows` prepares, exported for the tests that
 * read its plan.
 */
export function rowsStatement<Q extends PgSelect, T>(db: Db, list: SortedList<Q, T>): Preparable<Awaited<Q>> {
  const { select, order } = list.build();
  const { key } = list;
  if (key) {
    const picked = db
      .select({ accountId: key.accountId, id: key.id })
      .from(list.table)
      .where(list.shape.where())
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    // The page's rows, still under the list's WHERE (its tenant, its filters), in its order.
    select.where(and(list.shape.where(), sql`(${key.accountId}, ${key.id}) in ${picked}`));
    // orderBy() on a generic select widens its row type; the rows are still those of `select`.
    return select.orderBy(...order) as unknown as Preparable<Awaited<Q>>;
  }
  return select
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')) as unknown as Preparable<Awaited<Q>>;
}

/** The rows of the list in its order: `limit` of them from `offset`. One prepared statement per shape. */
function sortedRows<Q extends PgSelect, T>(
  db: Db,
  list: SortedList<Q, T>,
  kind: string,
  range: { limit: number; offset: number },
): Promise<T[]> {
  return runPrepared(db, `${list.shape.key}|${kind}`, { ...list.shape.values, ...range }, () =>
    rowsStatement(db, list),
  ).then((rows) => rows.map(list.toItem));
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
