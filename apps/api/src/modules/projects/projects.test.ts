import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { createWorkspace, enter, login, memberIn, newTenant } from '../../test/tenants.ts';
import {
  call,
  createProject,
  createTask,
  daysFromNow,
  idsOf,
  milestoneBody,
  projectBody,
  taskBody,
  tenantWithWorker,
} from '../../test/work.ts';

const t = useTestApp();
const ids = (body: { data: Record<string, unknown>[] }) => idsOf(body, 'project_id');

describe('POST /api/projects', () => {
  it("creates the project with its creator's names and empty figures", async () => {
    const { owner, holder, workspace } = await newTenant(t);
    const response = await call(t, 'POST', '/api/projects', owner.token, projectBody(t, { name: '  Site ' }));
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(messages.projectCreated);
    expect(data).toMatchObject({
      workspace_id: workspace.workspace_id,
      name: 'Site',
      description: 'The new website',
      status: 'in_progress',
      due_date: daysFromNow(t, 30),
      created_by: holder.session.user.user_id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      milestones_count: 0,
      tasks_count: 0,
      completion: 0,
    });
  });

  it('answers 400 with the spec messages, one per field', async () => {
    const { owner } = await newTenant(t);
    const empty = await call(t, 'POST', '/api/projects', owner.token, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error.fields).toEqual({
      name: messages.nameRequired,
      description: messages.descriptionRequired,
      due_date: messages.dueDateRequired,
      status: messages.statusRequired,
    });
    const wrong = await call(t, 'POST', '/api/projects', owner.token, {
      name: ' ',
      description: '',
      due_date: '31/12/2026',
      status: 'archived',
    });
    expect(errorOf(wrong).error.fields).toEqual({
      name: messages.nameRequired,
      description: messages.descriptionRequired,
      due_date: messages.dueDateInvalid,
      // 'archived' is set by Deactivate only: a new project's status is one of the form's.
      status: 'Status must be one of not_started, in_progress, on_hold, complete, cancelled',
    });
  });

  it('refuses a due date outside 2000-2099 for a project, a milestone and a task (a typing slip)', async () => {
    const { owner, project, toWorker } = await tenantWithWorker(t);
    for (const due_date of ['0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      const answers = [
        await call(t, 'POST', '/api/projects', owner.token, projectBody(t, { due_date })),
        await call(
          t,
          'POST',
          `/api/projects/${project.project_id}/milestones`,
          owner.token,
          milestoneBody(t, { due_date }),
        ),
        await call(t, 'POST', '/api/tasks', owner.token, taskBody(t, toWorker, { due_date })),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(400);
        expect(errorOf(answer).error.fields).toEqual({ due_date: messages.dueDateOutOfRange });
      }
    }
    for (const due_date of ['2000-01-01', '2099-12-31']) {
      const made = await call(t, 'POST', '/api/projects', owner.token, projectBody(t, { due_date }));
      expect(made.statusCode, made.body).toBe(201);
    }
  });

  it('is for admin-types: 403 to members, workers and guests, outside a workspace; 401 without a token', async () => {
    const { home, workspace } = await newTenant(t);
    expect(
      (await call(t, 'POST', '/api/projects', (await memberIn(t, workspace, 'admin')).token, projectBody(t)))
        .statusCode,
    ).toBe(201);
    for (const role of ['member', 'worker', 'guest'] as const) {
      const response = await call(
        t,
        'POST',
        '/api/projects',
        (await memberIn(t, workspace, role)).token,
        projectBody(t),
      );
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.message).toBe(messages.forbidden);
    }
    expect((await call(t, 'POST', '/api/projects', home.token, projectBody(t))).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/projects', payload: projectBody(t) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/projects', () => {
  it('hides archived projects; archived=true lists only them', async () => {
    const { owner } = await newTenant(t);
    const active = await createProject(t, owner.token, { name: 'Active' });
    const old = await createProject(t, owner.token, { name: 'Old' });
    await call(t, 'PATCH', `/api/projects/${old.project_id}/status`, owner.token, { status: 'archived' });
    const listed = (await call(t, 'GET', '/api/projects', owner.token)).json();
    expect(ids(listed)).toEqual([active.project_id]);
    expect(listed.meta).toEqual({ page: 1, limit: 14, total: 1 });
    const archived = (await call(t, 'GET', '/api/projects?archived=true', owner.token)).json();
    expect(ids(archived)).toEqual([old.project_id]);
    expect(archived.data[0]).toMatchObject({ status: 'archived', first_name: 'Ada' });
  });

  it('pages in SQL: limit 1, a page past the end, limit 101 and page 0 refused', async () => {
    const { owner } = await newTenant(t);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await createProject(t, owner.token, { name });
    const one = (await call(t, 'GET', '/api/projects?limit=1&sort=name', owner.token)).json();
    expect(one.meta).toEqual({ page: 1, limit: 1, total: 3 });
    expect(one.data.map((p: { name: string }) => p.name)).toEqual(['Alpha']);
    const third = (await call(t, 'GET', '/api/projects?limit=1&page=3&sort=name', owner.token)).json();
    expect(third.data.map((p: { name: string }) => p.name)).toEqual(['Charlie']);
    const past = (await call(t, 'GET', '/api/projects?limit=2&page=3', owner.token)).json();
    expect(past).toEqual({ data: [], meta: { page: 3, limit: 2, total: 3 } });
    const tooMany = await call(t, 'GET', '/api/projects?limit=101', owner.token);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).error.fields).toEqual({ limit: 'Limit must be at most 100' });
    expect((await call(t, 'GET', '/api/projects?page=0', owner.token)).statusCode).toBe(400);
  });

  it('filters by status, name (q, any case, % and _ literal) and due date range, both ends included', async () => {
    const { owner } = await newTenant(t);
    const a = await createProject(t, owner.token, {
      name: 'Website relaunch',
      due_date: daysFromNow(t, 1),
      status: 'not_started',
    });
    const b = await createProject(t, owner.token, { name: 'Mobile app', due_date: daysFromNow(t, 5) });
    const c = await createProject(t, owner.token, { name: 'Web shop 100%', due_date: daysFromNow(t, 9) });
    const get = async (query: string) =>
      ids((await call(t, 'GET', `/api/projects?${query}`, owner.token)).json());
    expect(await get('status=not_started')).toEqual([a.project_id]);
    expect(await get('status=in_progress')).toEqual([b.project_id, c.project_id]);
    expect(await get('q=WEB')).toEqual([a.project_id, c.project_id]);
    expect(await get('q=%25')).toEqual([c.project_id]);
    expect(await get('q=_')).toEqual([]);
    expect(await get(`due_after=${daysFromNow(t, 5)}`)).toEqual([b.project_id, c.project_id]);
    expect(await get(`due_before=${daysFromNow(t, 5)}`)).toEqual([a.project_id, b.project_id]);
    expect(await get(`due_after=${daysFromNow(t, 2)}&due_before=${daysFromNow(t, 8)}`)).toEqual([
      b.project_id,
    ]);
    const bad = await call(t, 'GET', '/api/projects?due_before=soon&status=done&sort=random', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).error.fields ?? {}).sort()).toEqual(['due_before', 'sort', 'status']);
  });

  it('sorts by due date (default), name, status and creation, either way, ties broken by id', async () => {
    const { owner } = await newTenant(t);
    const made = [];
    for (const [name, days, status] of [
      ['Charlie', 3, 'on_hold'],
      ['Alpha', 1, 'complete'],
      ['Bravo', 3, 'cancelled'],
      ['Delta', 2, 'complete'],
    ] as const) {
      t.clock.advance(1);
      made.push(await createProject(t, owner.token, { name, due_date: daysFromNow(t, days), status }));
    }
    const names = async (sort: string) =>
      (await call(t, 'GET', `/api/projects?sort=${sort}`, owner.token))
        .json()
        .data.map((p: { name: string }) => p.name);
    const [charlie, , bravo] = made;
    // Charlie and Bravo are due the same day: the one with the smaller id comes first.
    const tied = [charlie?.project_id, bravo?.project_id].sort();
    const order = async (sort: string) =>
      ids((await call(t, 'GET', `/api/projects?sort=${sort}`, owner.token)).json());
    expect((await order('due_date')).slice(2)).toEqual(tied);
    expect((await order('-due_date')).slice(0, 2)).toEqual([...tied].reverse());
    expect((await names('due_date')).slice(0, 2)).toEqual(['Alpha', 'Delta']);
    expect((await names('-due_date')).slice(2)).toEqual(['Delta', 'Alpha']);
    expect(await names('name')).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(await names('-name')).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(await names('status')).toEqual(['Bravo', 'Alpha', 'Delta', 'Charlie']);
    expect(await names('-status')).toEqual(['Charlie', 'Delta', 'Alpha', 'Bravo']);
    expect(await names('created_at')).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta']);
    expect(await names('-created_at')).toEqual(['Delta', 'Bravo', 'Alpha', 'Charlie']);
  });

  it('counts milestones and tasks and the completion of each project', async () => {
    const { owner, holder } = await newTenant(t);
    const project = await createProject(t, owner.token);
    const other = await createProject(t, owner.token, { name: 'Other' });
    const me = { assigned_to: holder.session.user.user_id, project_id: project.project_id };
    await call(t, 'POST', `/api/projects/${project.project_id}/milestones`, owner.token, {
      name: 'M',
      description: 'D',
      status: 'not_started',
      due_date: daysFromNow(t, 1),
    });
    await createTask(t, owner.token, me, { status: 'completed' });
    await createTask(t, owner.token, me);
    await createTask(t, owner.token, me);
    const listed = (await call(t, 'GET', '/api/projects?sort=name', owner.token)).json().data;
    expect(listed.find((p: { project_id: string }) => p.project_id === project.project_id)).toMatchObject({
      milestones_count: 1,
      tasks_count: 3,
      completion: 33,
    });
    expect(listed.find((p: { project_id: string }) => p.project_id === other.project_id)).toMatchObject({
      milestones_count: 0,
      tasks_count: 0,
      completion: 0,
    });
  });

  it('shows members and workers every project of the workspace; refuses guests and customers', async () => {
    const { owner, workspace } = await newTenant(t);
    await createProject(t, owner.token);
    for (const role of ['member', 'worker'] as const) {
      const listed = await call(t, 'GET', '/api/projects', (await memberIn(t, workspace, role)).token);
      expect(listed.json().meta.total).toBe(1);
    }
    for (const role of ['guest', 'customer'] as const) {
      expect(
        (await call(t, 'GET', '/api/projects', (await memberIn(t, workspace, role)).token)).statusCode,
      ).toBe(403);
    }
  });

  it("lists only the session's workspace", async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    await createProject(t, b.owner.token);
    const second = await createWorkspace(t, a.home.token, { workspace_name: 'Second' });
    const inSecond = await enter(t, await login(t, a.holder.email), second.workspace_id);
    await createProject(t, inSecond.token);
    expect((await call(t, 'GET', '/api/projects', a.owner.token)).json().meta.total).toBe(0);
  });
});
