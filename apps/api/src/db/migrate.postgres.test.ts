import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationCount, run, useBuiltBundles } from '../test/migrate-processes.ts';
import { postgresHandle } from './client.ts';
import { MIGRATION_LOCK_KEY } from './migrate.ts';
import { SEED_PLANS } from './seed.ts';

// Runs in the api-postgres project only (vitest.config.ts), on databases of its own.
const scratch = useBuiltBundles();

describe('migrating one PostgreSQL database from two places', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const created: string[] = [];
  const admin = () => postgres(adminUrl, { max: 1, onnotice: () => {} });

  /** A new, empty database of this test's own, dropped after. */
  async function emptyDatabase(): Promise<string> {
    const name = `workhub_migrate_${process.pid}_${Date.now()}_${created.length}`;
    const sql = admin();
    await sql.unsafe(`create database ${name}`);
    await sql.end();
    created.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    const sql = admin();
    for (const name of created) await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
  });

  async function applied(url: string): Promise<{ migrations: number; hashes: number; plans: number }> {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ migrations: number; hashes: number; plans: number }[]>`
        select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
               (select count(distinct hash)::int from drizzle.__drizzle_migrations) as hashes,
               (select count(*)::int from subscription_plans) as plans`;
      if (!row) throw new Error('no row');
      return row;
    } finally {
      await sql.end();
    }
  }

  it('two migrate processes started together on an empty database both succeed, and migrate it once', async () => {
    const url = await emptyDatabase();
    const both = [migrate({ DATABASE_URL: url }), migrate({ DATABASE_URL: url })];
    for (const one of both) expect(await one.exit, one.output()).toBe(0);
    expect(await applied(url)).toMatchObject({
      migrations: migrationCount,
      hashes: migrationCount,
      plans: 0,
    });
  }, 60_000);

  it("migrates on a connection of its own, free of the pool's statement timeout", async () => {
    const url = await emptyDatabase();
    // A pool whose every statement is cancelled after 1 ms: migrating through it would fail.
    const handle = postgresHandle(url, 1, { statementMs: 1, idleInTransactionMs: 30_000 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    expect((await applied(url)).migrations).toBe(migrationCount);
  }, 60_000);

  it('a migration waits while another holds the migration lock, then finds its work', async () => {
    const url = await emptyDatabase();
    const holder = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await holder`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`;
      const waiting = migrate({ DATABASE_URL: url });
      // Long enough for an unlocked migrator to have created its schema (it takes well under this).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(waiting.child.exitCode).toBeNull();
      const [schema] = await holder<
        { found: string | null }[]
      >`select to_regnamespace('drizzle')::text as found`;
      expect(schema?.found).toBeNull();
      await holder`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`;
      expect(await waiting.exit, waiting.output()).toBe(0);
    } finally {
      await holder.end();
    }
    expect((await applied(url)).migrations).toBe(migrationCount);
  }, 60_000);

  it('two servers (npm start) started together on an empty database both come up; one seeds', async () => {
    const url = await emptyDatabase();
    const server = (name: string) =>
      run(['scripts/start.mjs', '--api-only'], {
        DATABASE_URL: url,
        DATA_DIR: join(scratch(), name),
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST: join(scratch(), 'no-web'),
      });
    const both = [server('a'), server('b')];
    try {
      const bases = await Promise.all(
        both.map(async (one) => {
          for (let i = 0; i < 1200; i++) {
            const listening = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(one.output());
            if (listening?.[1] && one.output().includes('workhub ready')) return listening[1];
            if (one.child.exitCode !== null) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          throw new Error(`a server did not start:\n${one.output()}`);
        }),
      );
      for (const base of bases) expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      expect(both.filter((one) => one.output().includes('Super admin created'))).toHaveLength(1);
      expect(await applied(url)).toMatchObject({ migrations: migrationCount, plans: SEED_PLANS.length });
    } finally {
      for (const one of both) {
        one.child.kill('SIGTERM');
        await one.exit;
      }
    }
  }, 90_000);
});
