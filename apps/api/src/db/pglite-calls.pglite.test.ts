import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../test/helpers.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';
import { createMilestone, createProject, createTask, taskBody } from '../test/work.ts';

/*
 * How many calls into PGlite the hottest requests cost on the embedded default (each call goes
 * through PGlite's mutex, its protocol writer and reader, and a turn of its WebAssembly's loop:
 * docs/performance.md "PGlite: a request's statements as one message"). Runs in the api-pglite
 * project only: the PostgreSQL side is round-trips.postgres.test.ts.
 */

type Calls = { exec: number; query: number; transaction: number };

describe('calls into PGlite of the hot requests', () => {
  const t = useTestApp();
  let tenant: Tenant;
  let projectId = '';
  let taskId = '';
  const calls: Calls = { exec: 0, query: 0, transaction: 0 };
  let counting = false;
  const originals = {
    exec: PGlite.prototype.exec,
    query: PGlite.prototype.query,
    transaction: PGlite.prototype.transaction,
  };

  beforeAll(async () => {
    tenant = await newTenant(t);
    const project = await createProject(t, tenant.owner.token);
    projectId = project.project_id;
    const task = await createTask(t, tenant.owner.token, {
      project_id: projectId,
      assigned_to: tenant.holder.session.user.user_id,
    });
    taskId = task.task_id;
    for (const name of ['exec', 'query', 'transaction'] as const) {
      const original = originals[name] as (...args: unknown[]) => unknown;
      (PGlite.prototype as unknown as Record<string, unknown>)[name] = function (
        this: PGlite,
        ...args: unknown[]
      ) {
        if (counting) calls[name] += 1;
        return original.apply(this, args);
      };
    }
  });
  afterAll(() => {
    Object.assign(PGlite.prototype, originals);
  });

  /** Calls into PGlite per request of `url` (a GET, or the POST of `body()`), after a warm-up. */
  async function perRequest(url: string, body?: () => object): Promise<Calls> {
    const send = async () => {
      const response = await t.app.inject({
        method: body ? 'POST' : 'GET',
        url,
        headers: bearer(tenant.owner.token),
        ...(body ? { payload: body() } : {}),
      });
      expect(response.statusCode, response.body).toBe(body ? 201 : 200);
    };
    // Every statement prepared (the second run of a text prepares it: db/pglite-prepared.ts).
    for (let i = 0; i < 3; i++) await send();
    Object.assign(calls, { exec: 0, query: 0, transaction: 0 });
    counting = true;
    try {
      for (let i = 0; i < 10; i++) await send();
    } finally {
      counting = false;
    }
    return { exec: calls.exec / 10, query: calls.query / 10, transaction: calls.transaction / 10 };
  }

  // Read ahead of the session check (db/pglite-batch.ts): the tenant, the session, the page, its
  // count, as one message (six calls before: BEGIN, the tenant, the session, the page, the count,
  // COMMIT).
  it('GET /api/tasks: the session, the page and its count in one call', async () => {
    expect(await perRequest('/api/tasks?status=pending&sort=due_date&page=1&limit=14')).toEqual({
      exec: 1,
      query: 0,
      transaction: 0,
    });
  });

  it('GET /api/projects: the session, the page and its count in one call', async () => {
    expect(await perRequest('/api/projects?page=1&limit=14')).toEqual({ exec: 1, query: 0, transaction: 0 });
  });

  it('GET /api/tasks/:id, /api/projects/:id and /api/milestones/:id: one call each', async () => {
    const milestone = await createMilestone(t, tenant.owner.token, projectId);
    for (const url of [
      `/api/tasks/${taskId}`,
      `/api/projects/${projectId}`,
      `/api/milestones/${milestone.milestone_id}`,
    ])
      expect(await perRequest(url), url).toEqual({ exec: 1, query: 0, transaction: 0 });
  });

  // On PostgreSQL the dashboard's figures are shared by the requests of a turn (a message of their
  // own); PGlite shares nothing, so they go with the session check.
  it('GET /api/dashboard: the session and the figures in one call', async () => {
    expect(await perRequest('/api/dashboard')).toEqual({ exec: 1, query: 0, transaction: 0 });
  });

  // A write waits for the session check; the one-statement insert is a message that commits.
  it('POST /api/tasks: the session, then the insert in one message that commits', async () => {
    const body = () =>
      taskBody(t, { project_id: projectId, assigned_to: tenant.holder.session.user.user_id });
    expect(await perRequest('/api/tasks', body)).toEqual({ exec: 2, query: 0, transaction: 0 });
  });
});
