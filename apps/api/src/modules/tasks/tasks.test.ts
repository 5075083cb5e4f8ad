import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorOf, testConfig, useTestApp } from '../../test/helpers.ts';
import { addMember, createWorkspace, enter, login, memberIn, newTenant } from '../../test/tenants.ts';
import {
  call,
  createMilestone,
  createProject,
  createTask,
  daysFromNow,
  taskBody,
  taskMailsTo,
  tenantWithWorker,
} from '../../test/work.ts';

const t = useTestApp();
const MISSING = '00000000-0000-4000-8000-000000000000';

const setUp = () => tenantWithWorker(t);

describe('POST /api/tasks', () => {
  it("creates the task with its project, milestone and assignee's names", async () => {
    const { owner, project, toWorker } = await setUp();
    const response = await call(
      t,
      'POST',
      '/api/tasks',
      owner.token,
      taskBody(t, toWorker, { priority: 'high' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(messages.taskCreated);
    expect(response.json().data).toMatchObject({
      project_id: project.project_id,
      project_name: 'Website',
      milestone_id: null,
      milestone_name: '',
      name: 'Write copy',
      description: 'Home page copy',
      assigned_to: toWorker.assigned_to,
      first_name: 'Worker',
      last_name: 'Tester',
      status: 'pending',
      stored_status: 'pending',
      priority: 'high',
      due_date: daysFromNow(t, 5),
      completed_at: null,
    });
    const milestone = await createMilestone(t, owner.token, project.project_id, { name: 'Design' });
    const inMilestone = await createTask(t, owner.token, toWorker, { milestone_id: milestone.milestone_id });
    expect(inMilestone).toMatchObject({ milestone_id: milestone.milestone_id, milestone_name: 'Design' });
    const done = await createTask(t, owner.token, toWorker, { status: 'completed' });
    expect(done.completed_at).toBe(t.clock.now().toISOString());
  });

  it('mails the assignee a link to the task, but not someone who assigns a task to themselves', async () => {
    const { owner, holder, ownerId, project, worker, toWorker } = await setUp();
    const task = await createTask(t, owner.token, toWorker, {
      name: 'Fix the header',
      due_date: '2026-02-03',
    });
    const [mail] = await taskMailsTo(t, worker.email);
    expect(mail?.text).toContain('Due: Tuesday 3 February 2026');
    expect(mail?.subject).toBe('New task: Fix the header');
    expect(mail?.text).toContain(
      `${testConfig().publicUrl}/task/view/${task.task_id}?workspace=${project.workspace_id}`,
    );
    expect(mail?.text).toContain('Hello Worker, Ada Lovelace assigned you a task in the project "Website"');
    await createTask(t, owner.token, { assigned_to: ownerId, project_id: project.project_id });
    expect(await taskMailsTo(t, holder.email)).toHaveLength(0);
  });

  it('answers 400 with the spec message of every field', async () => {
    const { owner } = await setUp();
    const empty = await call(t, 'POST', '/api/tasks', owner.token, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error.fields).toEqual({
      name: messages.nameRequired,
      description: messages.descriptionRequired,
      assigned_to: messages.assignedToRequired,
      status: messages.statusRequired,
      due_date: messages.dueDateRequired,
      priority: messages.priorityRequired,
      project_id: 'Choose a project',
    });
    const wrong = await call(t, 'POST', '/api/tasks', owner.token, {
      name: ' ',
      description: '',
      assigned_to: '',
      status: 'overdue',
      due_date: '',
      priority: 'urgent',
      project_id: 'x',
    });
    expect(Object.values(errorOf(wrong).error.fields ?? {})).toEqual([
      messages.nameRequired,
      messages.descriptionRequired,
      messages.assignedToRequired,
      'Status must be one of pending, in_progress, completed',
      messages.dueDateRequired,
      'Priority must be one of low, medium, high',
      'Choose a project',
    ]);
  });

  it('answers 400 for an assignee who is not an active member, or a milestone of another project', async () => {
    const { owner, workspace, project, toWorker } = await setUp();
    const stranger = await addMember(t, (await newTenant(t)).workspace, 'worker');
    const inactive = await addMember(t, workspace, 'worker', { status: 'inactive' });
    // Guests and customers cannot open a task (docs/permissions.md): none is assigned to them.
    const guest = await addMember(t, workspace, 'guest');
    const customer = await addMember(t, workspace, 'customer');
    for (const assignee of [stranger.userId, inactive.userId, guest.userId, customer.userId, MISSING]) {
      const response = await call(
        t,
        'POST',
        '/api/tasks',
        owner.token,
        taskBody(t, { ...toWorker, assigned_to: assignee }),
      );
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error.fields).toEqual({ assigned_to: messages.assigneeNotMember });
    }
    const other = await createProject(t, owner.token, { name: 'Other' });
    const foreign = await createMilestone(t, owner.token, other.project_id);
    const response = await call(
      t,
      'POST',
      '/api/tasks',
      owner.token,
      taskBody(t, toWorker, { milestone_id: foreign.milestone_id }),
    );
    expect(errorOf(response).error.fields).toEqual({ milestone_id: messages.milestoneNotInProject });
    expect(
      (await call(t, 'GET', `/api/tasks?project_id=${project.project_id}`, owner.token)).json().meta.total,
    ).toBe(0);
  });

  it('says a milestone deleted meanwhile (or never made) no longer exists, not that it is of another project', async () => {
    const { owner, project, toWorker } = await setUp();
    const gone = await createMilestone(t, owner.token, project.project_id);
    expect((await call(t, 'DELETE', `/api/milestones/${gone.milestone_id}`, owner.token)).statusCode).toBe(
      200,
    );
    for (const milestone_id of [gone.milestone_id, MISSING]) {
      const response = await call(
        t,
        'POST',
        '/api/tasks',
        owner.token,
        taskBody(t, toWorker, { milestone_id }),
      );
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error.fields).toEqual({ milestone_id: messages.milestoneGone });
    }
  });

  it('is for admin-types (403 to members and workers), 404 for a project not of this workspace, 409 archived', async () => {
    const { owner, home, holder, workspace, worker, project, toWorker } = await setUp();
    const admin = await memberIn(t, workspace, 'admin');
    expect((await call(t, 'POST', '/api/tasks', admin.token, taskBody(t, toWorker))).statusCode).toBe(201);
    const member = await memberIn(t, workspace, 'member');
    for (const token of [member.token, worker.token]) {
      expect((await call(t, 'POST', '/api/tasks', token, taskBody(t, toWorker))).statusCode).toBe(403);
    }
    const outsider = await newTenant(t);
    expect(
      (await call(t, 'POST', '/api/tasks', outsider.owner.token, taskBody(t, toWorker))).statusCode,
    ).toBe(404);
    const second = await createWorkspace(t, home.token, { workspace_name: 'Second' });
    const inSecond = await enter(t, await login(t, holder.email), second.workspace_id);
    expect((await call(t, 'POST', '/api/tasks', inSecond.token, taskBody(t, toWorker))).statusCode).toBe(404);
    await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, owner.token, { status: 'archived' });
    const archived = await call(t, 'POST', '/api/tasks', owner.token, taskBody(t, toWorker));
    expect(archived.statusCode).toBe(409);
    expect(errorOf(archived).error.message).toBe(messages.projectArchivedNoChanges);
  });
});

describe('GET /api/tasks/:id', () => {
  it('answers admin-types any task, members and workers only theirs (404 for the others)', async () => {
    const { owner, workspace, worker, project, toWorker } = await setUp();
    const theirs = await createTask(t, owner.token, toWorker);
    const member = await memberIn(t, workspace, 'member');
    const notTheirs = await createTask(t, owner.token, {
      assigned_to: member.userId,
      project_id: project.project_id,
    });
    const admin = await memberIn(t, workspace, 'admin');
    expect((await call(t, 'GET', `/api/tasks/${notTheirs.task_id}`, admin.token)).json().data).toEqual(
      notTheirs,
    );
    expect((await call(t, 'GET', `/api/tasks/${theirs.task_id}`, worker.token)).json().data).toEqual(theirs);
    const hidden = await call(t, 'GET', `/api/tasks/${notTheirs.task_id}`, worker.token);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).error.message).toBe(messages.notFound);
    expect((await call(t, 'GET', `/api/tasks/${theirs.task_id}`, member.token)).statusCode).toBe(404);
  });

  it('answers 403 to guests and customers, 404 across tenants and for a missing task, 400 for a bad id', async () => {
    const { owner, workspace, project } = await setUp();
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
    expect((await call(t, 'GET', `/api/tasks/${toGuest.task_id}`, guest.token)).statusCode).toBe(403);
    const customer = await memberIn(t, workspace, 'customer');
    expect((await call(t, 'GET', `/api/tasks/${toGuest.task_id}`, customer.token)).statusCode).toBe(403);
    expect(
      (await call(t, 'GET', `/api/tasks/${toGuest.task_id}`, (await newTenant(t)).owner.token)).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', `/api/tasks/${MISSING}`, owner.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/tasks/nope', owner.token)).statusCode).toBe(400);
  });
});

describe('DELETE /api/tasks/:id', () => {
  it('deletes for admin-types; 403 to the assigned worker, 404 across tenants, 409 archived', async () => {
    const { owner, workspace, worker, project, toWorker } = await setUp();
    const task = await createTask(t, owner.token, toWorker);
    const url = `/api/tasks/${task.task_id}`;
    expect((await call(t, 'DELETE', url, worker.token)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', url, (await newTenant(t)).owner.token)).statusCode).toBe(404);
    const admin = await memberIn(t, workspace, 'admin');
    const deleted = await call(t, 'DELETE', url, admin.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: messages.taskDeleted });
    expect((await call(t, 'GET', url, owner.token)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', url, owner.token)).statusCode).toBe(404);

    const kept = await createTask(t, owner.token, toWorker);
    await call(t, 'PATCH', `/api/projects/${project.project_id}/status`, owner.token, { status: 'archived' });
    expect((await call(t, 'DELETE', `/api/tasks/${kept.task_id}`, owner.token)).statusCode).toBe(409);
  });
});
