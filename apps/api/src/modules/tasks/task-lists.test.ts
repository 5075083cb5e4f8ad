import type { Task } from '@workhub/shared/schemas/work';
import { effectiveTaskStatus, isoDate } from '@workhub/shared/tasks';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, refreshed } from '../../test/tenants.ts';
import { call, createMilestone, createProject, createTask, daysFromNow, idsOf } from '../../test/work.ts';

const t = useTestApp();
const ids = (body: { data: Record<string, unknown>[] }) => idsOf(body, 'task_id');

/** A workspace with two projects, a milestone, a worker and a member, and tasks across them. */
async function setUp() {
  const tenant = await newTenant(t);
  const web = await createProject(t, tenant.owner.token, { name: 'Website' });
  const app = await createProject(t, tenant.owner.token, { name: 'App' });
  const milestone = await createMilestone(t, tenant.owner.token, web.project_id);
  const worker = await memberIn(t, tenant.workspace, 'worker');
  const member = await memberIn(t, tenant.workspace, 'member');
  const make = async (name: string, days: number, extra: Partial<Parameters<typeof createTask>[3]> = {}) => {
    t.clock.advance(1);
    return createTask(
      t,
      tenant.owner.token,
      { assigned_to: worker.userId, project_id: web.project_id },
      { name, due_date: daysFromNow(t, days), ...extra },
    );
  };
  const tasks = {
    alpha: await make('Alpha', 2, { milestone_id: milestone.milestone_id, status: 'in_progress' }),
    bravo: await make('Bravo', -1),
    charlie: await make('Charlie', -3, { status: 'completed' }),
    delta: await make('Delta', 0, { assigned_to: member.userId }),
    echo: await make('Echo', 2, { project_id: app.project_id, assigned_to: member.userId }),
  };
  const list = async (query: string, token = tenant.owner.token) =>
    (await call(t, 'GET', `/api/tasks?${query}`, token)).json();
  /** The names listed; by name unless the query sorts otherwise. */
  const names = async (query: string, token?: string) =>
    (await list(query.includes('sort=') ? query : `${query}&sort=name`, token)).data.map(
      (task: Task) => task.name,
    );
  return { ...tenant, web, app, milestone, worker, member, tasks, list, names };
}

describe('GET /api/tasks', () => {
  it('filters by project, milestone, assignee (an id or me), name and due dates, both ends included', async () => {
    const { web, app, milestone, worker, member, names, tasks } = await setUp();
    expect(await names('')).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(await names(`project_id=${web.project_id}`)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(await names(`project_id=${app.project_id}`)).toEqual(['Echo']);
    expect(await names(`milestone_id=${milestone.milestone_id}`)).toEqual(['Alpha']);
    expect(await names(`assigned_to=${member.userId}`)).toEqual(['Delta', 'Echo']);
    expect(await names('assigned_to=me', worker.token)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names('assigned_to=me')).toEqual([]);
    expect(await names('q=HA')).toEqual(['Alpha', 'Charlie']);
    expect(await names(`due_after=${daysFromNow(t, 0)}`)).toEqual(['Alpha', 'Delta', 'Echo']);
    expect(await names(`due_before=${daysFromNow(t, -1)}`)).toEqual(['Bravo', 'Charlie']);
    const both = `due_after=${daysFromNow(t, -1)}&due_before=${daysFromNow(t, 0)}&project_id=${web.project_id}`;
    expect(await names(both)).toEqual(['Bravo', 'Delta']);
    expect(tasks.alpha.milestone_name).not.toBe('');
  });

  it('filters by the status shown: overdue is past due and not completed, never stored', async () => {
    const { names, list } = await setUp();
    expect(await names('status=overdue')).toEqual(['Bravo']);
    expect(await names('status=pending')).toEqual(['Delta', 'Echo']);
    expect(await names('status=in_progress')).toEqual(['Alpha']);
    expect(await names('status=completed')).toEqual(['Charlie']);
    const bravo = (await list('status=overdue')).data[0];
    expect(bravo).toMatchObject({ status: 'overdue', stored_status: 'pending', completed_at: null });
    expect(
      errorOf(await call(t, 'GET', '/api/tasks?status=late', (await newTenant(t)).owner.token)).error.fields,
    ).toHaveProperty('status');
  });

  it('moves tasks into overdue as the clock passes their due date, in the filter and the status shown', async () => {
    const { owner, names, list } = await setUp();
    t.clock.advance(3 * 86_400);
    const token = (await refreshed(t, owner)).token;
    expect(await names('status=overdue', token)).toEqual(['Alpha', 'Bravo', 'Delta', 'Echo']);
    expect(await names('status=pending', token)).toEqual([]);
    expect(await names('status=in_progress', token)).toEqual([]);
    const today = isoDate(t.clock.now());
    for (const task of (await list('', token)).data as Task[]) {
      expect(task.status).toBe(effectiveTaskStatus(task.stored_status, task.due_date, today));
    }
  });

  it('sorts by due date, name, shown status and creation, either way, ties broken by id', async () => {
    const { names, tasks, list } = await setUp();
    expect((await names('sort=due_date')).slice(0, 3)).toEqual(['Charlie', 'Bravo', 'Delta']);
    expect((await names('sort=-due_date')).slice(2)).toEqual(['Delta', 'Bravo', 'Charlie']);
    expect(await names('sort=name')).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(await names('sort=-name')).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    // completed, in_progress, overdue, pending (then due date): Bravo shows overdue, stores pending.
    expect(await names('sort=status')).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta', 'Echo']);
    expect(await names('sort=-status')).toEqual(['Echo', 'Delta', 'Bravo', 'Alpha', 'Charlie']);
    expect(await names('sort=created_at')).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(await names('sort=-created_at')).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    // Alpha and Echo are due the same day: the smaller id first, and last when descending.
    const tied = [tasks.alpha.task_id, tasks.echo.task_id].sort();
    expect(ids(await list('')).slice(3)).toEqual(tied);
    expect(ids(await list('sort=-due_date')).slice(0, 2)).toEqual([...tied].reverse());
  });

  it('pages in SQL: limit 1, a page past the end, limit 101 refused', async () => {
    const { list } = await setUp();
    const one = await list('limit=1&page=2&sort=name');
    expect(one.meta).toEqual({ page: 2, limit: 1, total: 5 });
    expect(one.data.map((task: Task) => task.name)).toEqual(['Bravo']);
    expect(await list('page=2')).toEqual({ data: [], meta: { page: 2, limit: 14, total: 5 } });
    expect(await list('limit=101')).toMatchObject({
      error: { fields: { limit: 'Limit must be at most 100' } },
    });
  });

  it('pages through every sort and filter one row at a time: the pages are the whole list, in its order', async () => {
    // A page picks its rows' keys first (db/paging.ts, a list's `key`), then reads those rows:
    // the pages, put together, must be the list read at once, in every order and under every filter.
    const { list, web, worker } = await setUp();
    const sorts = ['due_date', 'status', 'name', 'created_at'].flatMap((s) => [s, `-${s}`]);
    const filters = ['', 'status=pending', 'status=overdue', `project_id=${web.project_id}`, 'q=a'];
    for (const sort of sorts)
      for (const filter of filters)
        for (const token of [undefined, worker.token]) {
          const query = `${filter}&sort=${sort}`;
          const whole = await list(`${query}&limit=100`, token);
          const paged: unknown[] = [];
          for (let page = 1; page <= whole.meta.total + 1; page++) {
            const one = await list(`${query}&limit=1&page=${page}`, token);
            expect(one.meta.total, query).toBe(whole.meta.total);
            paged.push(...ids(one));
          }
          expect(paged, query).toEqual(ids(whole));
          // Every field of a row is the same read either way (the joins', the tags' too).
          if (whole.data[0]) expect((await list(`${query}&limit=1`, token)).data[0]).toEqual(whole.data[0]);
        }
  });

  it('shows members and workers only the tasks assigned to them, whatever the filter', async () => {
    const { worker, member, names, list, web } = await setUp();
    expect(await names('', worker.token)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names('', member.token)).toEqual(['Delta', 'Echo']);
    expect(await names(`assigned_to=${worker.userId}`, member.token)).toEqual([]);
    expect(await names(`project_id=${web.project_id}&status=pending`, member.token)).toEqual(['Delta']);
    expect((await list('', worker.token)).meta.total).toBe(3);
  });

  it('refuses guests and customers (403); another tenant sees none of these tasks', async () => {
    const { workspace, web } = await setUp();
    for (const role of ['guest', 'customer'] as const) {
      expect(
        (await call(t, 'GET', '/api/tasks', (await memberIn(t, workspace, role)).token)).statusCode,
      ).toBe(403);
    }
    const outsider = await newTenant(t);
    const theirs = await call(t, 'GET', `/api/tasks?project_id=${web.project_id}`, outsider.owner.token);
    expect(theirs.json()).toEqual({ data: [], meta: { page: 1, limit: 14, total: 0 } });
  });
});
