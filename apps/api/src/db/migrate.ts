import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

/** Beside this file in the source tree, beside the bundle in dist/ (build.mjs copies it there). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The key of the session-level advisory lock held while migrating: "workhub" in ASCII. Fixed, so
 * every instance and `npm run migrate` of every version of the app waits on the same lock.
 */
export const MIGRATION_LOCK_KEY = '33618059447530850';

/**
 * The migration lock is one database's, but the app's role (`workhub_app`, which migrations alter)
 * is the cluster's: two databases of one cluster migrated at the same instant can both alter it, and
 * PostgreSQL refuses one with "tuple concurrently updated". The refused run rolled back whole (the
 * migrator's one transaction), so it is run again, a few times at most.
 */
export async function migrateRetryingRoleClash(run: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause ?? err;
      if (attempt >= attempts || !/tuple concurrently updated/.test(String(cause))) throw err;
    }
  }
}

export type MigrationTarget = { kind: 'pglite'; db: PgliteDatabase } | { kind: 'postgres'; url: string };

/**
 * Applies the pending migrations: the one way the server, `npm run migrate` and the tests' global
 * setup migrate. Drizzle's migrator takes no lock of its own: two instances starting together on an
 * empty database would both see no migration applied, both run them, and one would fail ("relation
 * already exists"). On PostgreSQL, each waits here for `pg_advisory_lock` and, once it holds it,
 * finds the migrations already applied by the one before. PGlite's data directory belongs to one
 * process, so there is no one to wait for.
 */
export async function runMigrations<T>(
  target: MigrationTarget,
  /**
   * Runs after migrating, still under the lock: the server seeds here, so the first of several
   * instances starting together seeds and the others find it done (seeding checks, then inserts).
   */
  underLock?: () => Promise<T>,
): Promise<T | undefined> {
  if (target.kind === 'pglite') {
    await migratePglite(target.db, { migrationsFolder });
    return underLock?.();
  }
  // A connection of its own, apart from the pool, that takes the lock and then migrates: a session
  // lock belongs to one connection. No statement timeout applies to it (the pool's is for requests):
  // waiting for the lock lasts as long as another instance's migrations, and a migration rewriting
  // a large table may take minutes.
  const lock = postgres(target.url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'workhub-migrate', statement_timeout: 0 },
  });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`;
    try {
      await migrateRetryingRoleClash(() =>
        migratePostgres(drizzlePostgres({ client: lock }), { migrationsFolder }),
      );
      return await underLock?.();
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`;
    }
  } finally {
    // Closing the connection would release the lock too; unlocking first says so in the code.
    await lock.end({ timeout: 5 });
  }
}
