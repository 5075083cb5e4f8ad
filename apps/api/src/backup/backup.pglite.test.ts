import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findRepoRoot } from '../config.ts';
import { PGLITE_EXTENSIONS, pgliteHandle } from '../db/client.ts';
import { testApp } from '../test/helpers.ts';
import {
  BackupError,
  backup,
  defaultPrivileges,
  libpqEnv,
  pgliteInUse,
  restore,
  rolesInSchema,
  type TableChecksum,
  tableChecksums,
  withoutDefaultAcls,
} from './backup.ts';
import { expectSeeded, runCli, seedThroughApi } from './backup-fixture.ts';

// Runs in the api-pglite project only: PGlite directories of its own, on disk, as `npm start` keeps them.

let scratch = '';
let source = '';
let before: Record<string, TableChecksum> = {};
/** The first test's backup, which the refusals reuse. */
let backedUp = '';

async function checksumsOf(dir: string): Promise<Record<string, TableChecksum>> {
  const client = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
  try {
    return await tableChecksums(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'workhub-backup-'));
  source = join(scratch, 'source', 'db');
  mkdirSync(join(scratch, 'source'));
  // The run's migrated snapshot, on disk this time, filled through the API.
  const info = inject('testDb');
  if (info.kind !== 'pglite') throw new Error('the PGlite project gives a PGlite snapshot');
  const data = await readFile(info.snapshot);
  const t = await testApp(
    pgliteHandle(
      await PGlite.create({ dataDir: source, loadDataDir: new Blob([data]), extensions: PGLITE_EXTENSIONS }),
    ),
  );
  try {
    await seedThroughApi(t);
  } finally {
    await t.app.close();
    await t.db.close();
  }
  before = await checksumsOf(source);
  expectSeeded(before);
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('backup and restore (PGlite)', () => {
  it('backs up a seeded database and restores it elsewhere with every table equal', async () => {
    const file = join(scratch, 'backups', 'one.tar.gz');
    backedUp = file;
    const result = await backup({ kind: 'pglite', dir: source }, file);
    expect(result.file).toBe(file);
    expect(result.bytes).toBe(statSync(file).size);
    // Every account's data and password hashes: readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = join(scratch, 'restored', 'db');
    const restored = await restore(file, { kind: 'pglite', dir: target });
    expect(restored.tables).toBe(Object.keys(before).length);
    expect(await checksumsOf(target)).toEqual(before);
    // The source is untouched by being backed up.
    expect(await checksumsOf(source)).toEqual(before);
  });

  it('refuses to restore into a database that is not empty, and to overwrite a backup', async () => {
    const file = backedUp;
    await expect(restore(file, { kind: 'pglite', dir: source })).rejects.toThrow(
      new BackupError(
        `${source} is not empty: restore only into an empty database (stop the server and move that directory away first)`,
      ),
    );
    expect(await checksumsOf(source)).toEqual(before);
    await expect(backup({ kind: 'pglite', dir: source }, file)).rejects.toThrow(/already exists/);
  });

  it('refuses a file that is not a backup, and a PGlite backup for PostgreSQL', async () => {
    const junk = join(scratch, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    await expect(restore(junk, { kind: 'pglite', dir: join(scratch, 'never') })).rejects.toThrow(
      /is not a Workhub backup/,
    );
    await expect(
      restore(join(scratch, 'missing'), { kind: 'pglite', dir: join(scratch, 'never') }),
    ).rejects.toThrow(/does not exist/);
    await expect(
      restore(backedUp, { kind: 'postgres', url: 'postgres://postgres:not-printed@127.0.0.1:1/none' }),
    ).rejects.toThrow(
      /is a backup of PGlite .* but the target is PostgreSQL database "none" on 127\.0\.0\.1:1/,
    );
    expect(existsSync(join(scratch, 'never'))).toBe(false);
  });

  it('refuses to back up a PGlite directory another process has open', async () => {
    // Another process (the server, here a stand-in) holding the directory open.
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { PGlite } from '@electric-sql/pglite';
         import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
         const db = await PGlite.create({ dataDir: ${JSON.stringify(source)}, extensions: { btree_gist } });
         process.stdout.write('open\\n');
         process.stdin.on('end', async () => { await db.close(); process.exit(0); });
         process.stdin.resume();`,
      ],
      { cwd: findRepoRoot(), stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      await once(holder.stdout, 'data');
      expect(pgliteInUse(source)).toEqual({ pid: holder.pid });
      const file = join(scratch, 'backups', 'while-open.tar.gz');
      await expect(backup({ kind: 'pglite', dir: source }, file)).rejects.toThrow(
        `The PGlite database in ${source} is open (process ${holder.pid}): PGlite allows one process at a time, so stop the server, back up, then start it again`,
      );
      expect(existsSync(file)).toBe(false);
    } finally {
      holder.stdin?.end();
      await once(holder, 'exit');
    }
    // Closed again: nothing holds it.
    expect(pgliteInUse(source)).toBeUndefined();
  });

  it('`npm run backup` writes backups/workhub-<time>.tar.gz and says where; `npm run restore` refuses a full database in one line', async () => {
    const cwd = join(scratch, 'cli');
    mkdirSync(cwd);
    const env = { DATA_DIR: join(scratch, 'source') };
    const backedUp = await runCli(['backup'], env, cwd);
    expect(backedUp.code, backedUp.output).toBe(0);
    const match = /^Backed up PGlite in (\S+) to (\S+) \((\d+\.\d\d) MB\)\n$/.exec(backedUp.output);
    expect(match?.[1]).toBe(source);
    expect(match?.[2]).toMatch(new RegExp(`^${cwd}/backups/workhub-\\d{8}T\\d{6}Z\\.tar\\.gz$`));
    const file = match?.[2] ?? '';
    expect(statSync(file).size).toBeGreaterThan(0);

    // (restore itself is the module's, tested above)
    const [refused, usage] = await Promise.all([
      runCli(['restore', file], env, cwd),
      runCli(['restore'], env, cwd),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.output).toBe(
      `${source} is not empty: restore only into an empty database (stop the server and move that directory away first)\n`,
    );
    expect(usage.code).toBe(2);
    expect(usage.output).toMatch(/^usage: npm run backup/);
  });
});

describe('rolesInSchema', () => {
  it('names the roles of grants, revokes, policies and default privileges, not tables or PUBLIC', () => {
    const script = [
      'GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.projects TO workhub_app;',
      'GRANT SELECT ON TABLE public."to x" TO workhub_platform, "Odd ""Role""" WITH GRANT OPTION;',
      'REVOKE ALL ON TABLE public.users FROM PUBLIC;',
      'REVOKE ALL ON SCHEMA public FROM old_owner;',
      'CREATE POLICY tenant_isolation ON public.tasks TO workhub_app USING ((account_id IN ( SELECT a.id FROM accounts a)));',
      'CREATE POLICY platform_access ON public.users AS RESTRICTIVE FOR SELECT TO workhub_platform USING (true);',
      'CREATE POLICY everyone ON public.plans USING (true);',
      'ALTER DEFAULT PRIVILEGES FOR ROLE deployer IN SCHEMA public GRANT SELECT ON TABLES TO reader;',
      'ALTER TABLE public.projects OWNER TO postgres;',
      'SELECT 1 FROM accounts;',
    ].join('\n');
    expect(rolesInSchema(script)).toEqual(
      ['Odd "Role"', 'deployer', 'old_owner', 'reader', 'workhub_app', 'workhub_platform'].sort(),
    );
  });
});

describe('the default privileges of a restore', () => {
  it('are left out of the table of contents and rewritten for the user restoring', () => {
    const list = [
      ';     Format: CUSTOM',
      '2176; 826 26662 DEFAULT ACL public DEFAULT PRIVILEGES FOR TABLES postgres',
      '2170; 0 0 ACL public TABLE projects postgres',
    ].join('\n');
    expect(withoutDefaultAcls(list)).toBe(
      [';     Format: CUSTOM', '2170; 0 0 ACL public TABLE projects postgres'].join('\n'),
    );
    const schema = [
      'GRANT SELECT ON TABLE public.projects TO workhub_app;',
      'ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT SELECT,INSERT ON TABLES TO workhub_app;',
      'ALTER DEFAULT PRIVILEGES FOR ROLE "Old Owner" GRANT USAGE ON SEQUENCES TO workhub_app;',
    ].join('\n');
    expect(defaultPrivileges(schema)).toEqual([
      'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT,INSERT ON TABLES TO workhub_app;',
      'ALTER DEFAULT PRIVILEGES GRANT USAGE ON SEQUENCES TO workhub_app;',
    ]);
  });
});

describe('libpqEnv', () => {
  it('passes the connection in the environment, the password never on a command line', () => {
    expect(libpqEnv('postgres://app:p%40ss@db.example.com:6543/workhub?sslmode=verify-full')).toEqual({
      PGHOST: 'db.example.com',
      PGPORT: '6543',
      PGUSER: 'app',
      PGPASSWORD: 'p@ss',
      PGDATABASE: 'workhub',
      PGSSLMODE: 'verify-full',
    });
    expect(libpqEnv('postgres://postgres@127.0.0.1/x?ssl=true')).toMatchObject({ PGSSLMODE: 'require' });
  });
});
