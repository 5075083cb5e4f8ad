import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from './config.ts';
import { PASSWORD, registration, uniqueEmail } from './test/helpers.ts';

type Running = { child: ChildProcess; base: string; stdout: () => string };

let dataDir: string;
// On the PostgreSQL run the server gets a database of its own, so it seeds and creates the first
// super admin exactly as on a new installation.
const serverDatabase =
  process.env.TEST_DB === 'postgres' ? `workhub_server_${process.pid}_${Date.now()}` : undefined;
const admin = () => postgres(process.env.TEST_DATABASE_URL ?? '', { max: 1, onnotice: () => {} });

beforeAll(async () => {
  // The bundle `npm start` runs, built when stale (the e2e suite and `npm start` share the check).
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only', '--api-only'], {
    cwd: findRepoRoot(),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the API bundle did not build:\n${build.stdout}${build.stderr}`);
  dataDir = await mkdtemp(join(tmpdir(), 'workhub-server-'));
  if (serverDatabase) {
    const sql = admin();
    await sql.unsafe(`create database ${serverDatabase}`);
    await sql.end();
  }
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  if (serverDatabase) {
    const sql = admin();
    await sql.unsafe(`drop database if exists ${serverDatabase} with (force)`);
    await sql.end();
  }
});

function databaseUrl(): string | undefined {
  if (!serverDatabase) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${serverDatabase}`;
  return url.toString();
}

/**
 * Starts the server as `npm start` does (scripts/start.mjs, running apps/api/dist/server.mjs with
 * NODE_ENV=production), with no JWT_SECRET and no mail settings, as the README's two commands do.
 */
async function start(): Promise<Running> {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--api-only'], {
    cwd: findRepoRoot(),
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      ...(serverDatabase ? { DATABASE_URL: databaseUrl() } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  for (let i = 0; i < 600; i++) {
    const listening = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
    if (listening?.[1] && out.includes('workhub ready'))
      return { child, base: listening[1], stdout: () => out };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${out}`);
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  const [code] = (await once(running.child, 'exit')) as [number | null];
  return code;
}

const postJson = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// One process on PGlite on disk, or on a fresh PostgreSQL database in the PostgreSQL run.
describe('the server as `npm start` runs it (the built bundle, in production)', () => {
  it('migrates, seeds, prints the admin once, stops on SIGTERM and keeps everything on restart', async () => {
    const first = await start();
    let token: string;
    let admin: { email: string; password: string };
    const email = uniqueEmail('restart');
    try {
      expect(first.stdout()).toContain('"nodeEnv":"production"');
      // No SMTP_URL: start.mjs chose the outbox and said where to read it.
      expect(first.stdout()).toMatch(
        /mail stays in the outbox, readable at http:\/\/localhost:0\/dev-mailbox/,
      );
      // The JWT secret start.mjs made is kept for this user alone and never printed.
      const secretFile = join(dataDir, 'jwt-secret');
      expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
      expect(first.stdout()).not.toContain((await readFile(secretFile, 'utf8')).trim());
      const printed = /email:\s+(\S+)\n\s+password:\s+(\S+)/.exec(first.stdout());
      expect(printed).not.toBeNull();
      admin = { email: printed?.[1] ?? '', password: printed?.[2] ?? '' };
      expect((await fetch(`${first.base}/api/ready`)).status).toBe(200);
      // The server runs with a stated heap limit (V8's default lets garbage pile up under load).
      const serverPid = (
        await readFile(`/proc/${first.child.pid}/task/${first.child.pid}/children`, 'utf8')
      ).trim();
      const serverArgs = (await readFile(`/proc/${serverPid}/cmdline`, 'utf8')).split('\0');
      expect(serverArgs).toContain('--max-old-space-size=1024');
      const plans = (await (await fetch(`${first.base}/api/plans`)).json()) as {
        data: { subscription_id: number }[];
      };
      expect(plans.data[0]?.subscription_id).toBe(1);
      expect((await postJson(`${first.base}/api/auth/register`, registration(email))).status).toBe(201);
      const login = await postJson(`${first.base}/api/auth/login`, admin);
      expect(login.status).toBe(200);
      token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      // Log lines are gathered before a write (server.ts), but a quiet server's line still comes
      // out within a second or so: the sign-in's request line, with nothing after it to fill 4 KB.
      const loggedAt = Date.now();
      while (!/"url":"\/api\/auth\/login"[^\n]*"statusCode":200/.test(first.stdout())) {
        expect(Date.now() - loggedAt).toBeLessThan(3000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      expect(await stop(first)).toBe(0);
    }

    const second = await start();
    try {
      expect(second.stdout()).not.toContain('Super admin created');
      expect((await postJson(`${second.base}/api/auth/login`, admin)).status).toBe(200);
      // The user is still there, and the JWT secret kept in DATA_DIR still signs the old token.
      expect((await postJson(`${second.base}/api/auth/login`, { email, password: PASSWORD })).status).toBe(
        403,
      );
      const me = await fetch(`${second.base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      const plans = (await (await fetch(`${second.base}/api/plans`)).json()) as { meta: { total: number } };
      expect(plans.meta.total).toBe(4);
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 90_000);

  it('refuses to start with a heap limit that is not a whole number of MB', () => {
    const refused = spawnSync(process.execPath, ['scripts/start.mjs', '--api-only'], {
      cwd: findRepoRoot(),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, API_MAX_HEAP_MB: '1e3' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('API_MAX_HEAP_MB must be a whole number of MB, at least 64');
  });
});
