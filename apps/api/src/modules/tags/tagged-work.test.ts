import { messages } from '@workhub/shared/messages';
import type { Project, Task } from '@workhub/shared/schemas/work';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaceConditions } from '../../db/tenant-scope.ts';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { createTag, refOf } from '../../test/tags.ts';
import { memberIn } from '../../test/tenants.ts';
import {
  call,
  createProject,
  createTask,
  idsOf,
  projectBody,
  taskBody,
  tenantWithWorker,
} from '../../test/work.ts';
import { replaceTags } from './tag-links.ts';

/* Projects and tasks carry workspace tags (tag_ids in, tags out) and their lists filter by one. */

const t = useTestApp();

/** A tenant with a worker, a project and three tags (Alpha, beta, Gamma: listed in that order). */
async function taggedTenant() {
  const tenant = await tenantWithWorker(t);
  const token = tenant.owner.token;
  const gamma = await createTag(t, token, { name: 'Gamma', color: '#0000ff' });
  const alpha = await createTag(t, token, { name: 'Alpha', color: '#ff0000' });
  const beta = await createTag(t, token, { name: 'beta', color: '#00ff00' });
  return { ...tenant, token, alpha, beta, gamma };
}

describe('tags on projects', () => {
  it('creates a project with its tags (by name, duplicates dropped) and lists them', async () => {
    const { token, alpha, beta } = await taggedTenant();
    const project = await createProject(t, token, { tag_ids: [beta.id, alpha.id, beta.id.toUpperCase()] });
    expect(project.tags).toEqual([refOf(alpha), refOf(beta)]);
    const untagged = await createProject(t, token, { name: 'Plain' });
    expect(untagged.tags).toEqual([]);
    const list = await call(t, 'GET', '/api/projects?sort=name', token);
    const byId = new Map((list.json().data as Project[]).map((p) => [p.project_id, p.tags]));
    expect(byId.get(project.project_id)).toEqual([refOf(alpha), refOf(beta)]);
    expect(byId.get(untagged.project_id)).toEqual([]);
  });

  it('replaces the set on an edit, keeps it when tag_ids is left out, clears it with []', async () => {
    const { token, alpha, beta, gamma } = await taggedTenant();
    const project = await createProject(t, token, { tag_ids: [alpha.id, beta.id] });
    const url = `/api/projects/${project.project_id}`;
    const replaced = await call(t, 'PATCH', url, token, projectBody(t, { tag_ids: [gamma.id] }));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.tags).toEqual([refOf(gamma)]);
    const kept = await call(t, 'PATCH', url, token, projectBody(t, { name: 'Renamed' }));
    expect(kept.json().data).toMatchObject({ name: 'Renamed', tags: [refOf(gamma)] });
    const cleared = await call(t, 'PATCH', url, token, projectBody(t, { tag_ids: [] }));
    expect(cleared.json().data.tags).toEqual([]);
    expect((await call(t, 'GET', url, token)).json().data.tags).toEqual([]);
  });

  it('answers 400 (tagUnknown) for a tag of another workspace or an unknown one, and changes nothing', async () => {
    const { token, alpha } = await taggedTenant();
    const other = await taggedTenant();
    const project = await createProject(t, token, { tag_ids: [alpha.id] });
    for (const tagIds of [[other.alpha.id], [alpha.id, crypto.randomUUID()]]) {
      const created = await call(t, 'POST', '/api/projects', token, projectBody(t, { tag_ids: tagIds }));
      expect(created.statusCode).toBe(400);
      expect(errorOf(created).error).toMatchObject({
        message: messages.tagUnknown,
        fields: { tag_ids: messages.tagUnknown },
      });
      const url = `/api/projects/${project.project_id}`;
      const edited = await call(t, 'PATCH', url, token, projectBody(t, { name: 'Changed', tag_ids: tagIds }));
      expect(edited.statusCode).toBe(400);
      expect(errorOf(edited).error.message).toBe(messages.tagUnknown);
      expect((await call(t, 'GET', url, token)).json().data).toMatchObject({
        name: 'Website',
        tags: [refOf(alpha)],
      });
    }
    expect((await call(t, 'GET', '/api/projects', token)).json().meta.total).toBe(2);
  });

  it('answers 400 for ids that are not uuids, or more than 20 of them', async () => {
    const { token } = await taggedTenant();
    const notIds = await call(t, 'POST', '/api/projects', token, { ...projectBody(t), tag_ids: ['x'] });
    expect(notIds.statusCode).toBe(400);
    expect(errorOf(notIds).error.fields?.['tag_ids.0']).toBe(messages.tagUnknown);
    const notArray = await call(t, 'POST', '/api/projects', token, { ...projectBody(t), tag_ids: 'x' });
    expect(notArray.statusCode).toBe(400);
    const tooMany = Array.from({ length: 21 }, () => crypto.randomUUID());
    const many = await call(t, 'POST', '/api/projects', token, { ...projectBody(t), tag_ids: tooMany });
    expect(many.statusCode).toBe(400);
    expect(errorOf(many).error.fields?.tag_ids).toBe('At most 20 tags');
  });

  it('filters the list by tag; a tag of another workspace or an unknown one finds nothing; 400 for a bad id', async () => {
    const { token, alpha, beta } = await taggedTenant();
    const other = await taggedTenant();
    const both = await createProject(t, token, { name: 'Both', tag_ids: [alpha.id, beta.id] });
    const onlyAlpha = await createProject(t, token, { name: 'Alpha only', tag_ids: [alpha.id] });
    await createProject(t, token, { name: 'None' });
    await createProject(t, other.token, { name: 'Theirs', tag_ids: [other.alpha.id] });
    const ids = async (query: string) =>
      idsOf((await call(t, 'GET', `/api/projects?sort=name${query}`, token)).json(), 'project_id');
    expect(await ids(`&tag=${alpha.id}`)).toEqual([onlyAlpha.project_id, both.project_id]);
    const page = await call(t, 'GET', `/api/projects?tag=${beta.id}`, token);
    expect(page.json()).toMatchObject({ meta: { total: 1 }, data: [{ project_id: both.project_id }] });
    expect(await ids(`&tag=${beta.id}&q=alpha`)).toEqual([]);
    expect(await ids(`&tag=${other.alpha.id}`)).toEqual([]);
    expect((await call(t, 'GET', '/api/projects?tag=nope', token)).statusCode).toBe(400);
  });

  it('lets members see the tags of projects (read only)', async () => {
    const { token, workspace, alpha } = await taggedTenant();
    const project = await createProject(t, token, { tag_ids: [alpha.id] });
    const member = await memberIn(t, workspace, 'member');
    const seen = await call(t, 'GET', `/api/projects/${project.project_id}`, member.token);
    expect(seen.json().data.tags).toEqual([refOf(alpha)]);
  });
});

describe('the foreign key behind the check', () => {
  it('answers a tag that vanished between the check and the write like an unknown one (400, not a 500)', async () => {
    const { workspace, project } = await taggedTenant();
    const scope = workspaceConditions({
      accountId: workspace.account_id,
      workspaceId: workspace.workspace_id,
    });
    const write = t.db.db.transaction((tx) =>
      replaceTags(tx, scope, 'project', project.project_id, [crypto.randomUUID()]),
    );
    await expect(write).rejects.toMatchObject({ status: 400, message: messages.tagUnknown });
  });

  // The edit, its tags and the task as it now is go out together (tasks.service.ts update): a tag
  // deleted by the time its link is written (here by a trigger on the edit itself) takes the whole
  // edit back with it, the tag's deletion included.
  it('rolls an edit back whole when one of its tags vanishes as it is written', async () => {
    const { token, toWorker, alpha, gamma } = await taggedTenant();
    const task = await createTask(t, token, toWorker, { tag_ids: [alpha.id] });
    const url = `/api/tasks/${task.task_id}`;
    expect(gamma.id).toMatch(/^[0-9a-f-]{36}$/);
    await t.db.db.execute(
      sql.raw(`create or replace function test_vanish_tag() returns trigger language plpgsql security definer as $$
        begin
          if new.name = 'Vanish its tag' then delete from tags where id = '${gamma.id}'; end if;
          return new;
        end $$`),
    );
    await t.db.db.execute(
      sql`create trigger test_vanish_tag before update on tasks for each row execute function test_vanish_tag()`,
    );
    try {
      const { project_id: _project, ...edit } = taskBody(t, toWorker);
      const edited = await call(t, 'PATCH', url, token, {
        ...edit,
        name: 'Vanish its tag',
        tag_ids: [gamma.id],
      });
      expect(edited.statusCode).toBe(400);
      expect(errorOf(edited).error.fields).toEqual({ tag_ids: messages.tagUnknown });
    } finally {
      await t.db.db.execute(sql`drop trigger test_vanish_tag on tasks`);
      await t.db.db.execute(sql`drop function test_vanish_tag()`);
    }
    expect((await call(t, 'GET', url, token)).json().data).toMatchObject({
      name: 'Write copy',
      tags: [refOf(alpha)],
    });
    const tags = (await call(t, 'GET', '/api/tags', token)).json().data as { id: string }[];
    expect(tags.map((tag) => tag.id)).toContain(gamma.id);
  });
});

describe('tags on tasks', () => {
  it('creates, replaces, keeps and clears the tags of a task', async () => {
    const { token, toWorker, alpha, beta, gamma } = await taggedTenant();
    const task = await createTask(t, token, toWorker, { tag_ids: [beta.id, alpha.id] });
    expect(task.tags).toEqual([refOf(alpha), refOf(beta)]);
    const url = `/api/tasks/${task.task_id}`;
    const { project_id: _project, ...edit } = taskBody(t, toWorker);
    const replaced = await call(t, 'PATCH', url, token, { ...edit, tag_ids: [gamma.id] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.tags).toEqual([refOf(gamma)]);
    const kept = await call(t, 'PATCH', url, token, { ...edit, name: 'Renamed' });
    expect(kept.json().data).toMatchObject({ name: 'Renamed', tags: [refOf(gamma)] });
    const status = await call(t, 'PATCH', `${url}/status`, token, { status: 'completed' });
    expect(status.json().data.tags).toEqual([refOf(gamma)]);
    const cleared = await call(t, 'PATCH', url, token, { ...edit, tag_ids: [] });
    expect(cleared.json().data.tags).toEqual([]);
  });

  it('answers 400 (tagUnknown) for a tag of another workspace, on create and edit, and keeps the task as it was', async () => {
    const { token, toWorker, alpha } = await taggedTenant();
    const other = await taggedTenant();
    const created = await call(t, 'POST', '/api/tasks', token, {
      ...taskBody(t, toWorker),
      tag_ids: [other.alpha.id],
    });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created).error.message).toBe(messages.tagUnknown);
    const task = await createTask(t, token, toWorker, { tag_ids: [alpha.id] });
    const { project_id: _project, ...edit } = taskBody(t, toWorker);
    const url = `/api/tasks/${task.task_id}`;
    const edited = await call(t, 'PATCH', url, token, {
      ...edit,
      name: 'Changed',
      tag_ids: [other.alpha.id],
    });
    expect(edited.statusCode).toBe(400);
    expect(errorOf(edited).error.fields).toEqual({ tag_ids: messages.tagUnknown });
    expect((await call(t, 'GET', url, token)).json().data).toMatchObject({
      name: 'Write copy',
      tags: [refOf(alpha)],
    });
    const list = await call(t, 'GET', `/api/tasks?project_id=${task.project_id}`, token);
    expect(list.json().meta.total).toBe(1);
  });

  it("filters the list, the project's tasks and My tasks by tag", async () => {
    const { token, toWorker, worker, project, alpha, beta } = await taggedTenant();
    const tagged = await createTask(t, token, toWorker, { name: 'Tagged', tag_ids: [alpha.id] });
    const other = await createTask(t, token, toWorker, { name: 'Other', tag_ids: [beta.id] });
    const second = await createProject(t, token, { name: 'Second' });
    const elsewhere = await createTask(
      t,
      token,
      { ...toWorker, project_id: second.project_id },
      { name: 'Elsewhere', tag_ids: [alpha.id] },
    );
    const ids = async (query: string, as = token) =>
      idsOf((await call(t, 'GET', `/api/tasks?sort=name&${query}`, as)).json(), 'task_id');
    expect(await ids(`tag=${alpha.id}`)).toEqual([elsewhere.task_id, tagged.task_id]);
    expect(await ids(`tag=${alpha.id}&project_id=${project.project_id}`)).toEqual([tagged.task_id]);
    expect(await ids(`tag=${beta.id}&assigned_to=me`, worker.token)).toEqual([other.task_id]);
    expect(await ids(`tag=${beta.id}&assigned_to=me`)).toEqual([]);
    const page = (await call(t, 'GET', `/api/tasks?tag=${alpha.id}`, token)).json();
    expect(page.meta.total).toBe(2);
    expect((page.data as Task[]).every((task) => task.tags.some((tag) => tag.id === alpha.id))).toBe(true);
    expect((await call(t, 'GET', '/api/tasks?tag=1', token)).statusCode).toBe(400);
  });
});
