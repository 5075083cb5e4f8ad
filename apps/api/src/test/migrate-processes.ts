import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { findRepoRoot } from '../config.ts';
import { migrationsFolder } from '../db/migrate.ts';

// The bundles `npm start` and `npm run migrate` run (apps/api/dist), spawned as separate processes:
// the lock has to hold between processes, not only between pools of one.
export const root = findRepoRoot();
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};
export const migrationCount = journal.entries.length;

/** Builds the API bundle once, and gives the file a scratch folder; call at a test file's top level. */
export function useBuiltBundles(): () => string {
  let scratch = '';
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only', '--api-only'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the API bundle did not build:\n${build.stdout}${build.stderr}`);
    scratch = await mkdtemp(join(tmpdir(), 'workhub-migrate-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });
  return () => scratch;
}

export type Child = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

export function run(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => out, exit };
}

export const migrate = (env: Record<string, string>) => run(['apps/api/dist/migrate.mjs'], env);
