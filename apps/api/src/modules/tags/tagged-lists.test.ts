import type { Tag } from '@workhub/shared/schemas/tags';
import type { Project, Task } from '@workhub/shared/schemas/work';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { statementsOf } from '../../test/statements.ts';
import { createTag, refOf } from '../../test/tags.ts';
import { call, createProject, createTask, tenantWithWorker } from '../../test/work.ts';

/*
 * A list page's tags come in the statement that reads its rows (tag-links.ts tagsColumn): a page
 * costs its rows and its count, no query for the tags after them. Runs on PGlite and PostgreSQL.
 */

const t = useTestApp();

/**
 * A tenant with four tags, made in an order that is neither the list's nor the bytes' ('Bravo' and
 * 'Delta' before 'alpha' and 'charlie' in byte order): listed as alpha, Bravo, charlie, Delta.
 */
async function fourTags() {
  const tenant = await tenantWithWorker(t);
  const token = tenant.owner.token;
  const delta = await createTag(t, token, { name: 'Delta', color: '#000000' });
  const charlie = await createTag(t, token, { name: 'charlie', color: '#00ff00' });
  const alpha = await createTag(t, token, { name: 'alpha', color: '#ff0000' });
  const bravo = await createTag(t, token, { name: 'Bravo', color: '#0000ff' });
  return { ...tenant, token, alpha, bravo, charlie, delta, byName: [alpha, bravo, charlie, delta] };
}

/** The statements of a list request but the session's check and, on PGlite, the tenant's setting. */
const ofTheList = (statements: string[]) =>
  statements.filter((s) => !/^select set_config\(|from "refresh_tokens"/.test(s));

/** The statements a GET of `url` sends: exactly the page's rows (with the tags) and the count. */
async function expectRowsAndCount(url: string, token: string, linkTable: string) {
  const statements = await statementsOf(async () => {
    const response = await call(t, 'GET', url, token);
    expect(response.statusCode, response.body).toBe(200);
  });
  const listed = ofTheList(statements);
  expect(listed, statements.join('\n')).toHaveLength(2);
  expect(listed.filter((s) => /^select count\(\*\)/.test(s))).toHaveLength(1);
  // The page's statement: its limit and offset may be those of the keys it picks (db/paging.ts).
  const page = listed.find((s) => !/^select count\(\*\)/.test(s));
  expect(page).toMatch(/ limit \$\d+ offset \$\d+/);
  expect(page).toContain(`from "${linkTable}" inner join "tags"`);
  // Nothing else reads the tags (a filter by tag only looks at the link table).
  expect(statements.filter((s) => s.includes('join "tags"'))).toEqual([page]);
}

describe('a list page and its tags in one statement', () => {
  it('GET /api/tasks sends the page (tags included) and the count, no query for the tags', async () => {
    const { token, toWorker, alpha, bravo } = await fourTags();
    await createTask(t, token, toWorker, { name: 'One', tag_ids: [bravo.id, alpha.id] });
    await createTask(t, token, toWorker, { name: 'Two', tag_ids: [alpha.id] });
    await createTask(t, token, toWorker, { name: 'None' });
    await expectRowsAndCount('/api/tasks?sort=name', token, 'task_tags');
    await expectRowsAndCount(`/api/tasks?tag=${alpha.id}&assigned_to=me`, token, 'task_tags');
  });

  it('GET /api/projects sends the page (tags included) and the count, no query for the tags', async () => {
    const { token, alpha, bravo } = await fourTags();
    await createProject(t, token, { name: 'One', tag_ids: [bravo.id, alpha.id] });
    await createProject(t, token, { name: 'None' });
    await expectRowsAndCount('/api/projects?sort=name', token, 'project_tags');
    await expectRowsAndCount(`/api/projects?tag=${alpha.id}&archived=1`, token, 'project_tags');
  });
});

describe('the tags of a list page', () => {
  const refs = (list: Tag[]) => list.map(refOf);

  it('gives each task of each page its own tags, by name whatever the case, [] when none', async () => {
    const { token, toWorker, alpha, bravo, charlie, delta, byName } = await fourTags();
    const all = await createTask(t, token, toWorker, {
      name: 'A all',
      tag_ids: [delta.id, alpha.id, charlie.id, bravo.id],
    });
    const some = await createTask(t, token, toWorker, { name: 'B some', tag_ids: [charlie.id, bravo.id] });
    const none = await createTask(t, token, toWorker, { name: 'C none' });
    const one = await createTask(t, token, toWorker, { name: 'D one', tag_ids: [delta.id] });
    const page = async (n: number) =>
      (await call(t, 'GET', `/api/tasks?sort=name&limit=2&page=${n}`, token)).json().data as Task[];
    const listed = [...(await page(1)), ...(await page(2))];
    expect(listed.map((task) => [task.task_id, task.tags])).toEqual([
      [all.task_id, refs(byName)],
      [some.task_id, refs([bravo, charlie])],
      [none.task_id, []],
      [one.task_id, refs([delta])],
    ]);
    // The list's tags are those the task's own page shows.
    const own = await call(t, 'GET', `/api/tasks/${all.task_id}`, token);
    expect(own.json().data.tags).toEqual(refs(byName));
  });

  it('gives each project of each page its own tags, by name whatever the case, [] when none', async () => {
    const { token, project, alpha, bravo, charlie, delta, byName } = await fourTags();
    const all = await createProject(t, token, {
      name: 'A all',
      tag_ids: [charlie.id, delta.id, bravo.id, alpha.id],
    });
    const some = await createProject(t, token, { name: 'B some', tag_ids: [delta.id, alpha.id] });
    const page = async (n: number) =>
      (await call(t, 'GET', `/api/projects?sort=name&limit=2&page=${n}`, token)).json().data as Project[];
    const listed = [...(await page(1)), ...(await page(2))];
    expect(listed.map((p) => [p.project_id, p.tags])).toEqual([
      [all.project_id, refs(byName)],
      [some.project_id, refs([alpha, delta])],
      [project.project_id, []],
    ]);
    const own = await call(t, 'GET', `/api/projects/${some.project_id}`, token);
    expect(own.json().data.tags).toEqual(refs([alpha, delta]));
  });
});
