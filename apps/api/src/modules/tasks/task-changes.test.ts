import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';
import {
  call,
  createMilestone,
  createTask,
  daysFromNow,
  taskBody,
  taskMailsTo,
  tenantWithWorker,
} from '../../test/work.ts';

const t = useTestApp();

/** A tenant with a worker and one task given to them. */
async function setUp() {
  const tenant = await tenantWithWorker(t);
  const task = await createTask(t, tenant.owner.token, tenant.toWorker);
  return { ...tenant, task, url: `/api/tasks/${task.task_id}` };
}

/** An edit's body: a task body without the project (a task stays in its project). */
const edit = ({ project_id: _project, ...rest }: ReturnType<typeof taskBody>) => rest;

describe('PATCH /api/tasks/:id', () => {
  it('edits every field but the project', async () => {
    const { owner, project, toWorker, url } = await setUp();
    const milestone = await createMilestone(t, owner.token, project.project_id, { name: 'Launch' });
    const body = edit(
      taskBody(t, toWorker, {
        name: 'Write better copy',
        description: 'Shorter',
        status: 'in_progress',
        due_date: daysFromNow(t, 9),
        priority: 'low',
        milestone_id: milestone.milestone_id,
      }),
    );
    const response = await call(t, 'PATCH', url, owner.token, body);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.updateDone);
    expect(response.json().data).toMatchObject({
      ...body,
      milestone_name: 'Launch',
      project_name: 'Website',
    });
  });

  it('sets completed_at when the task becomes completed, keeps it while it stays so, clears it after', async () => {
    const { owner, toWorker, url } = await setUp();
    const completed = await call(
      t,
      'PATCH',
      url,
      owner.token,
      edit(taskBody(t, toWorker, { status: 'completed' })),
    );
    const at = completed.json().data.completed_at;
    expect(at).toBe(t.clock.now().toISOString());
    t.clock.advance(60);
    const renamed = await call(
      t,
      'PATCH',
      url,
      owner.token,
      edit(taskBody(t, toWorker, { status: 'completed', name: 'Renamed' })),
    );
    expect(renamed.json().data.completed_at).toBe(at);
    const reopened = await call(
      t,
      'PATCH',
      url,
      owner.token,
      edit(taskBody(t, toWorker, { status: 'pending' })),
    );
    expect(reopened.json().data).toMatchObject({ status: 'pending', completed_at: null });
  });

  it('mails a new assignee, not the same one again nor an admin who takes the task', async () => {
    const { owner, workspace, worker, toWorker, url } = await setUp();
    expect(await taskMailsTo(t, worker.email)).toHaveLength(1);
    await call(t, 'PATCH', url, owner.token, edit(taskBody(t, toWorker, { name: 'Renamed' })));
    expect(await taskMailsTo(t, worker.email)).toHaveLength(1);
    const other = await memberIn(t, workspace, 'member');
    await call(t, 'PATCH', url, owner.token, edit(taskBody(t, { ...toWorker, assigned_to: other.userId })));
    const [mail] = await taskMailsTo(t, other.email);
    expect(mail?.subject).toBe('New task: Write copy');
    const admin = await memberIn(t, workspace, 'admin');
    await call(t, 'PATCH', url, admin.token, edit(taskBody(t, { ...toWorker, assigned_to: admin.userId })));
    expect(await taskMailsTo(t, admin.email)).toHaveLength(0);
  });

  it('keeps an assignee deactivated since, but will not give the task to an inactive member', async () => {
    const { owner, workspace, worker, toWorker, url } = await setUp();
    await call(t, 'PATCH', `/api/team/${worker.userId}/status`, owner.token, { status: '0' });
    expect(
      (await call(t, 'PATCH', url, owner.token, edit(taskBody(t, toWorker, { name: 'Still theirs' }))))
        .statusCode,
    ).toBe(200);
    const member = await memberIn(t, workspace, 'member');
    await call(t, 'PATCH', url, owner.token, edit(taskBody(t, { ...toWorker, assigned_to: member.userId })));
    const back = await call(t, 'PATCH', url, owner.token, edit(taskBody(t, toWorker)));
    expect(back.statusCode).toBe(400);
    expect(errorOf(back).error.fields).toEqual({ assigned_to: messages.assigneeNotMember });
  });

  it('answers 400 with the spec messages, 403 to the assigned worker, 404 across tenants, 409 archived', async () => {
    const { owner, worker, project, toWorker, url } = await setUp();
    expect(errorOf(await call(t, 'PATCH', url, owner.token, {})).error.fields).toEqual({
      name: messages.nameRequired,
      description: messages.descriptionRequired,
      assigned_to: messages.assignedToRequired,
      status: messages.statusRequired,
      due_date: messages.dueDateRequired,
      priority: messages.priorityRequired,
    });
    const body = edit(taskBody(t, toWorker));
    expect((await call(t, 'PATCH', url, worker.token, body)).statusCode).toBe(403);
    expect((await call(t, 'PATCH', url, (await newTenant(t)).owner.token, body)).statusCode).toBe(404);
    await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, owner.token, { status: 'archived' });
    expect((await call(t, 'PATCH', url, owner.token, body)).statusCode).toBe(409);
  });
});

describe('PATCH /api/tasks/:id/status', () => {
  it('lets the assigned worker complete their task and reopen it', async () => {
    const { worker, url } = await setUp();
    const done = await call(t, 'PATCH', `${url}/status`, worker.token, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: messages.updateDone,
      data: { status: 'completed', stored_status: 'completed', completed_at: t.clock.now().toISOString() },
    });
    const reopened = await call(t, 'PATCH', `${url}/status`, worker.token, { status: 'in_progress' });
    expect(reopened.json().data).toMatchObject({ status: 'in_progress', completed_at: null });
  });

  it("refuses (403) a worker or member the status of someone else's task; admin-types change any", async () => {
    const { owner, workspace, project, url } = await setUp();
    const member = await memberIn(t, workspace, 'member');
    const otherWorker = await memberIn(t, workspace, 'worker');
    for (const token of [member.token, otherWorker.token]) {
      const refused = await call(t, 'PATCH', `${url}/status`, token, { status: 'completed' });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).error.message).toBe(messages.forbidden);
    }
    // A worker who held a task and is a guest now (a guest is never assigned one).
    const guest = await memberIn(t, workspace, 'worker');
    const toGuest = await createTask(t, owner.token, {
      assigned_to: guest.userId,
      project_id: project.project_id,
    });
    const demoted = await call(t, 'PATCH', `/api/team/${guest.userId}`, owner.token, {
      first_name: 'Gus',
      role: 'guest',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const guestTry = await call(t, 'PATCH', `/api/tasks/${toGuest.task_id}/status`, guest.token, {
      status: 'completed',
    });
    expect(guestTry.statusCode).toBe(403);
    const admin = await memberIn(t, workspace, 'admin');
    expect((await call(t, 'PATCH', `${url}/status`, admin.token, { status: 'completed' })).statusCode).toBe(
      200,
    );
  });

  it('answers 400 for a status that cannot be set, 404 across tenants, 409 in an archived project', async () => {
    const { owner, worker, project, url } = await setUp();
    const bad = await call(t, 'PATCH', `${url}/status`, worker.token, { status: 'overdue' });
    expect(bad.statusCode).toBe(400);
    // 'overdue' is computed from the due date, never set.
    expect(errorOf(bad).error.fields).toEqual({
      status: 'Status must be one of pending, in_progress, completed',
    });
    const outsider = await newTenant(t);
    expect(
      (await call(t, 'PATCH', `${url}/status`, outsider.owner.token, { status: 'completed' })).statusCode,
    ).toBe(404);
    await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, owner.token, { status: 'archived' });
    const archived = await call(t, 'PATCH', `${url}/status`, worker.token, { status: 'completed' });
    expect(archived.statusCode).toBe(409);
    expect(errorOf(archived).error.message).toBe(messages.projectArchivedNoChanges);
  });
});
