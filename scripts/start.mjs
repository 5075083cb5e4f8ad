#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the API,
// which serves /api and the built SPA from one process. Reads .env when present.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
  'package-lock.json',
];
const builtIndex = 'apps/web/dist/index.html';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestMtime(source) > built);
}

// Two servers started at once (the e2e suite does this) must not build over each other.
const lockDir = '.tmp/web-build.lock';
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

await withBuildLock(() => {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (apps/web/dist)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
});

if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
