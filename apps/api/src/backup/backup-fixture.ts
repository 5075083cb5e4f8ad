import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect } from 'vitest';
import { findRepoRoot } from '../config.ts';
import type { TestApp } from '../test/helpers.ts';
import { addBomLine, createProduct } from '../test/master-data.ts';
import { addMember, newTenant } from '../test/tenants.ts';
import { call, createMilestone, createProject, createTask, projectBody } from '../test/work.ts';
import type { TableChecksum } from './backup.ts';

// What the backup tests share: a database filled through the app's own API, and the command line.

/** Two tenants with a member, projects, a milestone, tasks, products and a BOM line, all through the API. */
export async function seedThroughApi(t: TestApp): Promise<void> {
  for (const template of ['workspace', 'mrp'] as const) {
    const tenant = await newTenant(t, template);
    const token = tenant.owner.token;
    const worker = await addMember(t, tenant.workspace, 'worker');
    const project = await createProject(t, token);
    const milestone = await createMilestone(t, token, project.project_id);
    await createTask(t, token, { assigned_to: worker.userId, project_id: project.project_id });
    await createTask(
      t,
      token,
      { assigned_to: worker.userId, project_id: project.project_id },
      { milestone_id: milestone.milestone_id },
    );
    if (template === 'mrp') {
      const parent = await createProduct(t, token, { procurement_type: 'make' });
      await addBomLine(t, token, parent.id, (await createProduct(t, token)).id);
    }
    const renamed = await call(
      t,
      'PATCH',
      `/api/projects/${project.project_id}`,
      token,
      projectBody(t, { name: 'Renamed' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
  }
}

/** The tables the seed must have written to, so that equal checksums are not equal emptiness. */
export function expectSeeded(checksums: Record<string, TableChecksum>): void {
  for (const table of ['public.users', 'public.workspaces', 'public.projects', 'public.tasks'])
    expect(checksums[table]?.rows, table).toBeGreaterThan(0);
  expect(checksums['drizzle.__drizzle_migrations']?.rows).toBeGreaterThan(0);
}

const root = findRepoRoot();

/** `npm run backup` / `npm run restore` as the operator runs them (tsx, the CLI module), in `cwd`. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
  cwd = root,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'apps/api/src/backup/cli.ts'), ...args],
    {
      cwd,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}
