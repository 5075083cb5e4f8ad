import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { createWorkspace, enter, login, memberIn, newTenant } from '../../test/tenants.ts';
import { call, createProject, daysFromNow, projectBody } from '../../test/work.ts';

const t = useTestApp();
const MISSING = '00000000-0000-4000-8000-000000000000';

/** An account with two workspaces: a project in the second, and a member of the first. */
async function twoWorkspaces() {
  const tenant = await newTenant(t);
  const second = await createWorkspace(t, tenant.home.token, { workspace_name: 'Second' });
  const ownerInSecond = await enter(t, await login(t, tenant.holder.email), second.workspace_id);
  const project = await createProject(t, ownerInSecond.token);
  const memberOfFirst = await memberIn(t, tenant.workspace, 'member');
  return { ...tenant, project, memberOfFirst };
}

describe('GET /api/projects/:id', () => {
  it('answers the project to every role that sees projects', async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await createProject(t, owner.token);
    const response = await call(t, 'GET', `/api/projects/${project.project_id}`, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(project);
    const worker = await memberIn(t, workspace, 'worker');
    expect((await call(t, 'GET', `/api/projects/${project.project_id}`, worker.token)).statusCode).toBe(200);
    const guest = await memberIn(t, workspace, 'guest');
    expect((await call(t, 'GET', `/api/projects/${project.project_id}`, guest.token)).statusCode).toBe(403);
  });

  it("answers 404 for a missing project, another account's, another workspace's; 400 for a bad id", async () => {
    const { owner, project, memberOfFirst } = await twoWorkspaces();
    const outsider = await newTenant(t);
    for (const token of [outsider.owner.token, owner.token, memberOfFirst.token]) {
      const response = await call(t, 'GET', `/api/projects/${project.project_id}`, token);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error).toEqual({ code: 'NOT_FOUND', message: messages.notFound });
    }
    expect((await call(t, 'GET', `/api/projects/${MISSING}`, owner.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/projects/42', owner.token)).statusCode).toBe(400);
  });
});

describe('PATCH /api/projects/:id', () => {
  it('edits every field and keeps the creator', async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await createProject(t, owner.token);
    const admin = await memberIn(t, workspace, 'admin');
    t.clock.advance(5);
    const edit = projectBody(t, {
      name: 'Shop',
      description: 'Sell online',
      due_date: daysFromNow(t, 3),
      status: 'on_hold',
    });
    const response = await call(t, 'PATCH', `/api/projects/${project.project_id}`, admin.token, edit);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.updateDone);
    expect(response.json().data).toMatchObject({
      ...edit,
      created_by: project.created_by,
      first_name: 'Ada',
    });
    expect(response.json().data.updated_at > project.updated_at).toBe(true);
  });

  it('answers 400 with the spec messages, 403 to members, 404 across tenants', async () => {
    const { owner, workspace, project: elsewhere } = await twoWorkspaces();
    const project = await createProject(t, owner.token);
    const url = `/api/projects/${project.project_id}`;
    const empty = await call(t, 'PATCH', url, owner.token, {});
    expect(errorOf(empty).error.fields).toEqual({
      name: messages.nameRequired,
      description: messages.descriptionRequired,
      due_date: messages.dueDateRequired,
      status: messages.statusRequired,
    });
    const member = await memberIn(t, workspace, 'member');
    expect((await call(t, 'PATCH', url, member.token, projectBody(t))).statusCode).toBe(403);
    const outsider = await newTenant(t);
    expect((await call(t, 'PATCH', url, outsider.owner.token, projectBody(t))).statusCode).toBe(404);
    const other = `/api/projects/${elsewhere.project_id}`;
    expect((await call(t, 'PATCH', other, owner.token, projectBody(t))).statusCode).toBe(404);
  });

  it('refuses to edit an archived project (409) until it is restored', async () => {
    const { owner } = await newTenant(t);
    const project = await createProject(t, owner.token);
    const url = `/api/projects/${project.project_id}`;
    await call(t, 'PATCH', `${url}/status`, owner.token, { status: 'archived' });
    const refused = await call(t, 'PATCH', url, owner.token, projectBody(t, { name: 'Changed' }));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error).toEqual({ code: 'CONFLICT', message: messages.projectArchivedNoChanges });
    await call(t, 'PATCH', `${url}/status`, owner.token, { status: 'in_progress' });
    expect((await call(t, 'PATCH', url, owner.token, projectBody(t, { name: 'Changed' }))).statusCode).toBe(
      200,
    );
  });
});

describe('PATCH /api/projects/:id/status', () => {
  it("Deactivate archives ('Project Archived!'), Activate restores to in progress ('Project restored')", async () => {
    const { owner } = await newTenant(t);
    const project = await createProject(t, owner.token, { status: 'not_started' });
    const url = `/api/projects/${project.project_id}/status`;
    const archived = await call(t, 'PATCH', url, owner.token, { status: 'archived' });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      message: messages.projectArchived,
      data: { status: 'archived' },
    });
    expect((await call(t, 'GET', '/api/projects', owner.token)).json().meta.total).toBe(0);
    const restored = await call(t, 'PATCH', url, owner.token, { status: 'in_progress' });
    expect(restored.json()).toMatchObject({
      message: messages.projectRestored,
      data: { status: 'in_progress' },
    });
    expect((await call(t, 'GET', '/api/projects', owner.token)).json().meta.total).toBe(1);
    const completed = await call(t, 'PATCH', url, owner.token, { status: 'complete' });
    expect(completed.json()).toMatchObject({ message: messages.updateDone, data: { status: 'complete' } });
  });

  it('answers 400 for an unknown status, 403 to a worker, 404 across tenants', async () => {
    const { owner, workspace, project: elsewhere } = await twoWorkspaces();
    const project = await createProject(t, owner.token);
    const url = `/api/projects/${project.project_id}/status`;
    const bad = await call(t, 'PATCH', url, owner.token, { status: 'gone' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields).toEqual({
      status: 'Status must be one of not_started, in_progress, on_hold, complete, cancelled, archived',
    });
    const worker = await memberIn(t, workspace, 'worker');
    expect((await call(t, 'PATCH', url, worker.token, { status: 'archived' })).statusCode).toBe(403);
    const outsider = await newTenant(t);
    expect((await call(t, 'PATCH', url, outsider.owner.token, { status: 'archived' })).statusCode).toBe(404);
    const other = `/api/projects/${elsewhere.project_id}/status`;
    expect((await call(t, 'PATCH', other, owner.token, { status: 'archived' })).statusCode).toBe(404);
  });
});
