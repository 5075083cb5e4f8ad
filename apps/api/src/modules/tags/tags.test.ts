import { messages } from '@workhub/shared/messages';
import type { Tag } from '@workhub/shared/schemas/tags';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { createTag, refOf } from '../../test/tags.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';
import { call, createProject, taskBody, tenantWithWorker } from '../../test/work.ts';

const t = useTestApp();

describe('POST /api/tags', () => {
  it('creates a tag: name trimmed, colour in lower case, unused', async () => {
    const { owner } = await newTenant(t);
    const response = await call(t, 'POST', '/api/tags', owner.token, {
      name: '  Client A ',
      color: '#1E90FF',
    });
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(messages.tagCreated);
    expect(data).toEqual({
      id: expect.any(String),
      name: 'Client A',
      color: '#1e90ff',
      project_count: 0,
      task_count: 0,
      updated_at: expect.any(String),
    });
  });

  it('answers 400 with the tag messages for a missing name and a bad colour', async () => {
    const { owner } = await newTenant(t);
    const empty = await call(t, 'POST', '/api/tags', owner.token, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error.fields).toEqual({
      name: messages.tagNameRequired,
      color: messages.tagColorInvalid,
    });
    for (const color of ['red', '#fff', '#12345g', '#1234567', '1e90ff']) {
      const bad = await call(t, 'POST', '/api/tags', owner.token, { name: ' ', color });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).error.fields).toEqual({
        name: messages.tagNameRequired,
        color: messages.tagColorInvalid,
      });
    }
    const long = await call(t, 'POST', '/api/tags', owner.token, { name: 'x'.repeat(41), color: '#000000' });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).error.fields?.name).toBeDefined();
  });

  it('answers 409 for a name the workspace already has, whatever the case', async () => {
    const { owner } = await newTenant(t);
    await createTag(t, owner.token, { name: 'Urgent' });
    const again = await call(t, 'POST', '/api/tags', owner.token, { name: ' URGENT ', color: '#00ff00' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error).toMatchObject({
      code: 'CONFLICT',
      message: messages.tagNameTaken,
      fields: { name: messages.tagNameTaken },
    });
  });

  it('lets another workspace have the same name', async () => {
    const first = await newTenant(t);
    const second = await newTenant(t);
    await createTag(t, first.owner.token, { name: 'Urgent' });
    await createTag(t, second.owner.token, { name: 'Urgent' });
  });

  it('is for owners and admins: 403 to members, workers, guests and outside a workspace; 401 without a token', async () => {
    const { home, workspace } = await newTenant(t);
    await createTag(t, (await memberIn(t, workspace, 'admin')).token, { name: 'By admin' });
    for (const role of ['member', 'worker', 'guest', 'customer'] as const) {
      const response = await call(t, 'POST', '/api/tags', (await memberIn(t, workspace, role)).token, {
        name: role,
        color: '#000000',
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.message).toBe(messages.forbidden);
    }
    const atHome = await call(t, 'POST', '/api/tags', home.token, { name: 'Home', color: '#000000' });
    expect(atHome.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      payload: { name: 'Anon', color: '#000000' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/tags', () => {
  it("lists the workspace's tags by name, any case, with how many projects and tasks carry each", async () => {
    const tenant = await tenantWithWorker(t);
    const token = tenant.owner.token;
    const zeta = await createTag(t, token, { name: 'zeta' });
    const alpha = await createTag(t, token, { name: 'Alpha' });
    const beta = await createTag(t, token, { name: 'beta' });
    await createProject(t, token, { tag_ids: [alpha.id, beta.id] });
    await createProject(t, token, { tag_ids: [alpha.id] });
    await call(t, 'POST', '/api/tasks', token, {
      ...taskBody(t, tenant.toWorker),
      tag_ids: [alpha.id],
    });
    const other = await newTenant(t);
    await createTag(t, other.owner.token, { name: 'Elsewhere' });

    const response = await call(t, 'GET', '/api/tags', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { ...alpha, project_count: 2, task_count: 1 },
        { ...beta, project_count: 1, task_count: 0 },
        { ...zeta, project_count: 0, task_count: 0 },
      ],
      meta: { page: 1, limit: 14, total: 3 },
    });
    const paged = await call(t, 'GET', '/api/tags?page=2&limit=2', token);
    expect(paged.json().data.map((tag: Tag) => tag.name)).toEqual(['zeta']);
    expect((await call(t, 'GET', '/api/tags?limit=101', token)).statusCode).toBe(400);
  });

  it('is for the workspace roles: members and workers see the tags, guests and customers get 403', async () => {
    const { owner, workspace } = await newTenant(t);
    await createTag(t, owner.token);
    for (const role of ['admin', 'member', 'worker'] as const) {
      const response = await call(t, 'GET', '/api/tags', (await memberIn(t, workspace, role)).token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toHaveLength(1);
    }
    for (const role of ['guest', 'customer'] as const) {
      const response = await call(t, 'GET', '/api/tags', (await memberIn(t, workspace, role)).token);
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('PATCH /api/tags/:id', () => {
  it('renames and recolours the tag', async () => {
    const { owner } = await newTenant(t);
    const tag = await createTag(t, owner.token);
    const response = await call(t, 'PATCH', `/api/tags/${tag.id}`, owner.token, {
      name: 'Later',
      color: '#ABCDEF',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: messages.tagUpdated,
      data: { ...tag, name: 'Later', color: '#abcdef', updated_at: expect.any(String) },
    });
    expect(response.json().data.updated_at).not.toBe(tag.updated_at);
  });

  it("keeps its own name in another case; 409 for another tag's name", async () => {
    const { owner } = await newTenant(t);
    const urgent = await createTag(t, owner.token, { name: 'Urgent' });
    const later = await createTag(t, owner.token, { name: 'Later' });
    const recased = await call(t, 'PATCH', `/api/tags/${urgent.id}`, owner.token, {
      name: 'URGENT',
      color: '#ff0000',
    });
    expect(recased.statusCode).toBe(200);
    const taken = await call(t, 'PATCH', `/api/tags/${later.id}`, owner.token, {
      name: 'urgent',
      color: '#ff0000',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).error.message).toBe(messages.tagNameTaken);
  });

  it('answers 400 for bad input, 403 to members and workers, 404 for a missing or another workspace tag', async () => {
    const { owner, workspace } = await newTenant(t);
    const tag = await createTag(t, owner.token);
    const bad = await call(t, 'PATCH', `/api/tags/${tag.id}`, owner.token, { name: '', color: 'blue' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields).toEqual({
      name: messages.tagNameRequired,
      color: messages.tagColorInvalid,
    });
    expect(
      (await call(t, 'PATCH', '/api/tags/not-an-id', owner.token, { name: 'A', color: '#000000' }))
        .statusCode,
    ).toBe(400);
    for (const role of ['member', 'worker'] as const) {
      const response = await call(
        t,
        'PATCH',
        `/api/tags/${tag.id}`,
        (await memberIn(t, workspace, role)).token,
        {
          name: 'Mine',
          color: '#000000',
        },
      );
      expect(response.statusCode).toBe(403);
    }
    const outsider = await newTenant(t);
    const theirs = await call(t, 'PATCH', `/api/tags/${tag.id}`, outsider.owner.token, {
      name: 'Stolen',
      color: '#000000',
    });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).error.message).toBe(messages.notFound);
    const missing = await call(t, 'PATCH', `/api/tags/${crypto.randomUUID()}`, owner.token, {
      name: 'Gone',
      color: '#000000',
    });
    expect(missing.statusCode).toBe(404);
    const list = await call(t, 'GET', '/api/tags', owner.token);
    expect(list.json().data).toEqual([tag]);
  });
});

describe('DELETE /api/tags/:id', () => {
  it('deletes the tag and takes it off the projects and tasks that carried it', async () => {
    const tenant = await tenantWithWorker(t);
    const token = tenant.owner.token;
    const urgent = await createTag(t, token, { name: 'Urgent' });
    const later = await createTag(t, token, { name: 'Later', color: '#00ff00' });
    const project = await createProject(t, token, { tag_ids: [urgent.id, later.id] });
    const created = await call(t, 'POST', '/api/tasks', token, {
      ...taskBody(t, tenant.toWorker),
      tag_ids: [urgent.id],
    });
    const taskId = created.json().data.task_id as string;

    const response = await call(t, 'DELETE', `/api/tags/${urgent.id}`, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.tagDeleted });

    const reread = await call(t, 'GET', `/api/projects/${project.project_id}`, token);
    expect(reread.json().data.tags).toEqual([refOf(later)]);
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, token)).json().data.tags).toEqual([]);
    expect((await call(t, 'GET', '/api/tags', token)).json().data.map((tag: Tag) => tag.id)).toEqual([
      later.id,
    ]);
    expect((await call(t, 'DELETE', `/api/tags/${urgent.id}`, token)).statusCode).toBe(404);
  });

  it('answers 403 to members and workers and 404 for another workspace tag', async () => {
    const { owner, workspace } = await newTenant(t);
    const tag = await createTag(t, owner.token);
    for (const role of ['member', 'worker'] as const) {
      const response = await call(
        t,
        'DELETE',
        `/api/tags/${tag.id}`,
        (await memberIn(t, workspace, role)).token,
      );
      expect(response.statusCode).toBe(403);
    }
    const outsider = await newTenant(t);
    expect((await call(t, 'DELETE', `/api/tags/${tag.id}`, outsider.owner.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/tags', owner.token)).json().data).toHaveLength(1);
  });
});
