import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, TEST_POOL_MAX, useTestApp } from '../test/helpers.ts';
import { addMember, newTenant, type Tenant } from '../test/tenants.ts';
import { createMilestone, createProject, createTask, taskBody } from '../test/work.ts';

/*
 * How many writes to PostgreSQL the hottest reads cost, and how many times they wait for its answer
 * (docs/performance.md: on these machines a round trip costs more than the SQL it carries). Runs in
 * the api-postgres project only; the test app is injected (no HTTP socket), so the process's socket
 * writes and reads are the database's.
 */

describe('round trips to PostgreSQL of the hot reads', () => {
  const t = useTestApp();
  let tenant: Tenant;
  let writes = 0;
  /** Writes sent after an answer came in: each is a round trip the request waited for. */
  let roundTrips = 0;
  let answered = true;
  let counting = false;
  const write = Socket.prototype.write;
  const emit = Socket.prototype.emit;

  beforeAll(async () => {
    tenant = await newTenant(t);
    const project = await createProject(t, tenant.owner.token);
    await createTask(t, tenant.owner.token, {
      project_id: project.project_id,
      assigned_to: tenant.holder.session.user.user_id,
    });
    Socket.prototype.write = function (this: Socket, ...args: unknown[]) {
      if (counting) {
        writes += 1;
        if (answered) roundTrips += 1;
        answered = false;
      }
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as typeof Socket.prototype.write;
    Socket.prototype.emit = function (this: Socket, event: string | symbol, ...args: unknown[]) {
      if (counting && event === 'data') answered = true;
      return (emit as (...a: unknown[]) => boolean).call(this, event, ...args);
    } as typeof Socket.prototype.emit;
  });
  afterAll(() => {
    Socket.prototype.write = write;
    Socket.prototype.emit = emit;
  });

  /**
   * Database writes and round trips per request of `url` (a GET, or the POST of `body()`), once
   * every connection of the pool knows its statements.
   */
  async function perRequest(
    url: string,
    body?: () => object,
    method: 'GET' | 'POST' | 'PATCH' = body ? 'POST' : 'GET',
  ): Promise<{ writes: number; roundTrips: number }> {
    const get = async () => {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(tenant.owner.token),
        ...(body ? { payload: body() } : {}),
      });
      expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
    };
    // Four at once, twice, opens connections; then one at a time, twice as many times as the pool
    // has connections: the pool hands out its idle connections in turn, so each of them has run the
    // request's statements, in each part a request gives its connections. A statement new to a
    // connection is described first, a round trip of its own (postgres.js `describeFirst`): a
    // connection the warm-up missed counted one more per statement (a reassignment read 5.2).
    for (let i = 0; i < 2; i++) await Promise.all([get(), get(), get(), get()]);
    for (let i = 0; i < 2 * TEST_POOL_MAX; i++) await get();
    writes = 0;
    roundTrips = 0;
    answered = true;
    counting = true;
    try {
      for (let i = 0; i < 10; i++) await get();
    } finally {
      counting = false;
    }
    return { writes: writes / 10, roundTrips: roundTrips / 10 };
  }

  // Read ahead of the session check (db/tenant-scope.ts workspaceRead): BEGIN, the tenant, the
  // session, the reads and the COMMIT in one write, answered together.
  it('GET /api/dashboard: the session, the figures and the COMMIT, in one write', async () => {
    expect(await perRequest('/api/dashboard')).toEqual({ writes: 1, roundTrips: 1 });
  });

  it('GET /api/tasks: the session, the page (tags included), its count and the COMMIT, in one write', async () => {
    expect(await perRequest('/api/tasks?status=pending&sort=due_date&page=1&limit=14')).toEqual({
      writes: 1,
      roundTrips: 1,
    });
  });

  it('GET /api/projects: the session, the page (tags included), its count and the COMMIT, in one write', async () => {
    expect(await perRequest('/api/projects?page=1&limit=14')).toEqual({ writes: 1, roundTrips: 1 });
  });

  it('GET /api/tasks/:id: the session, the task (tags included) and the COMMIT, in one write', async () => {
    expect(await perRequest(`/api/tasks/${await firstId('tasks')}`)).toEqual({ writes: 1, roundTrips: 1 });
  });

  it('GET /api/projects/:id: the session, the project (tags included) and the COMMIT, in one write', async () => {
    expect(await perRequest(`/api/projects/${await firstId('projects')}`)).toEqual({
      writes: 1,
      roundTrips: 1,
    });
  });

  it('GET /api/milestones/:id: the session, the milestone (its task count included) and the COMMIT, in one write', async () => {
    const milestone = await createMilestone(t, tenant.owner.token, (await firstId('projects')) ?? '');
    expect(await perRequest(`/api/milestones/${milestone.milestone_id}`)).toEqual({
      writes: 1,
      roundTrips: 1,
    });
  });

  // A write waits for the session check (its answer decides whether to write at all); with no one
  // else to mail, the one-statement insert goes as one message that commits as it answers
  // (db/tenant-context.ts beginWriteBatch).
  it('POST /api/tasks: the session, then the insert in one message that commits', async () => {
    const projectId = (await firstId('projects')) ?? '';
    const self = tenant.holder.session.user.user_id;
    const body = () => taskBody(t, { project_id: projectId, assigned_to: self });
    expect(await perRequest('/api/tasks', body)).toEqual({ writes: 2, roundTrips: 2 });
  });

  it("POST /api/tasks for someone else: the session, the insert (the assigner's name with it), then the mail and the COMMIT in one write", async () => {
    const projectId = (await firstId('projects')) ?? '';
    const member = await addMember(t, tenant.workspace, 'member');
    const body = () => taskBody(t, { project_id: projectId, assigned_to: member.userId });
    expect(await perRequest('/api/tasks', body)).toEqual({ writes: 3, roundTrips: 3 });
  });

  // A change: the session, then the task (who may change it is decided on it), then the change and
  // the task as it now is in one message that commits as it answers (9 round trips before).
  it('PATCH /api/tasks/:id/status: the session, the task, then the change and the task in one message that commits', async () => {
    const id = (await firstId('tasks')) ?? '';
    let n = 0;
    const body = () => ({ status: ['pending', 'in_progress', 'completed'][n++ % 3] });
    expect(await perRequest(`/api/tasks/${id}/status`, body, 'PATCH')).toEqual({ writes: 3, roundTrips: 3 });
  });

  // The form sends its tags, none here (12 round trips before).
  it('PATCH /api/tasks/:id: the session, the task, then the edit, its tags, the task and the COMMIT in one write', async () => {
    const { id, projectId } = await firstTask();
    const self = tenant.holder.session.user.user_id;
    let n = 0;
    const body = () => {
      const { project_id: _project, ...edit } = taskBody(t, { project_id: projectId, assigned_to: self });
      return { ...edit, name: `Edit ${n++}`, tag_ids: [] };
    };
    expect(await perRequest(`/api/tasks/${id}`, body, 'PATCH')).toEqual({ writes: 3, roundTrips: 3 });
  });

  it('PATCH /api/tasks/:id to someone else: the session, the task and the assignee, then the edit, the task and who assigned it, then the mail and the COMMIT', async () => {
    const { id, projectId } = await firstTask();
    const members = [
      await addMember(t, tenant.workspace, 'member'),
      await addMember(t, tenant.workspace, 'member'),
    ];
    let n = 0;
    const body = () => {
      const { project_id: _project, ...edit } = taskBody(t, {
        project_id: projectId,
        assigned_to: members[n++ % 2]?.userId ?? '',
      });
      return { ...edit, tag_ids: [] };
    };
    // Five per reassignment (16 before). The warm-up ends one at a time, so every counted edit
    // gives the task to the other member.
    expect(await perRequest(`/api/tasks/${id}`, body, 'PATCH')).toEqual({ writes: 5, roundTrips: 5 });
  });

  it('GET /api/team (not read ahead): its reads wait for the answer of the session check', async () => {
    expect((await perRequest('/api/team')).roundTrips).toBeGreaterThanOrEqual(2);
  });

  /** The first task of the tenant's list: its id and its project's. */
  async function firstTask(): Promise<{ id: string; projectId: string }> {
    const id = (await firstId('tasks')) ?? '';
    const task = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${id}`,
      headers: bearer(tenant.owner.token),
    });
    return { id, projectId: (task.json() as { data: { project_id: string } }).data.project_id };
  }

  /** The id of the first task or project of the tenant's list. */
  async function firstId(list: 'tasks' | 'projects'): Promise<string | undefined> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/${list}?limit=1`,
      headers: bearer(tenant.owner.token),
    });
    const [first] = (response.json() as { data: Record<string, string>[] }).data;
    return first?.[list === 'tasks' ? 'task_id' : 'project_id'];
  }
});
