import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { DbTimeouts } from '../config.ts';
import { runMigrations } from './migrate.ts';
import { createPgliteBatcher, nextTurn } from './pglite-batch.ts';
import {
  type MaintenanceLoop,
  type MaintenanceReport,
  startPgliteMaintenance,
} from './pglite-maintenance.ts';
import { type PreparedTexts, preparedTexts, preparingQuery } from './pglite-prepared.ts';
import { type Batcher, createBatcher } from './read-batch.ts';
import { useBatcher } from './tenant-context.ts';

/**
 * The extensions every PGlite of the app loads (wherever one is created: the server, the tests,
 * backups, the benches): the migrations create them (btree_gist: the barber module's exclusion
 * constraint, migration 0014), and PGlite has only those it was given.
 */
export const PGLITE_EXTENSIONS = { btree_gist };

/** The database as services see it; a transaction is one too, so a service takes either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * db/migrate.ts: under PostgreSQL's advisory lock, so instances starting together take turns;
   * `underLock` runs after migrating, before the lock is released.
   */
  migrate<T = void>(underLock?: () => Promise<T>): Promise<T | undefined>;
  /**
   * The database as the app uses it: as the role `workhub_app` (APP_ROLE), which owns no table
   * and is held to row-level security (db/tenant-context.ts). `db` stays the owner's, for
   * migrating, seeding and the tests' own checks. PostgreSQL: a pool of its own whose connections
   * start as that role. PGlite (one connection): the session takes the role, and `db` steps back
   * to the owner statement by statement (ownerClient).
   */
  appDb(): Promise<Db>;
  /**
   * PGlite: VACUUM and ANALYZE as PostgreSQL's autovacuum would, every minute, once the app's
   * database is open (db/pglite-maintenance.ts); `close` stops it. PostgreSQL runs its own: nothing.
   */
  startMaintenance(report: MaintenanceReport): void;
  close(): Promise<void>;
};

/** The role the app's queries run as (created by migration 0010). */
export const APP_ROLE = 'workhub_app';

/**
 * PGlite is one connection: once the app has taken its role for the session, the owner's view of
 * the same database (migrating, seeding, the tests' own checks) runs each statement in a
 * transaction that steps back to the session's own user (`set local role none`) first.
 */
function ownerClient(client: PGlite): PGlite {
  const asOwner = <T>(fn: (tx: Transaction) => Promise<T>) =>
    client.transaction(async (tx) => {
      await tx.exec('set local role none');
      return fn(tx);
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          asOwner((tx) => tx.query(query, params, options));
      if (property === 'exec')
        return (query: string, options?: QueryOptions) => asOwner((tx) => tx.exec(query, options));
      if (property === 'transaction') return asOwner;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The app's view of PGlite, where each transaction lets the event loop turn once it holds the
 * connection, before its first statement. PGlite is one connection behind a first-come mutex:
 * under load, each transaction's end hands the connection to the next waiter in a microtask, so
 * the queued requests' transactions ran back to back without the loop polling for I/O in between
 * (measured: the loop stalled ~230 ms at a time at 50 connections). Meanwhile no new connection was
 * accepted and no new request read: a new connection's first answer took up to 7 s at 100k tasks,
 * and some passed the bench's 10 s timeout on a slower machine (docs/performance.md). With a turn
 * per transaction, the requests that arrived meanwhile join the queue behind the ones already in it.
 * Its statements, in a transaction or not, are prepared once they recur (db/pglite-prepared.ts).
 */
function appView(client: PGlite, texts: PreparedTexts): PGlite {
  const preparing = (target: PGlite | Transaction) => {
    const query = preparingQuery(target, texts);
    return new Proxy(target, {
      get(inner, property) {
        if (property === 'query') return query;
        const value: unknown = Reflect.get(inner, property, inner);
        return typeof value === 'function' ? value.bind(inner) : value;
      },
    });
  };
  const view = preparing(client) as PGlite;
  return new Proxy(view, {
    get(target, property) {
      if (property === 'transaction')
        return <T>(fn: (tx: Transaction) => Promise<T>) =>
          client.transaction(async (tx) => {
            await nextTurn();
            return fn(preparing(tx) as Transaction);
          });
      return Reflect.get(target, property, target);
    },
  });
}

export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite({ client: ownerClient(client) });
  let restricted: Promise<Db> | undefined;
  let batcher: Batcher | undefined;
  let maintenance: MaintenanceLoop | undefined;
  return {
    db,
    kind: 'pglite',
    migrate: (underLock) => runMigrations({ kind: 'pglite', db }, underLock),
    appDb: () => {
      // Prepared statements' values are quoted literals (db/pglite-prepared.ts): a backslash must
      // be a character, as it is by default. The role may VACUUM and ANALYZE (pg_maintain, PGlite
      // being PostgreSQL 18), which the app's own autovacuum does as it (db/pglite-maintenance.ts):
      // VACUUM runs outside a transaction, where the session cannot step back to the owner alone.
      restricted ??= client
        .exec(
          `grant pg_maintain to ${APP_ROLE} with inherit true; set role ${APP_ROLE}; set standard_conforming_strings = on`,
        )
        .then(() => {
          const texts = preparedTexts();
          const appDb = drizzlePglite({ client: appView(client, texts) });
          // Read-ahead requests' statements as one message each (db/pglite-batch.ts), with the
          // statements the app's view prepares.
          batcher = createPgliteBatcher(client, texts);
          useBatcher(appDb, batcher);
          return appDb;
        });
      return restricted;
    },
    startMaintenance(report) {
      if (maintenance) return;
      maintenance = startPgliteMaintenance(client, report);
    },
    close: async () => {
      await maintenance?.stop();
      await batcher?.close();
      if (!client.closed) await client.close();
    },
  };
}

/** Seconds before reconnecting after `retries` failed connections in a row: 0.1, 0.2, ... 0.5 at most. */
export const reconnectDelaySeconds = (retries: number): number => Math.min(0.1 * retries, 0.5);

/** The defaults of DB_STATEMENT_TIMEOUT_MS and DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (config.ts). */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { statementMs: 15_000, idleInTransactionMs: 30_000 };

export function postgresHandle(url: string, max = 10, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS): DbHandle {
  const pool = (role?: string, one?: { onclose: () => void }) =>
    postgres(url, {
      max: one ? 1 : max,
      ...(one ? { onclose: one.onclose } : {}),
      // Notices (e.g. "relation already exists, skipping" from the migrator) are not worth a log line.
      onnotice: () => {},
      // While the server is down, postgres.js waits before each new connection attempt, longer after
      // every failure (up to 20 s by default): requests would queue for seconds before their 503, and
      // the pool would stay away for as long after the server is back. At most 0.5 s: a 503 comes
      // quickly and the service is back within half a second of the server (docs/reliability.md).
      backoff: reconnectDelaySeconds,
      // Sent with every connection's startup, so no connection of the pool runs without them: one slow
      // query or a transaction left open cannot hold a connection (and its locks) for ever.
      connection: {
        statement_timeout: timeouts.statementMs,
        idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        ...(role ? { role } : {}),
        // Read batches write their values as quoted literals (db/read-batch.ts): a backslash must be
        // a character. PostgreSQL's default; said here so that no server setting can change it.
        standard_conforming_strings: 'on',
      },
      // The owner's pool is for migrating and seeding at start: it lets its connections go.
      ...(role ? {} : { idle_timeout: 30 }),
    });
  const client = pool();
  let appClient: ReturnType<typeof pool> | undefined;
  let appDb: Db | undefined;
  let batcher: Batcher | undefined;
  return {
    db: drizzlePostgres({ client }),
    kind: 'postgres',
    migrate: (underLock) => runMigrations({ kind: 'postgres', url }, underLock),
    appDb: async () => {
      appClient ??= pool(APP_ROLE);
      if (!appDb) {
        appDb = drizzlePostgres({ client: appClient });
        // Read-ahead requests' batches (db/read-batch.ts), on connections of their own, each taking
        // many requests' messages at once: as many as the pool's (with half as many, a heavy read's
        // messages queued deeper behind each other: the dashboard's p99 at 50 connections was 250-357
        // ms against 110-155; docs/performance.md).
        batcher = createBatcher(max, (onclose) => pool(APP_ROLE, { onclose }));
        useBatcher(appDb, batcher);
      }
      return appDb;
    },
    // PostgreSQL's autovacuum does it.
    startMaintenance() {},
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), appClient?.end({ timeout: 5 }), batcher?.close()]);
    },
  };
}

/**
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite with its data directory on disk.
 * The timeouts apply to PostgreSQL only: PGlite's wasm build accepts statement_timeout but never
 * fires it (no timer signal), and an idle_in_transaction_session_timeout that fires hangs it.
 * PGlite is one in-process connection anyway: there is no pool for a slow query to starve.
 */
/**
 * The server's PGlite buffer pool. PGlite's own default (128MB) is memory the wasm heap allocates
 * and zeroes at every start, on top of the OS's cache of the same files. Measured at 100k tasks
 * (docs/performance.md "PGlite's shared buffers"): 32MB serves the task and project lists as fast
 * (within the machine's spread) and the MRP run no slower, with ~100 MB less peak RSS.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export async function openDb(options: {
  databaseUrl: string | undefined;
  pgliteDir: string;
  dbTimeouts?: DbTimeouts;
}): Promise<DbHandle> {
  if (options.databaseUrl) return postgresHandle(options.databaseUrl, 10, options.dbTimeouts);
  // PGlite creates only the last folder of its path.
  mkdirSync(dirname(options.pgliteDir), { recursive: true });
  return pgliteHandle(
    await PGlite.create({
      dataDir: options.pgliteDir,
      extensions: PGLITE_EXTENSIONS,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    }),
  );
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
