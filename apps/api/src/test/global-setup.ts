import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, pgliteHandle, postgresHandle } from '../db/client.ts';
import { seedPlans } from '../db/seed.ts';

export type TestDbInfo = { kind: 'pglite'; snapshot: string } | { kind: 'postgres'; url: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

/**
 * PGlite: one migrated, seeded database, dumped to a tarball that every test file loads (creating
 * one takes seconds, loading it half of one). PostgreSQL: a database of this run's own, dropped after.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'workhub-test-'));
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const handle = pgliteHandle(client);
    await handle.migrate();
    await seedPlans(handle.db);
    const snapshot = join(dir, 'db.tar.gz');
    await writeFile(snapshot, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    await handle.close();
    project.provide('testDb', { kind, snapshot });
    return async () => rm(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `workhub_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString(), 1);
  await handle.migrate();
  await seedPlans(handle.db);
  await handle.close();
  project.provide('testDb', { kind, url: url.toString() });
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
