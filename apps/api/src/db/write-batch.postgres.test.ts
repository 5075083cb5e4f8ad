import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import type { Task } from '@workhub/shared/schemas/work';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, post, useTestApp, withRefresh } from '../test/helpers.ts';
import { socketWritesOf } from '../test/statements.ts';
import { memberIn, newTenant, type Tenant } from '../test/tenants.ts';
import { call, createProject, taskBody, taskMailsTo } from '../test/work.ts';
import { taskCounts } from './schema/task-counts.ts';
import { tasks } from './schema/work.ts';

/*
 * A task's create on PostgreSQL (`config: { writeBatch: true }`, db/tenant-context.ts
 * beginWriteBatch): the session check as a read-only message, then the one-statement insert as a
 * message that writes (an implicit transaction, committed before its answer), on connections no
 * request holds; a status change (PATCH /api/tasks/:id/status) reads the task, then sends the
 * change and the task as it now is in one such message. What needs more than that one message (a
 * mail to someone else, tags, the checks one by one) runs in a transaction, as every write did
 * before. Runs in the api-postgres project only: on PGlite the request runs in its transaction.
 */

describe('task creates and status changes on PostgreSQL go out as write batches', () => {
  const t = useTestApp();
  let a: Tenant;
  let b: Tenant;
  let projectA: string;
  let projectB: string;
  /** What the process wrote to PostgreSQL during the last create or setStatus. */
  let lastSent = '';

  beforeAll(async () => {
    a = await newTenant(t);
    b = await newTenant(t);
    projectA = (await createProject(t, a.owner.token)).project_id;
    projectB = (await createProject(t, b.owner.token)).project_id;
  });

  /** POST /api/tasks as `token`, recording what the process wrote to PostgreSQL meanwhile. */
  async function create(token: string, body: object) {
    const { result, sent } = await socketWritesOf(() => call(t, 'POST', '/api/tasks', token, body));
    lastSent = sent;
    return result;
  }
  const sent = () => lastSent;
  /** The tasks of that name in the database, read as its owner (no row-level security). */
  const stored = (name: string) =>
    t.db.db.select({ accountId: tasks.accountId, name: tasks.name }).from(tasks).where(eq(tasks.name, name));

  it('sends the session check, then the insert as a message that writes: no BEGIN, no COMMIT', async () => {
    const name = `Batched ${randomUUID()}`;
    const self = a.holder.session.user.user_id;
    const response = await create(
      a.owner.token,
      taskBody(t, { project_id: projectA, assigned_to: self }, { name }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(sent().toLowerCase()).not.toMatch(/\bbegin\b|\bcommit\b/);
    // The session check's message is read-only; the insert's is not, and carries the tenant.
    expect(sent()).toContain("set_config('transaction_read_only', 'on', true)");
    expect(sent()).toMatch(
      /select set_config\('app\.account_id', '[0-9a-f-]{36}', true\)[^;]*;\s*(prepare [^;]*;\s*)*execute batch_\d+\('/,
    );
    expect(sent()).toContain(`'${a.workspace.account_id}'`);
    // Committed by the time it answered: there to read at once.
    expect(await stored(name)).toEqual([{ accountId: a.workspace.account_id, name }]);
    const task = response.json().data as Task;
    const read = await call(t, 'GET', `/api/tasks/${task.task_id}`, a.owner.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.name).toBe(name);
  });

  it('writes nothing once the sign-in has ended: 401', async () => {
    const admin = await memberIn(t, a.workspace, 'admin');
    const logout = await post(t.app, '/api/auth/logout', undefined, withRefresh(admin.cookie));
    expect(logout.statusCode).toBe(204);
    const name = `After logout ${randomUUID()}`;
    const response = await create(
      admin.token,
      taskBody(t, { project_id: projectA, assigned_to: admin.userId }, { name }),
    );
    expect(response.statusCode).toBe(401);
    expect(await stored(name)).toEqual([]);
  });

  it("writes nothing into another tenant's project (404), and nothing for a role that may not create (403)", async () => {
    const name = `Foreign ${randomUUID()}`;
    const self = a.holder.session.user.user_id;
    const foreign = await create(
      a.owner.token,
      taskBody(t, { project_id: projectB, assigned_to: self }, { name }),
    );
    expect(foreign.statusCode).toBe(404);
    const worker = await memberIn(t, a.workspace, 'worker');
    const refused = await create(
      worker.token,
      taskBody(t, { project_id: projectA, assigned_to: worker.userId }, { name }),
    );
    expect(refused.statusCode).toBe(403);
    expect(await stored(name)).toEqual([]);
  });

  it('says which check failed when the one-statement insert wrote nothing (409 archived)', async () => {
    const project = await createProject(t, a.owner.token);
    const archive = await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, a.owner.token, {
      status: 'archived',
    });
    expect(archive.statusCode).toBe(200);
    const name = `Archived ${randomUUID()}`;
    const self = a.holder.session.user.user_id;
    const response = await create(
      a.owner.token,
      taskBody(t, { project_id: project.project_id, assigned_to: self }, { name }),
    );
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).error.message).toBe(messages.projectArchivedNoChanges);
    expect(await stored(name)).toEqual([]);
  });

  it('a task for someone else is written with its mail in one transaction', async () => {
    const worker = await memberIn(t, a.workspace, 'worker');
    const name = `For the worker ${randomUUID()}`;
    const response = await create(
      a.owner.token,
      taskBody(t, { project_id: projectA, assigned_to: worker.userId }, { name }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(sent().toLowerCase()).toMatch(/\bbegin\b/);
    expect(await stored(name)).toHaveLength(1);
    const [mail] = await taskMailsTo(t, worker.email);
    expect(mail?.subject).toBe(`New task: ${name}`);
  });

  it('a task with tags is written with them in one transaction', async () => {
    const tag = await call(t, 'POST', '/api/tags', a.owner.token, {
      name: `Tag ${randomUUID().slice(0, 8)}`,
      color: '#1e90ff',
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const tagId = tag.json().data.id as string;
    const name = `Tagged ${randomUUID()}`;
    const self = a.holder.session.user.user_id;
    const response = await create(
      a.owner.token,
      taskBody(t, { project_id: projectA, assigned_to: self }, { name, tag_ids: [tagId] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(sent().toLowerCase()).toMatch(/\bbegin\b/);
    expect((response.json().data as Task).tags.map((x) => x.id)).toEqual([tagId]);
  });

  it("keeps tenants apart when many creates share the batches' connections at once", async () => {
    const prefix = `Burst ${randomUUID().slice(0, 8)}`;
    const tenants = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b));
    const answers = await Promise.all(
      tenants.map((tenant, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/tasks',
          headers: bearer(tenant.owner.token),
          payload: taskBody(
            t,
            {
              project_id: tenant === a ? projectA : projectB,
              assigned_to: tenant.holder.session.user.user_id,
            },
            { name: `${prefix} ${i}` },
          ),
        }),
      ),
    );
    for (const response of answers) expect(response.statusCode, response.body).toBe(201);
    const rows = await t.db.db
      .select({ accountId: tasks.accountId, projectId: tasks.projectId, name: tasks.name })
      .from(tasks)
      .where(and(like(tasks.name, `${prefix} %`)));
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      const i = Number(row.name.slice(prefix.length + 1));
      const tenant = tenants[i] as Tenant;
      expect(row.accountId).toBe(tenant.workspace.account_id);
      expect(row.projectId).toBe(tenant === a ? projectA : projectB);
    }
  });

  describe('a status change (PATCH /api/tasks/:id/status)', () => {
    /** A new task of tenant a's owner, assigned to `to`. */
    async function newTask(to: string): Promise<Task> {
      const response = await call(
        t,
        'POST',
        '/api/tasks',
        a.owner.token,
        taskBody(t, { project_id: projectA, assigned_to: to }, { name: `Status ${randomUUID()}` }),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as Task;
    }
    const statusOf = async (id: string) =>
      (await t.db.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)))[0]?.status;
    const setStatus = async (token: string, id: string, status: string) => {
      const { result, sent } = await socketWritesOf(() =>
        call(t, 'PATCH', `/api/tasks/${id}/status`, token, { status }),
      );
      lastSent = sent;
      return result;
    };

    it('reads the task, then sends the change and the task as it now is as one message that writes', async () => {
      const task = await newTask(a.holder.session.user.user_id);
      const response = await setStatus(a.owner.token, task.task_id, 'completed');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.status).toBe('completed');
      expect(sent().toLowerCase()).not.toMatch(/\bbegin\b|\bcommit\b/);
      expect(await statusOf(task.task_id)).toBe('completed');
    });

    it("changes nothing for a worker on someone else's task (403), nor in an archived project (409)", async () => {
      const worker = await memberIn(t, a.workspace, 'worker');
      const task = await newTask(a.holder.session.user.user_id);
      const refused = await setStatus(worker.token, task.task_id, 'completed');
      expect(refused.statusCode).toBe(403);
      expect(await statusOf(task.task_id)).toBe('pending');
      const project = await createProject(t, a.owner.token);
      const inArchived = await call(
        t,
        'POST',
        '/api/tasks',
        a.owner.token,
        taskBody(t, { project_id: project.project_id, assigned_to: a.holder.session.user.user_id }),
      );
      const archivedTask = inArchived.json().data as Task;
      await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, a.owner.token, {
        status: 'archived',
      });
      const archived = await setStatus(a.owner.token, archivedTask.task_id, 'completed');
      expect(archived.statusCode).toBe(409);
      expect(await statusOf(archivedTask.task_id)).toBe('pending');
    });

    it("keeps the workspace's figures exact under simultaneous changes of one task", async () => {
      const task = await newTask(a.holder.session.user.user_id);
      const statuses = ['completed', 'in_progress', 'pending'];
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(t, 'PATCH', `/api/tasks/${task.task_id}/status`, a.owner.token, { status: statuses[i % 3] }),
        ),
      );
      for (const response of answers) expect(response.statusCode, response.body).toBe(200);
      const where = and(
        eq(tasks.accountId, a.workspace.account_id),
        eq(tasks.workspaceId, a.workspace.workspace_id),
      );
      const counted = await t.db.db
        .select({ status: tasks.status, n: sql<number>`count(*)::int` })
        .from(tasks)
        .where(where)
        .groupBy(tasks.status);
      const summed = await t.db.db
        .select({ status: taskCounts.status, n: sql<number>`sum(${taskCounts.tasks})::int` })
        .from(taskCounts)
        .where(
          and(
            eq(taskCounts.accountId, a.workspace.account_id),
            eq(taskCounts.workspaceId, a.workspace.workspace_id),
          ),
        )
        .groupBy(taskCounts.status)
        .having(sql`sum(${taskCounts.tasks}) <> 0`);
      const byStatus = (rows: { status: string; n: number }[]) =>
        Object.fromEntries(rows.map((r) => [r.status, r.n]));
      expect(byStatus(summed)).toEqual(byStatus(counted));
    });
  });
});
