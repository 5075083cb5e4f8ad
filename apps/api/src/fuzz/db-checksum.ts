import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type DbHandle, postgresHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { seedPlans } from '../db/seed.ts';
import { openTestDb } from '../test/helpers.ts';

/**
 * A database no other test file writes to, so a checksum over every table sees only this file's
 * requests: on PGlite a copy of the snapshot of its own; on PostgreSQL the run's database is shared by the
 * files running in parallel, so the fuzz gets one of its own (migrated, seeded, dropped after).
 */
export async function privateTestDb(): Promise<{ db: DbHandle; drop: () => Promise<void> }> {
  const info = inject('testDb');
  if (info.kind === 'pglite') {
    const db = await openTestDb({ own: true });
    return { db, drop: () => db.close() };
  }
  const url = new URL(info.url);
  const name = `${url.pathname.slice(1)}_fuzz_${randomBytes(3).toString('hex')}`;
  const admin = postgres(info.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  url.pathname = `/${name}`;
  const db = postgresHandle(url.toString(), 4);
  await db.migrate();
  await seedPlans(db.db);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * Tables whose rows a refused request may legitimately write: none today. A table listed here
 * must say why (e.g. a throttle that counts failed sign-ins is meant to change on a 401).
 */
const MAY_CHANGE_ON_4XX = new Set<string>(['__drizzle_migrations']);

/** The names of the tables of the public schema (read once per run). */
export async function tableNames(db: DbHandle): Promise<string[]> {
  const rows = await db.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ name: string }>(rows)
    .map((row) => row.name)
    .filter((name) => !MAY_CHANGE_ON_4XX.has(name));
}

/** One fingerprint per table: row count and an md5 over every row's text, in one round trip. */
export async function tableChecksums(db: DbHandle, tables: string[]): Promise<Map<string, string>> {
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from ${sql.identifier(name)} t`,
  );
  const rows = await db.db.execute<{ name: string; sum: string }>(sql.join(parts, sql` union all `));
  return new Map(rowsOf<{ name: string; sum: string }>(rows).map((row) => [row.name, row.sum]));
}

/** The tables whose fingerprint differs between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, sum]) => before.get(name) !== sum).map(([name]) => name);
}
