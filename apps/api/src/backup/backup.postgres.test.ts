import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresHandle } from '../db/client.ts';
import { seedPlans } from '../db/seed.ts';
import { testApp } from '../test/helpers.ts';
import { privatePostgresUnavailable, startPrivatePostgres } from '../test/private-postgres.ts';
import { BackupError, restore, type TableChecksum, tableChecksums } from './backup.ts';
import { expectSeeded, runCli, seedThroughApi } from './backup-fixture.ts';

// Runs in the api-postgres project only (TEST_DATABASE_URL): two databases of its own on that
// server, created and dropped here, and one role of its own, dropped after. No other database is read.

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
const SOURCE = `workhub_backup_src_${suffix}`;
const TARGET = `workhub_backup_dst_${suffix}`;
/** A role only the dump knows about once the source is gone: restore has to create it. */
const ROLE = `workhub_backup_role_${suffix}`;
// A password the trust-authenticated server ignores, and that no output may contain.
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;

const urlOf = (database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  url.username = url.username || 'postgres';
  url.password = PASSWORD;
  return url.toString();
};
const admin = () => postgres(adminUrl, { max: 1, onnotice: () => {} });

async function checksumsOf(url: string): Promise<Record<string, TableChecksum>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await tableChecksums((text) => sql.unsafe<Record<string, unknown>[]>(text));
  } finally {
    await sql.end();
  }
}

let scratch = '';
let file = '';
let before: Record<string, TableChecksum> = {};

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'workhub-backup-pg-'));
  const sql = admin();
  try {
    await sql.unsafe(`create database ${SOURCE}`);
    await sql.unsafe(`create database ${TARGET}`);
    await sql.unsafe(`create role ${ROLE} nologin`);
  } finally {
    await sql.end();
  }
  const handle = postgresHandle(urlOf(SOURCE), 4);
  await handle.migrate();
  await seedPlans(handle.db);
  const t = await testApp(handle);
  try {
    await seedThroughApi(t);
  } finally {
    await t.app.close();
    await handle.close();
  }
  // A grant and a policy naming a role, as the row-level security migration's do.
  const source = postgres(urlOf(SOURCE), { max: 1, onnotice: () => {} });
  try {
    await source.unsafe(`grant select on public.projects to ${ROLE}`);
    await source.unsafe(`create policy backup_test on public.projects for select to ${ROLE} using (true)`);
    await source.unsafe(`alter default privileges in schema public grant select on tables to ${ROLE}`);
  } finally {
    await source.end();
  }
  before = await checksumsOf(urlOf(SOURCE));
  expectSeeded(before);
});

afterAll(async () => {
  const sql = admin();
  try {
    for (const name of [SOURCE, TARGET]) await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.unsafe(`drop role if exists ${ROLE}`);
  } finally {
    await sql.end();
  }
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('backup and restore (PostgreSQL)', () => {
  it('`npm run backup` dumps the database with pg_dump, printing the file and size, never the password', async () => {
    file = join(scratch, 'workhub.dump');
    const result = await runCli(['backup', file], { DATABASE_URL: urlOf(SOURCE) });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(
      new RegExp(`^Backed up PostgreSQL database "${SOURCE}" on [^ ]+ to ${file} \\(\\d+\\.\\d\\d MB\\)\\n$`),
    );
    expect(result.output).not.toContain(PASSWORD);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('restores into an empty database of another name, creating the roles it grants to, with every table equal', async () => {
    // The source is gone, and so is the role its grant and policy name: as on another cluster.
    const sql = admin();
    try {
      await sql.unsafe(`drop database ${SOURCE} with (force)`);
      await sql.unsafe(`drop role ${ROLE}`);
    } finally {
      await sql.end();
    }
    const restored = await restore(file, { kind: 'postgres', url: urlOf(TARGET) });
    expect(restored.tables).toBe(Object.keys(before).length);
    expect(await checksumsOf(urlOf(TARGET))).toEqual(before);

    const check = admin();
    try {
      const roles = await check`select rolcanlogin from pg_roles where rolname = ${ROLE}`;
      expect(roles).toEqual([{ rolcanlogin: false }]);
    } finally {
      await check.end();
    }
    const target = postgres(urlOf(TARGET), { max: 1, onnotice: () => {} });
    try {
      const [policy] = await target`
        select polroles::regrole[]::text[] as roles from pg_policy where polname = 'backup_test'`;
      expect(policy?.roles).toEqual([ROLE]);
      const [grant] = await target`select has_table_privilege(${ROLE}, 'public.projects', 'select') as ok`;
      expect(grant?.ok).toBe(true);
    } finally {
      await target.end();
    }
  });

  it.skipIf(privatePostgresUnavailable())(
    "restores into another cluster as the app's own user (not a superuser), which then owns every table",
    async () => {
      const other = await startPrivatePostgres();
      try {
        const superuser = postgres(other.url, { max: 1, onnotice: () => {} });
        try {
          await superuser.unsafe('create role app_user login createrole');
          await superuser.unsafe('create database app owner app_user');
        } finally {
          await superuser.end();
        }
        const at = (user: string) => {
          const url = new URL(other.url);
          url.pathname = '/app';
          url.username = user;
          return url.toString();
        };
        const restored = await restore(file, { kind: 'postgres', url: at('app_user') });
        expect(restored.tables).toBe(Object.keys(before).length);
        expect(await checksumsOf(at('postgres'))).toEqual(before);
        const sql = postgres(at('postgres'), { max: 1, onnotice: () => {} });
        try {
          const owners = await sql`select distinct tableowner from pg_tables where schemaname = 'public'`;
          expect(owners).toEqual([{ tableowner: 'app_user' }]);
          const [role] = await sql`select rolcanlogin from pg_roles where rolname = ${ROLE}`;
          expect(role).toEqual({ rolcanlogin: false });
          // The source's default privileges (migration 0010's for the app's roles, and the test's
          // own), now the restoring user's (the new owner of the schema).
          const defaults = await sql`
            select pg_get_userbyid(defaclrole) as owner, defaclobjtype::text as kind, defaclacl::text as acl
            from pg_default_acl order by defaclobjtype::text collate "C"`;
          expect(defaults).toEqual([
            { owner: 'app_user', kind: 'S', acl: '{workhub_app=rU/app_user,workhub_platform=rU/app_user}' },
            {
              owner: 'app_user',
              kind: 'r',
              acl: `{workhub_app=arwd/app_user,${ROLE}=r/app_user,workhub_platform=arwd/app_user}`,
            },
          ]);
        } finally {
          await sql.end();
        }
      } finally {
        await other.destroy();
      }
    },
    60_000,
  );

  it('refuses to restore into a database that is not empty, in one line without the password', async () => {
    await expect(restore(file, { kind: 'postgres', url: urlOf(TARGET) })).rejects.toThrow(BackupError);
    const result = await runCli(['restore', file], { DATABASE_URL: urlOf(TARGET) });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(
      new RegExp(
        `^PostgreSQL database "${TARGET}" on [^ ]+ is not empty \\(\\d+ tables\\): restore only into an empty database`,
      ),
    );
    expect(result.output.trim().split('\n')).toHaveLength(1);
    expect(result.output).not.toContain(PASSWORD);
    expect(await checksumsOf(urlOf(TARGET))).toEqual(before);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});
