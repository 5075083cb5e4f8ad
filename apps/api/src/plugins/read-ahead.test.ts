import { messages } from '@workhub/shared/messages';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema/auth.ts';
import { accounts, users } from '../db/schema/users.ts';
import { workspaceMembers, workspaces } from '../db/schema/workspaces.ts';
import { errorOf, useTestApp } from '../test/helpers.ts';
import { enter, login } from '../test/tenants.ts';
import { call, createMilestone, createTask, tenantWithWorker } from '../test/work.ts';

/*
 * The task list, a task, the project list, a project, a milestone and the dashboard are read ahead of their session check on
 * PostgreSQL: their statements go out with the session's, with the role and template the token
 * claims (db/tenant-scope.ts workspaceRead). What was read is answered only once the session is
 * confirmed and the live membership has the token's role; otherwise the check's refusal is the
 * answer, or the read is made again with the live role. On PGlite the check comes first, as for
 * every other route. Both must answer the same: a token is held to its live session and role at
 * once.
 */
const t = useTestApp();

const READ_AHEAD = ['/api/tasks', '/api/projects', '/api/dashboard'];
/** The read-ahead routes, with a task of the worker's, their project and a milestone of it. */
const readAhead = () => [
  ...READ_AHEAD,
  `/api/tasks/${ownTask}`,
  `/api/projects/${s.project.project_id}`,
  `/api/milestones/${milestoneId}`,
];

type Setup = Awaited<ReturnType<typeof tenantWithWorker>>;
let s: Setup;
let ownTask: string;
let othersTask: string;
let milestoneId: string;

beforeEach(async () => {
  s = await tenantWithWorker(t);
  ownTask = (await createTask(t, s.owner.token, s.toWorker)).task_id;
  othersTask = (await createTask(t, s.owner.token, { ...s.toWorker, assigned_to: s.ownerId })).task_id;
  milestoneId = (await createMilestone(t, s.owner.token, s.project.project_id)).milestone_id;
});

const get = (url: string, token = s.worker.token) => call(t, 'GET', url, token);
const taskIds = async (token = s.worker.token) => {
  const response = await get('/api/tasks', token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { task_id: string }[]).map((task) => task.task_id).sort();
};
const teamPanel = async (token = s.worker.token) => {
  const response = await get('/api/dashboard', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.team as unknown[];
};
const setRole = (role: 'admin' | 'worker') =>
  t.db.db
    .update(workspaceMembers)
    .set({ role })
    .where(
      and(
        eq(workspaceMembers.workspaceId, s.workspace.workspace_id),
        eq(workspaceMembers.userId, s.worker.userId),
      ),
    );

async function expectRefused(status: number, code: string, message?: string) {
  for (const url of readAhead()) {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    expect(errorOf(response).error.code, url).toBe(code);
    if (message) expect(errorOf(response).error.message, url).toBe(message);
    // Nothing read ahead leaks into a refusal.
    expect(response.body, url).not.toContain('Website');
    expect(response.body, url).not.toContain(ownTask);
    expect(response.body, url).not.toContain('Write copy');
  }
}

describe('a read sent ahead of the session check', () => {
  it('answers with the token role when the membership still has it', async () => {
    expect(await taskIds()).toEqual([ownTask]);
    expect(await teamPanel()).toEqual([]);
    expect((await get('/api/projects')).json().data.map((p: { name: string }) => p.name)).toEqual([
      'Website',
    ]);
  });

  it('is made again with the live role when the role changed since the token was issued', async () => {
    await setRole('admin');
    // The token still says worker: the read ahead saw only the worker's task, the answer has both.
    expect(await taskIds()).toEqual([ownTask, othersTask].sort());
    expect((await teamPanel()).length).toBeGreaterThan(0);
    await setRole('worker');
    expect(await taskIds()).toEqual([ownTask]);
    expect(await teamPanel()).toEqual([]);
  });

  it("shows a task to the live role: another's task is 404 for a worker, 200 once made admin", async () => {
    const task = (token = s.worker.token) => get(`/api/tasks/${othersTask}`, token);
    expect((await task()).statusCode).toBe(404);
    expect((await get(`/api/tasks/${ownTask}`)).json().data.task_id).toBe(ownTask);
    await setRole('admin');
    // The token still says worker: the read ahead is made again with the admin's role.
    const asAdmin = await task();
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().data.task_id).toBe(othersTask);
    const { token } = await enter(t, await login(t, s.worker.email), s.workspace.workspace_id);
    expect((await task(token)).statusCode).toBe(200);
    await setRole('worker');
    // An admin's token demoted since: held to the worker's view at once.
    const demoted = await task(token);
    expect(demoted.statusCode, demoted.body).toBe(404);
    expect(demoted.body).not.toContain(othersTask);
  });

  it('holds an admin token demoted to worker to the worker view at once', async () => {
    await setRole('admin');
    const { token } = await enter(t, await login(t, s.worker.email), s.workspace.workspace_id);
    expect(await taskIds(token)).toEqual([ownTask, othersTask].sort());
    await setRole('worker');
    expect(await taskIds(token)).toEqual([ownTask]);
    expect(await teamPanel(token)).toEqual([]);
  });

  it('answers 401 for a session signed out since (its refresh tokens revoked)', async () => {
    await t.db.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, s.worker.userId));
    await expectRefused(401, 'UNAUTHORIZED');
  });

  it('answers 401 for a user made inactive', async () => {
    await t.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, s.worker.userId));
    await expectRefused(401, 'UNAUTHORIZED');
  });

  it('answers 403 for a membership made inactive', async () => {
    await t.db.db
      .update(workspaceMembers)
      .set({ status: 'inactive' })
      .where(eq(workspaceMembers.userId, s.worker.userId));
    await expectRefused(403, 'FORBIDDEN', messages.memberInactive);
  });

  it('answers 403 notAMember for a membership removed since (not memberInactive)', async () => {
    await t.db.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, s.worker.userId));
    await expectRefused(403, 'FORBIDDEN', messages.notAMember);
  });

  it('answers 409 for an archived workspace', async () => {
    await t.db.db
      .update(workspaces)
      .set({ archived: true })
      .where(eq(workspaces.id, s.workspace.workspace_id));
    await expectRefused(409, 'CONFLICT', messages.workspaceUnavailable);
  });

  it('answers 403 for an account platform staff made inactive', async () => {
    await t.db.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, s.workspace.account_id));
    // The caller is a worker: sent to the account's holder.
    await expectRefused(403, 'ACCOUNT_INACTIVE', messages.accountInactiveMember);
  });

  it('answers alike for simultaneous requests while the role changes', async () => {
    const before = await Promise.all(Array.from({ length: 6 }, () => taskIds()));
    expect(before.every((ids) => ids.length === 1)).toBe(true);
    await setRole('admin');
    const after = await Promise.all(Array.from({ length: 6 }, () => taskIds()));
    expect(after.every((ids) => ids.length === 2)).toBe(true);
  });
});
