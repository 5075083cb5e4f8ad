import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

/** The database as services see it; a transaction is one too, so a service takes either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Beside this file in the source tree, beside the bundle in dist/ (build.mjs copies it there). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function postgresHandle(url: string, max = 10): DbHandle {
  // Notices (e.g. "relation already exists, skipping" from the migrator) are not worth a log line.
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzlePostgres({ client });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: () => client.end({ timeout: 5 }),
  };
}

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite with its data directory on disk. */
export async function openDb(options: {
  databaseUrl: string | undefined;
  pgliteDir: string;
}): Promise<DbHandle> {
  if (options.databaseUrl) return postgresHandle(options.databaseUrl);
  // PGlite creates only the last folder of its path.
  mkdirSync(dirname(options.pgliteDir), { recursive: true });
  return pgliteHandle(await PGlite.create({ dataDir: options.pgliteDir }));
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
