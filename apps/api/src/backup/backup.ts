import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { PGLITE_EXTENSIONS } from '../db/client.ts';

/**
 * `npm run backup` / `npm run restore FILE` (backup/cli.ts is the command line; this module does
 * the work, and the tests call it). The database is the app's own: PostgreSQL when DATABASE_URL is
 * set (pg_dump's custom format, restored by pg_restore), otherwise PGlite's data directory
 * DATA_DIR/db (PGlite's own dump, a gzipped tarball of the directory).
 */
export type BackupTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

/** A refusal or failure worth one clear line to the operator (the CLI prints the message alone). */
export class BackupError extends Error {}

/** The database the app would open for this environment (config.ts and migrate.ts read the same). */
export function targetFromEnv(env: Record<string, string | undefined>, cwd = process.cwd()): BackupTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dir: join(resolve(cwd, env.DATA_DIR?.trim() || './data'), 'db') };
}

/** What to call the database in a message: never a password (nor the user name). */
export function describeTarget(target: BackupTarget): string {
  if (target.kind === 'pglite') return `PGlite in ${target.dir}`;
  const url = new URL(target.url);
  return `PostgreSQL database "${decodeURIComponent(url.pathname.slice(1))}" on ${url.host}`;
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');

/** backups/workhub-20260101T020000Z.tar.gz (PGlite) or .dump (pg_dump's custom format). */
export function defaultBackupFile(target: BackupTarget, now = new Date(), folder = 'backups'): string {
  return resolve(folder, `workhub-${stamp(now)}.${target.kind === 'pglite' ? 'tar.gz' : 'dump'}`);
}

export type BackupResult = { file: string; bytes: number };

/**
 * Writes a consistent dump of `target` to `file` (which must not exist yet), readable by its owner
 * only: it holds every account's data and password hashes. Written beside the file and renamed into
 * place, so a failed or interrupted backup leaves no file that looks whole.
 */
export async function backup(
  target: BackupTarget,
  file: string,
  options: { pgBinDir?: string } = {},
): Promise<BackupResult> {
  const path = resolve(file);
  if (existsSync(path)) throw new BackupError(`${path} already exists: give another file name`);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.partial`;
  await rm(partial, { force: true });
  try {
    if (target.kind === 'pglite') await dumpPglite(target.dir, partial);
    else await dumpPostgres(target.url, partial, options.pgBinDir);
    // Never over a file that appeared meanwhile.
    if (existsSync(path)) throw new BackupError(`${path} already exists: give another file name`);
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
  return { file: path, bytes: (await stat(path)).size };
}

export type RestoreResult = { tables: number };

/**
 * Loads a backup into `target`, which must be empty: a PGlite directory that does not exist yet (or
 * is empty), a PostgreSQL database with no table. The kind of backup is read from the file itself.
 */
export async function restore(
  file: string,
  target: BackupTarget,
  options: { pgBinDir?: string } = {},
): Promise<RestoreResult> {
  const path = resolve(file);
  const kind = await backupKind(path);
  if (kind !== target.kind) {
    const made = kind === 'pglite' ? 'PGlite (DATABASE_URL unset)' : 'PostgreSQL (DATABASE_URL set)';
    throw new BackupError(
      `${path} is a backup of ${made}, but the target is ${describeTarget(target)}: restore it with the same kind of database`,
    );
  }
  return target.kind === 'pglite'
    ? restorePglite(path, target.dir)
    : restorePostgres(path, target.url, options.pgBinDir);
}

/** By the file's first bytes: gzip is PGlite's tarball, `PGDMP` pg_dump's custom format. */
async function backupKind(path: string): Promise<BackupTarget['kind']> {
  if (!existsSync(path)) throw new BackupError(`${path} does not exist`);
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
  } finally {
    await handle.close();
  }
  throw new BackupError(
    `${path} is not a Workhub backup (neither a PGlite tarball nor a pg_dump custom-format file)`,
  );
}

// ---------------------------------------------------------------------------------------------
// PGlite

/**
 * PGlite is PostgreSQL inside one process: its data directory cannot be opened by two at once, and
 * it takes no lock of its own (a second opener would corrupt it). While open it keeps
 * `postmaster.pid` in the directory and its files open; a process holding a file under the
 * directory is the running server.
 */
export function pgliteInUse(dir: string): { pid: number } | undefined {
  if (!existsSync(join(dir, 'postmaster.pid'))) return undefined;
  const root = `${realpathSync(dir)}${sep}`;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    // No /proc to look in: the pid file alone says a process may have it open.
    return { pid: 0 };
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(root)) return { pid: Number(pid) };
      } catch {
        // closed meanwhile
      }
    }
  }
  // A pid file nobody holds open: left by a process that crashed. Opening it recovers, as a start would.
  return undefined;
}

async function dumpPglite(dir: string, file: string): Promise<void> {
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupError(`No PGlite database in ${dir}`);
  const holder = pgliteInUse(dir);
  if (holder)
    throw new BackupError(
      `The PGlite database in ${dir} is open${holder.pid ? ` (process ${holder.pid})` : ''}: PGlite allows one process at a time, so stop the server, back up, then start it again`,
    );
  const client = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
  try {
    // dumpDataDir checkpoints and tars the directory as this, its only user, sees it.
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  } finally {
    await client.close();
  }
}

async function restorePglite(file: string, dir: string): Promise<RestoreResult> {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(
      `${dir} is not empty: restore only into an empty database (stop the server and move that directory away first)`,
    );
  // PGlite creates only the last folder of its path.
  await mkdir(dirname(dir), { recursive: true });
  const data = await readFile(file);
  const client = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([data]),
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    const { rows } = await client.query<{ tables: number }>(`select count(*)::int as tables ${USER_TABLES}`);
    return { tables: rows[0]?.tables ?? 0 };
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The tables of the app's schemas (public, drizzle, and any later one), not the catalogs'. */
const USER_TABLES = `from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

/**
 * pg_dump and pg_restore: PG_BIN_DIR when set, else the newest /usr/lib/postgresql/N/bin (Debian's
 * layout), else whatever PATH has. pg_dump must be at least as new as the server.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore', binDir = process.env.PG_BIN_DIR?.trim()): string {
  if (binDir) return join(binDir, name);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v) && existsSync(join(debian, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin', name);
  }
  return name;
}

/**
 * libpq's environment for a connection URL: the password travels in PGPASSWORD, never on a command
 * line (which any user of the machine can read in `ps`).
 */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  const host = u.searchParams.get('host') ?? decodeURIComponent(u.hostname).replace(/^\[|\]$/g, '');
  if (host) env.PGHOST = host;
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  env.PGDATABASE = decodeURIComponent(u.pathname.slice(1)) || env.PGUSER || 'postgres';
  // postgres.js reads ?ssl=require, libpq ?sslmode=require.
  const ssl = u.searchParams.get('sslmode') ?? u.searchParams.get('ssl');
  if (ssl) env.PGSSLMODE = ssl === 'true' ? 'require' : ssl;
  for (const [param, name] of [
    ['sslrootcert', 'PGSSLROOTCERT'],
    ['sslcert', 'PGSSLCERT'],
    ['sslkey', 'PGSSLKEY'],
    ['connect_timeout', 'PGCONNECT_TIMEOUT'],
  ] as const) {
    const value = u.searchParams.get(param);
    if (value) env[name] = value;
  }
  return env;
}

/** Runs a PostgreSQL tool; its stderr (never the password: that is in the environment) on failure. */
function runTool(
  tool: string,
  args: string[],
  env: Record<string, string> = {},
  maxBuffer = 64 * 1024 * 1024,
): Promise<string> {
  // The operator's own PG* variables must not redirect the tool to another database.
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  return new Promise((resolvePromise, reject) => {
    execFile(tool, args, { env: { ...base, ...env }, maxBuffer }, (error, stdout, stderr) => {
      if (!error) return resolvePromise(stdout);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT')
        return reject(
          new BackupError(`${tool} was not found: install PostgreSQL's client tools or set PG_BIN_DIR`),
        );
      const name = tool.split(sep).pop();
      reject(new BackupError(`${name} failed: ${String(stderr).trim() || error.message}`));
    });
  });
}

async function dumpPostgres(url: string, file: string, binDir: string | undefined): Promise<void> {
  // Made readable by its owner only before pg_dump writes into it (pg_dump would make it 0644).
  await writeFile(file, '', { mode: 0o600, flag: 'wx' });
  // Custom format (-Fc): compressed, and pg_restore can restore it selectively. One snapshot:
  // consistent while the app keeps writing. -w: never wait for a password prompt.
  await runTool(pgTool('pg_dump', binDir), ['-Fc', '-w', '-f', file], libpqEnv(url));
}

const IDENT = '(?:"(?:[^"]|"")+"|[A-Za-z_][\\w$]*)';
const IDENT_LIST = `${IDENT}(?:\\s*,\\s*${IDENT})*`;
const NOT_ROLES = new Set(['public', 'current_user', 'session_user', 'current_role']);

/**
 * The roles a schema script grants to, revokes from, or writes policies for: they must exist in the
 * cluster it is restored into (roles belong to a cluster, not to a database, so pg_dump of one
 * database does not carry them). `workhub_app` and `workhub_platform` (row-level security) are the
 * app's own.
 */
export function rolesInSchema(script: string): string[] {
  const roles = new Set<string>();
  const add = (list: string) => {
    for (const match of list.matchAll(new RegExp(IDENT, 'g'))) {
      const name = match[0].startsWith('"') ? match[0].slice(1, -1).replace(/""/g, '"') : match[0];
      if (!NOT_ROLES.has(name.toLowerCase())) roles.add(match[0].startsWith('"') ? name : name.toLowerCase());
    }
  };
  const patterns = [
    // GRANT ... TO a, b [WITH GRANT OPTION] [GRANTED BY x];  (the last TO of the statement)
    new RegExp(
      `^(?:ALTER\\s+DEFAULT\\s+PRIVILEGES\\s.*\\s)?GRANT\\s.*\\sTO\\s+(${IDENT_LIST})(?:\\s+WITH\\s+\\w+\\s+OPTION)?(?:\\s+GRANTED\\s+BY\\s+${IDENT})?;`,
      'i',
    ),
    new RegExp(
      `^(?:ALTER\\s+DEFAULT\\s+PRIVILEGES\\s.*\\s)?REVOKE\\s.*\\sFROM\\s+(${IDENT_LIST})(?:\\s+GRANTED\\s+BY\\s+${IDENT})?(?:\\s+(?:CASCADE|RESTRICT))?;`,
      'i',
    ),
    // CREATE POLICY name ON table [AS kind] [FOR command] TO roles ...
    new RegExp(
      `^CREATE\\s+POLICY\\s+${IDENT}\\s+ON\\s+\\S+(?:\\s+AS\\s+\\w+)?(?:\\s+FOR\\s+\\w+)?\\s+TO\\s+(${IDENT_LIST})`,
      'i',
    ),
    new RegExp(`^ALTER\\s+DEFAULT\\s+PRIVILEGES\\s+FOR\\s+ROLE\\s+(${IDENT_LIST})`, 'i'),
  ];
  for (const line of script.split('\n')) {
    for (const pattern of patterns) {
      const list = pattern.exec(line.trim())?.[1];
      if (list) add(list);
    }
  }
  return [...roles].sort();
}

/**
 * The app's own roles as the row-level security migration (0010) makes them, for a server that has
 * never run it: roles and memberships belong to the cluster, and pg_dump of one database carries
 * neither. The restoring user (the app's database user) is made a member of workhub_app, as the
 * migrating user is. Any other role the dump names is made NOLOGIN.
 */
const APP_ROLES: Record<string, string> = {
  workhub_app: 'nologin noinherit',
  workhub_platform: 'nologin',
};

/** Fails unless the database holds no table at all (a fresh `createdb`). */
async function assertEmptyPostgres(sql: postgres.Sql, target: string): Promise<void> {
  const [row] = await sql.unsafe<{ tables: number }[]>(`select count(*)::int as tables ${USER_TABLES}`);
  const tables = row?.tables ?? 0;
  if (tables > 0)
    throw new BackupError(
      `${target} is not empty (${tables} tables): restore only into an empty database (createdb a new one, then point DATABASE_URL at it)`,
    );
}

async function restorePostgres(
  file: string,
  url: string,
  binDir: string | undefined,
): Promise<RestoreResult> {
  const target = describeTarget({ kind: 'postgres', url });
  const restoreTool = pgTool('pg_restore', binDir);
  // The schema alone, as SQL (no connection): which roles the grants and policies name.
  const schema = await runTool(restoreTool, ['--schema-only', '-f', '-', file]);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await assertEmptyPostgres(sql, target);
    const roles = rolesInSchema(schema);
    const existing = new Set(
      (await sql<{ rolname: string }[]>`select rolname from pg_roles where rolname = any(${roles})`).map(
        (r) => r.rolname,
      ),
    );
    try {
      for (const role of roles.filter((r) => !existing.has(r)))
        await sql.unsafe(`create role "${role.replace(/"/g, '""')}" ${APP_ROLES[role] ?? 'nologin'}`);
      // The memberships the row-level security migration grants: cluster-wide, so not in the dump.
      if (roles.includes('workhub_app')) {
        await sql.unsafe('grant workhub_app to current_user');
        if (roles.includes('workhub_platform')) await sql.unsafe('grant workhub_platform to workhub_app');
      }
    } catch (err) {
      throw new BackupError(
        `The backup grants to the roles ${roles.join(', ')}, which this server lacks, and they could not be made (${(err as Error).message}): restore as a user that may create roles, or create them (NOLOGIN) first`,
      );
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  // Everything but the default privileges, in one transaction: a failure leaves the database empty,
  // as it was. --no-owner: the objects belong to the user restoring (the app's database user),
  // whatever role owned them where the dump was made.
  const listDir = await mkdtemp(join(tmpdir(), 'workhub-restore-'));
  try {
    const list = join(listDir, 'list');
    const entries = await runTool(restoreTool, ['-l', file]);
    await writeFile(list, withoutDefaultAcls(entries), { mode: 0o600 });
    await runTool(
      restoreTool,
      [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '-w',
        '-L',
        list,
        '-d',
        libpqEnv(url).PGDATABASE ?? '',
        file,
      ],
      libpqEnv(url),
    );
  } finally {
    await rm(listDir, { recursive: true, force: true });
  }
  const check = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // The default privileges (tables a later migration creates are granted to the app's roles), as
    // the user restoring: it owns the objects now, and only a superuser may set another role's.
    await check.begin(async (tx) => {
      for (const statement of defaultPrivileges(schema)) await tx.unsafe(statement);
    });
    const [row] = await check.unsafe<{ tables: number }[]>(`select count(*)::int as tables ${USER_TABLES}`);
    return { tables: row?.tables ?? 0 };
  } finally {
    await check.end({ timeout: 5 });
  }
}

/** pg_restore's table of contents without its DEFAULT ACL entries (applied apart, see above). */
export function withoutDefaultAcls(list: string): string {
  return list
    .split('\n')
    .filter((line) => !/^\d+;\s+\d+\s+\d+\s+DEFAULT ACL\s/.test(line))
    .join('\n');
}

/** The schema's ALTER DEFAULT PRIVILEGES statements, for the current user (their FOR ROLE dropped). */
export function defaultPrivileges(schema: string): string[] {
  return schema
    .split('\n')
    .filter((line) => /^ALTER\s+DEFAULT\s+PRIVILEGES\s/i.test(line))
    .map((line) => line.replace(new RegExp(`\\s+FOR\\s+(?:ROLE|USER)\\s+${IDENT_LIST}`, 'i'), ''));
}

// ---------------------------------------------------------------------------------------------
// Verification

export type Query = (text: string) => Promise<Record<string, unknown>[]>;
export type TableChecksum = { rows: number; md5: string };

/**
 * Every table's row count and an md5 of all its rows (each row's text, sorted), keyed by
 * `schema.table`: two databases with equal checksums hold the same data.
 */
export async function tableChecksums(query: Query): Promise<Record<string, TableChecksum>> {
  const tables = await query(
    `select n.nspname as schema, c.relname as name ${USER_TABLES} order by n.nspname, c.relname`,
  );
  const result: Record<string, TableChecksum> = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const qualified = `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;
    const [row] = await query(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, chr(10) order by t::text), '')) as md5 from ${qualified} t`,
    );
    result[`${schema}.${name}`] = { rows: Number(row?.rows ?? 0), md5: String(row?.md5 ?? '') };
  }
  return result;
}
