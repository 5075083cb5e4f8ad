import { TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { createTag } from '../../test/tags.ts';
import { enter, login, memberIn } from '../../test/tenants.ts';
import {
  call,
  createMilestone,
  createProject,
  createTask,
  daysFromNow,
  taskBody,
  tenantWithWorker,
} from '../../test/work.ts';

const t = useTestApp();
const HEADER = 'Name,Project,Milestone,Assignee,Status,Priority,Due date,Tags,Completed at';
const today = () => t.clock.now().toISOString().slice(0, 10);
const DAY_SECONDS = 24 * 60 * 60;

/** The lines of a CSV answer (no cell of these tests holds a line break). */
const linesOf = (body: string) => csvBody(body).split('\r\n').slice(0, -1);
const names = (body: string) =>
  linesOf(body)
    .slice(1)
    .map((line) => line.split(',')[0]);

describe('GET /api/tasks/export', () => {
  it('answers a CSV download with the status shown (overdue computed), milestone, assignee and tags', async () => {
    const { owner, project, toWorker, holder, workspace } = await tenantWithWorker(t);
    const milestone = await createMilestone(t, owner.token, project.project_id, { name: 'Launch' });
    const tag = await createTag(t, owner.token, { name: '+urgent' });
    await createTask(t, owner.token, toWorker, {
      name: 'Late, very',
      due_date: daysFromNow(t, 1),
      priority: 'high',
      milestone_id: milestone.milestone_id,
      tag_ids: [tag.id],
    });
    const done = await createTask(t, owner.token, toWorker, {
      name: 'Done',
      status: 'completed',
      due_date: daysFromNow(t, 3),
    });
    t.clock.advance(2 * DAY_SECONDS);
    const fresh = await enter(t, await login(t, holder.email), workspace.workspace_id);
    const response = await call(t, 'GET', '/api/tasks/export', fresh.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tasks-${today()}.csv"`);
    expect(linesOf(response.body)).toEqual([
      HEADER,
      `"Late, very",Website,Launch,Worker Tester,overdue,high,${daysFromNow(t, -1)},'+urgent,`,
      `Done,Website,,Worker Tester,completed,medium,${daysFromNow(t, 1)},,${done.completed_at}`,
    ]);
  });

  it('applies the filters and the sort of the list, never paging', async () => {
    const { owner, project, toWorker, ownerId } = await tenantWithWorker(t);
    const other = await createProject(t, owner.token, { name: 'Other' });
    const tag = await createTag(t, owner.token);
    await createTask(t, owner.token, toWorker, { name: 'B', due_date: daysFromNow(t, 2), tag_ids: [tag.id] });
    await createTask(t, owner.token, toWorker, {
      name: 'A',
      due_date: daysFromNow(t, 4),
      status: 'in_progress',
    });
    await createTask(t, owner.token, { assigned_to: ownerId, project_id: other.project_id }, { name: 'C' });
    const exported = async (query: string) =>
      names((await call(t, 'GET', `/api/tasks/export${query}`, owner.token)).body);

    expect(await exported('')).toEqual(['B', 'A', 'C']);
    expect(await exported('?sort=-name&page=3&limit=1')).toEqual(['C', 'B', 'A']);
    expect(await exported(`?project_id=${project.project_id}`)).toEqual(['B', 'A']);
    expect(await exported('?assigned_to=me')).toEqual(['C']);
    expect(await exported('?status=in_progress')).toEqual(['A']);
    expect(await exported(`?tag=${tag.id}`)).toEqual(['B']);
    expect(await exported('?q=c')).toEqual(['C']);
    expect(await exported(`?due_before=${daysFromNow(t, 3)}`)).toEqual(['B']);
  });

  it("gives a worker only their own tasks, whatever the filters; another tenant's never appear", async () => {
    const { owner, workspace, toWorker, worker, ownerId, project } = await tenantWithWorker(t);
    await createTask(t, owner.token, toWorker, { name: 'Theirs' });
    await createTask(
      t,
      owner.token,
      { assigned_to: ownerId, project_id: project.project_id },
      { name: 'Owners' },
    );
    const stranger = await tenantWithWorker(t);
    await createTask(t, stranger.owner.token, stranger.toWorker, { name: 'Foreign' });

    expect(names((await call(t, 'GET', '/api/tasks/export', worker.token)).body)).toEqual(['Theirs']);
    const asked = await call(t, 'GET', `/api/tasks/export?assigned_to=${ownerId}`, worker.token);
    expect(linesOf(asked.body)).toEqual([HEADER]);
    expect(names((await call(t, 'GET', '/api/tasks/export', owner.token)).body).sort()).toEqual([
      'Owners',
      'Theirs',
    ]);
    const foreignProject = `/api/tasks/export?project_id=${stranger.project.project_id}`;
    expect(linesOf((await call(t, 'GET', foreignProject, owner.token)).body)).toEqual([HEADER]);
    for (const role of ['guest', 'customer'] as const) {
      const response = await call(t, 'GET', '/api/tasks/export', (await memberIn(t, workspace, role)).token);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.message).toBe(messages.forbidden);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/tasks/export' })).statusCode).toBe(401);
  });

  it('answers 400 for a bad filter', async () => {
    const { owner } = await tenantWithWorker(t);
    for (const query of ['?sort=size', '?status=late', '?project_id=1', '?assigned_to=you']) {
      const response = await call(t, 'GET', `/api/tasks/export${query}`, owner.token);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps working for a read-only account (trial over) while creating a task is refused', async () => {
    const before = await tenantWithWorker(t);
    await createTask(t, before.owner.token, before.toWorker, { name: 'Kept' });
    t.clock.advance((TRIAL_DAYS + 1) * DAY_SECONDS);
    const owner = await enter(t, await login(t, before.holder.email), before.workspace.workspace_id);
    const exported = await call(t, 'GET', '/api/tasks/export', owner.token);
    expect(exported.statusCode).toBe(200);
    expect(names(exported.body)).toEqual(['Kept']);
    const created = await call(t, 'POST', '/api/tasks', owner.token, taskBody(t, before.toWorker));
    expect(created.statusCode).toBe(403);
    expect(errorOf(created).error.code).toBe('READ_ONLY');
  });
});
