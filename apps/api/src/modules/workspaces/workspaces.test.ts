import { TEMPLATES } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, useTestApp } from '../../test/helpers.ts';
import { createWorkspace, insertProject, insertTask, memberIn, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const body = { workspace_name: 'Bakery', template: 'crm', description: 'Bread and cakes' };

describe('POST /api/workspaces', () => {
  it('creates the workspace; its creator is its owner and first member', async () => {
    const { home } = await newTenant(t);
    const response = await call('POST', '/api/workspaces', home.token, body);
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(messages.workspaceCreated);
    expect(data).toMatchObject({
      workspace_name: 'Bakery',
      template: 'crm',
      description: 'Bread and cakes',
      workspace_logo: '/default-workspace-logo.svg',
      archived: false,
      team_size: 1,
      completion: 0,
      account_id: home.session.user.account_id,
    });
    const picker = await call('GET', '/api/me/workspaces', home.token);
    expect(picker.json().data.map((w: { workspace_id: string }) => w.workspace_id)).toContain(
      data.workspace_id,
    );
  });

  it('answers 400 with the spec messages, one per field', async () => {
    const { home } = await newTenant(t);
    const empty = await call('POST', '/api/workspaces', home.token, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error.fields).toEqual({
      workspace_name: messages.nameRequired,
      template: messages.templateRequired,
      description: messages.descriptionRequired,
    });
    const blank = await call('POST', '/api/workspaces', home.token, {
      workspace_name: '  ',
      template: 'EPR',
      description: '',
    });
    expect(errorOf(blank).error.fields).toEqual({
      workspace_name: messages.nameRequired,
      // A template that is not one of them is named as such, with the choices.
      template: messages.oneOf('Template', TEMPLATES),
      description: messages.descriptionRequired,
    });
  });

  it('answers 401 without a token and 403 to anyone but the account holder', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/workspaces', payload: body })).statusCode).toBe(
      401,
    );
    const { workspace } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    const response = await call('POST', '/api/workspaces', admin.token, body);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
  });
});

describe('GET /api/workspaces', () => {
  it("lists the account's active workspaces, 14 a page, newest first, or the archived ones", async () => {
    const { home, workspace } = await newTenant(t);
    for (let i = 1; i <= 14; i++) {
      t.clock.advance(1);
      await createWorkspace(t, home.token, { workspace_name: `W${i}` });
    }
    const archived = await createWorkspace(t, home.token, { workspace_name: 'Old' });
    await call('PATCH', `/api/workspaces/${archived.workspace_id}/status`, home.token, { archived: '1' });

    const first = await call('GET', '/api/workspaces', home.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, limit: 14, total: 15 });
    expect(first.json().data).toHaveLength(14);
    expect(first.json().data[0].workspace_name).toBe('W14');
    const second = await call('GET', '/api/workspaces?page=2', home.token);
    expect(second.json().data.map((w: { workspace_id: string }) => w.workspace_id)).toEqual([
      workspace.workspace_id,
    ]);

    const old = await call('GET', '/api/workspaces?archived=true', home.token);
    expect(old.json()).toMatchObject({
      meta: { total: 1 },
      data: [{ workspace_name: 'Old', archived: true }],
    });
  });

  it('counts team size and completion in the database: 0 with no tasks, 1 of 3 completed is 33', async () => {
    const { home, workspace } = await newTenant(t);
    await memberIn(t, workspace, 'worker');
    const listed = async () =>
      (await call('GET', '/api/workspaces', home.token))
        .json()
        .data.find((w: { workspace_id: string }) => w.workspace_id === workspace.workspace_id);
    expect(await listed()).toMatchObject({ team_size: 2, completion: 0 });

    const project = await insertProject(t, workspace);
    const where = { ...workspace, project_id: project };
    await insertTask(t, where, { status: 'completed' });
    await insertTask(t, where, { status: 'pending' });
    await insertTask(t, where, { status: 'in_progress' });
    expect((await listed()).completion).toBe(33);
    await insertTask(t, where, { status: 'completed' });
    await insertTask(t, where, { status: 'completed' });
    expect((await listed()).completion).toBe(60);

    // Tasks of another workspace and another account do not count.
    const other = await newTenant(t);
    const otherProject = await insertProject(t, other.workspace);
    await insertTask(t, { ...other.workspace, project_id: otherProject }, { status: 'pending' });
    expect((await listed()).completion).toBe(60);
  });

  it('answers 400 for a bad page, limit or archived', async () => {
    const { home } = await newTenant(t);
    for (const query of ['page=0', 'limit=101', 'limit=abc', 'archived=maybe']) {
      expect((await call('GET', `/api/workspaces?${query}`, home.token)).statusCode, query).toBe(400);
    }
  });

  it('answers 403 to a workspace admin and 401 without a token', async () => {
    const { workspace } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    expect((await call('GET', '/api/workspaces', admin.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspaces' })).statusCode).toBe(401);
  });
});

describe('GET and PATCH /api/workspaces/:id', () => {
  it('reads and edits a workspace (Update done !!!)', async () => {
    const { owner, workspace } = await newTenant(t);
    const got = await call('GET', `/api/workspaces/${workspace.workspace_id}`, owner.token);
    expect(got.json().data).toEqual(workspace);
    t.clock.advance(5);
    const edited = await call('PATCH', `/api/workspaces/${workspace.workspace_id}`, owner.token, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(messages.updateDone);
    expect(edited.json().data).toMatchObject({ workspace_name: 'Bakery', template: 'crm' });
    expect(edited.json().data.time_updated).not.toBe(workspace.time_updated);
  });

  it('answers 400 with the field messages and for an id that is not a uuid', async () => {
    const { owner, workspace } = await newTenant(t);
    const response = await call('PATCH', `/api/workspaces/${workspace.workspace_id}`, owner.token, {});
    expect(errorOf(response).error.fields).toEqual({
      workspace_name: messages.nameRequired,
      template: messages.templateRequired,
      description: messages.descriptionRequired,
    });
    expect((await call('GET', '/api/workspaces/123', owner.token)).statusCode).toBe(400);
  });

  it("answers 404 for another account's workspace and for one that does not exist", async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    for (const id of [b.workspace.workspace_id, '00000000-0000-4000-8000-000000000000']) {
      expect((await call('GET', `/api/workspaces/${id}`, a.home.token)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/workspaces/${id}`, a.owner.token, body)).statusCode).toBe(404);
      const status = await call('PATCH', `/api/workspaces/${id}/status`, a.owner.token, { archived: '1' });
      expect(status.statusCode).toBe(404);
    }
  });

  it('answers 403 to a member for their own workspace and 404 for another workspace of the account', async () => {
    const { home, workspace } = await newTenant(t);
    const second = await createWorkspace(t, home.token, { workspace_name: 'Second' });
    const admin = await memberIn(t, workspace, 'admin');
    expect((await call('GET', `/api/workspaces/${workspace.workspace_id}`, admin.token)).statusCode).toBe(
      403,
    );
    expect(
      (await call('PATCH', `/api/workspaces/${workspace.workspace_id}`, admin.token, body)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/workspaces/${second.workspace_id}`, admin.token)).statusCode).toBe(404);
  });
});

describe('PATCH /api/workspaces/:id/status', () => {
  it("archives ('1': Workspace Archived!) and restores ('0': Workspace restored)", async () => {
    const { home, workspace } = await newTenant(t);
    const url = `/api/workspaces/${workspace.workspace_id}/status`;
    const archived = await call('PATCH', url, home.token, { archived: '1' });
    expect(archived.json()).toMatchObject({ message: messages.workspaceArchived, data: { archived: true } });
    const picker = await call('GET', '/api/me/workspaces', home.token);
    expect(picker.json().meta.total).toBe(0);
    const restored = await call('PATCH', url, home.token, { archived: false });
    expect(restored.json()).toMatchObject({ message: messages.workspaceRestored, data: { archived: false } });
  });

  it('lets the holder restore the workspace they act in once it is archived; other calls there are 409', async () => {
    const { owner, workspace } = await newTenant(t);
    const url = `/api/workspaces/${workspace.workspace_id}/status`;
    expect((await call('PATCH', url, owner.token, { archived: '1' })).statusCode).toBe(200);
    const dashboard = await call('GET', '/api/dashboard', owner.token);
    expect(dashboard.statusCode).toBe(409);
    expect(errorOf(dashboard).error.message).toBe(messages.workspaceUnavailable);
    expect((await call('PATCH', url, owner.token, { archived: '0' })).statusCode).toBe(200);
    expect((await call('GET', '/api/dashboard', owner.token)).statusCode).toBe(200);
  });

  it('answers 400 for anything but 1, 0, true or false', async () => {
    const { home, workspace } = await newTenant(t);
    for (const archived of ['yes', 2, null]) {
      const response = await call('PATCH', `/api/workspaces/${workspace.workspace_id}/status`, home.token, {
        archived,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error.fields).toHaveProperty('archived');
    }
  });
});
