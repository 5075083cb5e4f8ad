import { is, Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';
import { onCurrentConnection } from './tenant-context.ts';

/*
 * Statements built once and run many times. Drizzle builds a statement's SQL text from its query
 * objects on every run, which cost the hot lists a fifth of the server's CPU (docs/performance.md);
 * a statement written with placeholders (`sql.placeholder('name')`) for every value the request
 * brings is built once per shape (which filters a list has, its sort) and run with the values.
 * PostgreSQL then plans it once per connection too (postgres.js names the statements it runs).
 */

/** What Drizzle's queries that can be prepared have in common. */
export type Preparable<R> = {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): Prepared<R>;
};
type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/** At most this many shapes are kept per database; past it the cache starts again (it is a cache). */
export const MAX_SHAPES = 500;
const statements = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/**
 * The run's values that must never be constants of the statement: ids (the tenant's first) and
 * dates. An enum value ('archived') may well be both a constant and, in another filter, a value.
 */
const CHECKED = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2})$/i;

/**
 * Refuses a statement that holds one of the values it is about to run with as a constant rather
 * than as a placeholder: such a statement, kept and run for the next request, would answer with
 * the first request's tenant or filter. Checked once per shape, when it is built.
 */
export function assertOnlyPlaceholders(
  key: string,
  params: unknown[],
  values: Record<string, unknown>,
): void {
  const runValues = new Set(
    Object.values(values).filter((v): v is string => typeof v === 'string' && CHECKED.test(v)),
  );
  for (const param of params) {
    if (is(param, Placeholder)) continue;
    if (typeof param === 'string' && runValues.has(param)) {
      throw new Error(`Prepared statement "${key}" holds a request's value: write it as a placeholder`);
    }
  }
}

/**
 * Runs the statement of `key` with `values`, building it with `build` the first time this shape is
 * seen on this database. `key` names the shape only (never a value); everything the request
 * brings goes through `values` and placeholders.
 */
export async function runPrepared<R>(
  db: Db,
  key: string,
  values: Record<string, unknown>,
  build: () => Preparable<R>,
): Promise<R> {
  let shapes = statements.get(db);
  if (!shapes) {
    shapes = new Map();
    statements.set(db, shapes);
  }
  let statement = shapes.get(key) as Prepared<R> | undefined;
  if (!statement) {
    const query = build();
    assertOnlyPlaceholders(key, query.toSQL().params, values);
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    statement = query.prepare(key.replace(/\W+/g, '_').slice(0, 60));
    shapes.set(key, statement);
  }
  return onCurrentConnection(db, statement).execute(values);
}
