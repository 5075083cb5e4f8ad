#!/usr/bin/env node
// `npm start`: builds the API bundle and the web app when their sources are newer than the build,
// then runs the bundle (`node apps/api/dist/server.mjs`) with NODE_ENV=production: one process that
// serves /api and the built SPA, needing no dev dependency at run time. The e2e suite starts the app
// this way, so what is tested is what ships. Reads .env when present.
//   --build-only   build what is stale, then exit
//   --api-only     leave the web app alone (an API-only deployment, the API's own tests)
//   --migrate      apply the migrations (apps/api/dist/migrate.mjs), then exit
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

const builds = {
  api: {
    label: 'the API bundle (apps/api/dist)',
    output: 'apps/api/dist/server.mjs',
    sources: [
      'apps/api/src',
      'apps/api/assets',
      'apps/api/build.mjs',
      'packages/shared/src',
      'package-lock.json',
    ],
    command: ['npm', 'run', 'build', '-w', 'apps/api'],
  },
  web: {
    label: 'the web app (apps/web/dist)',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/public',
      'packages/shared/src',
      'package-lock.json',
    ],
    command: ['npm', 'run', 'build', '-w', 'apps/web'],
  },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale({ output, sources }) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

// Two servers started at once (the e2e suite does this) must not build over each other.
const lockDir = '.tmp/build.lock';
async function withBuildLock(fn) {
  mkdirSync('.tmp', { recursive: true });
  for (let waited = 0; ; waited += 250) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      if (waited > 180_000) rmSync(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

const buildOnly = process.argv.includes('--build-only');
const migrateOnly = process.argv.includes('--migrate');
const wanted = process.argv.includes('--api-only') || migrateOnly ? [builds.api] : [builds.api, builds.web];

// Checking costs a walk of the source folders (a few milliseconds); building happens only when stale.
if (wanted.some(isStale))
  await withBuildLock(() => {
    for (const target of wanted) {
      // Again under the lock: the other server may have just built it.
      if (!isStale(target)) continue;
      console.log(`Building ${target.label}...`);
      const build = spawnSync(target.command[0], target.command.slice(1), { stdio: 'inherit' });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
  });
if (buildOnly) process.exit(0);

// MALLOC_ARENA_MAX: glibc gives each thread that allocates (argon2's hashing threads) a memory
// arena of its own and keeps it after the hash is done; two arenas bound that growth (the bench
// measured ~40 MB less peak RSS under load, docs/performance.md). An operator's own value wins.
const env = { MALLOC_ARENA_MAX: '2', ...process.env, NODE_ENV: 'production' };
const isSet = (name) => Boolean(env[name]?.trim());

if (!migrateOnly) {
  // Production requires JWT_SECRET. For the two-command path (`npm ci && npm start`) one is made once
  // and kept in DATA_DIR/jwt-secret (readable by this user only), so sessions survive restarts; the
  // server reads the same file when it runs outside production. Never printed.
  if (!isSet('JWT_SECRET')) {
    const file = join(resolve(env.DATA_DIR?.trim() || './data'), 'jwt-secret');
    let secret = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    if (secret.length < 32) {
      mkdirSync(dirname(file), { recursive: true });
      secret = randomBytes(48).toString('base64url');
      writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    }
    env.JWT_SECRET = secret;
  }
  // A production server with no mail transport refuses to start (config.ts); here, with no SMTP_URL,
  // keeping mail in the outbox is the documented choice of `npm start`, said out loud.
  if (!isSet('SMTP_URL') && !isSet('MAIL_TRANSPORT')) {
    env.MAIL_TRANSPORT = 'outbox';
    const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || 3000}`).replace(
      /\/+$/,
      '',
    );
    console.log(
      `No SMTP_URL: mail stays in the outbox, readable at ${publicUrl}/dev-mailbox from this machine (set SMTP_URL to deliver it).`,
    );
  }
}

const entry = migrateOnly ? 'apps/api/dist/migrate.mjs' : 'apps/api/dist/server.mjs';
// V8 sizes its heap from the machine's memory (4 GB on 24 GB) and then lets garbage pile up in
// the old generation long before it collects it: ~230 MB resident under load instead of ~145 MB
// (docs/performance.md). A stated limit (API_MAX_HEAP_MB, 1024 by default) keeps it collected;
// NODE_OPTIONS naming one wins.
const heapText = env.API_MAX_HEAP_MB?.trim() || '1024';
const heapMb = Number(heapText);
if (!/^\d+$/.test(heapText) || heapMb < 64) {
  console.error(`API_MAX_HEAP_MB must be a whole number of MB, at least 64 (got "${env.API_MAX_HEAP_MB}")`);
  process.exit(1);
}
const heapFlags = env.NODE_OPTIONS?.includes('--max-old-space-size')
  ? []
  : [`--max-old-space-size=${heapMb}`];
const child = spawn(process.execPath, [...heapFlags, entry], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
