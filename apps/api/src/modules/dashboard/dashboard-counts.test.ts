import type { TaskStatus } from '@workhub/shared/enums';
import { isoDate } from '@workhub/shared/tasks';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countOf, showingStatus, taskCompletion } from '../../db/aggregates.ts';
import { projectTaskCounts, taskCounts } from '../../db/schema/task-counts.ts';
import { projects, tasks } from '../../db/schema/work.ts';
import { useTestApp } from '../../test/helpers.ts';
import { insertTask, refreshed, type Tenant } from '../../test/tenants.ts';
import {
  call,
  createMilestone,
  createProject,
  createTask,
  daysFromNow,
  NO_TASK_FIGURES,
  tenantWithWorker,
} from '../../test/work.ts';

// The dashboard reads task_counts, the project and workspace lists project_task_counts; triggers on
// tasks keep both. Whatever happens to the tasks (created, edited, completed, reopened, deleted,
// moved off a deleted milestone or to another project, deleted with their project), the figures
// must equal a count over the tasks themselves.

const t = useTestApp();
const DAY_MS = 86_400_000;

/** The dashboard's task figures, as counted over every task of the workspace (what it read before). */
async function countedOverTasks({ workspace }: Tenant) {
  const today = isoDate(t.clock.now());
  const ofWorkspace = and(
    eq(tasks.accountId, workspace.account_id),
    eq(tasks.workspaceId, workspace.workspace_id),
  );
  const shown = (status: TaskStatus) => countOf(showingStatus(status, today));
  const [counts] = await t.db.db
    .select({
      total: countOf(),
      pending: shown('pending'),
      in_progress: shown('in_progress'),
      completed: shown('completed'),
      overdue: shown('overdue'),
      completion: taskCompletion(),
    })
    .from(tasks)
    .where(ofWorkspace);
  return counts;
}

async function completedIn(tenant: Tenant, weekStart: string) {
  const from = new Date(`${weekStart}T00:00:00Z`);
  const to = new Date(from.getTime() + 7 * DAY_MS);
  const inWeek = and(gte(tasks.completedAt, from), lt(tasks.completedAt, to)) as SQL;
  const [row] = await t.db.db
    .select({ n: countOf(inWeek) })
    .from(tasks)
    .where(
      and(
        eq(tasks.accountId, tenant.workspace.account_id),
        eq(tasks.workspaceId, tenant.workspace.workspace_id),
      ),
    );
  return row?.n;
}

/** Each project's task figures, and the workspace's completion, as counted over its tasks. */
async function projectsCountedOverTasks({ workspace }: Tenant) {
  const ofWorkspace = and(
    eq(tasks.accountId, workspace.account_id),
    eq(tasks.workspaceId, workspace.workspace_id),
  );
  const perProject = await t.db.db
    .select({ project_id: tasks.projectId, tasks_count: countOf(), completion: taskCompletion() })
    .from(tasks)
    .where(ofWorkspace)
    .groupBy(tasks.projectId);
  const [whole] = await t.db.db.select({ completion: taskCompletion() }).from(tasks).where(ofWorkspace);
  return { perProject, completion: whole?.completion };
}

/** The project list's and the workspace list's task figures agree with a direct count. */
async function expectProjectsExact(tenant: Tenant, token: string) {
  const counted = await projectsCountedOverTasks(tenant);
  const listed = await call(t, 'GET', '/api/projects?limit=100', token);
  expect(listed.statusCode, listed.body).toBe(200);
  const projectsListed: { project_id: string; tasks_count: number; completion: number }[] =
    listed.json().data;
  for (const project of projectsListed) {
    const expected = counted.perProject.find((row) => row.project_id === project.project_id);
    expect({
      id: project.project_id,
      tasks_count: project.tasks_count,
      completion: project.completion,
    }).toEqual({
      id: project.project_id,
      tasks_count: expected?.tasks_count ?? 0,
      completion: expected?.completion ?? 0,
    });
    const one = await call(t, 'GET', `/api/projects/${project.project_id}`, token);
    expect(one.json().data).toMatchObject({
      tasks_count: project.tasks_count,
      completion: project.completion,
    });
  }
  const workspaces = await call(t, 'GET', '/api/workspaces', token);
  expect(workspaces.statusCode, workspaces.body).toBe(200);
  const mine = workspaces
    .json()
    .data.find((w: { workspace_id: string }) => w.workspace_id === tenant.workspace.workspace_id);
  expect(mine.completion).toBe(counted.completion);
  return projectsListed;
}

/**
 * The dashboard agrees with a direct count: by shown status, completion, and week by week; and so
 * do the project list's and the workspace list's figures.
 */
async function expectExact(tenant: Tenant, token = tenant.owner.token) {
  const response = await call(t, 'GET', '/api/dashboard', token);
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json();
  expect(data.tasks).toEqual(await countedOverTasks(tenant));
  for (const week of data.completed_per_week)
    expect(week.completed).toBe(await completedIn(tenant, week.week_start));
  await expectProjectsExact(tenant, token);
  return data;
}

/** The rows a summary table (task_counts or project_task_counts) keeps for the tenant's workspace. */
const rowsOf = (table: typeof taskCounts | typeof projectTaskCounts, tenant: Tenant) =>
  t.db.db
    .select({ tasks: table.tasks })
    .from(table)
    .where(
      and(
        eq(table.accountId, tenant.workspace.account_id),
        eq(table.workspaceId, tenant.workspace.workspace_id),
      ),
    );

describe('task figures kept by the database (task_counts, project_task_counts)', () => {
  it('stay equal to a count over the tasks through creates, edits, completions, deletes and cascades', async () => {
    const tenant = await tenantWithWorker(t);
    const { owner, project, toWorker } = tenant;
    let token = owner.token;
    const milestone = await createMilestone(t, token, project.project_id);
    const other = await createProject(t, token, { name: 'Other' });
    const toOther = { ...toWorker, project_id: other.project_id };
    await expectExact(tenant);

    // Created at once, so the triggers of concurrent statements meet on the same rows.
    const created = await Promise.all([
      createTask(t, token, toWorker, { status: 'pending', due_date: daysFromNow(t, 3) }),
      createTask(t, token, toWorker, { status: 'pending', due_date: daysFromNow(t, 3) }),
      createTask(t, token, toWorker, { status: 'pending', due_date: daysFromNow(t, 0) }),
      createTask(t, token, toWorker, { status: 'pending', due_date: daysFromNow(t, 40) }),
      createTask(t, token, toWorker, { status: 'in_progress', due_date: daysFromNow(t, -1) }),
      createTask(t, token, toWorker, {
        status: 'in_progress',
        due_date: daysFromNow(t, 2),
        milestone_id: milestone.milestone_id,
      }),
      createTask(t, token, toWorker, {
        status: 'pending',
        due_date: daysFromNow(t, -9),
        milestone_id: milestone.milestone_id,
      }),
      createTask(t, token, toWorker, { status: 'completed', due_date: daysFromNow(t, -2) }),
      createTask(t, token, toOther, { status: 'pending', due_date: daysFromNow(t, -4) }),
      createTask(t, token, toOther, { status: 'completed', due_date: daysFromNow(t, 6) }),
      createTask(t, token, toOther, { status: 'in_progress', due_date: daysFromNow(t, 1) }),
    ]);
    // The API asks for a due date; imported and older tasks may have none.
    const where = { ...tenant.workspace, project_id: project.project_id };
    const undated = await insertTask(t, where, {
      status: 'in_progress',
      dueDate: null,
      assignedTo: toWorker.assigned_to,
    });
    await insertTask(t, where, { status: 'pending', dueDate: null });
    const id = (i: number) => created[i]?.task_id as string;
    let data = await expectExact(tenant);
    expect(data.tasks).toMatchObject({ total: 13, overdue: 3, completed: 2 });

    // Completed this week and reopened; a due date moved into the past, another taken away.
    const status = (i: number, to: string) =>
      call(t, 'PATCH', `/api/tasks/${id(i)}/status`, token, { status: to });
    expect((await status(0, 'completed')).statusCode).toBe(200);
    expect((await status(4, 'completed')).statusCode).toBe(200);
    expect((await status(7, 'pending')).statusCode).toBe(200);
    expect((await status(3, 'in_progress')).statusCode).toBe(200);
    const edit = (i: number, changes: object) =>
      call(t, 'PATCH', `/api/tasks/${id(i)}`, token, {
        name: 'Edited',
        description: 'Edited',
        status: created[i]?.status,
        due_date: created[i]?.due_date,
        priority: 'high',
        assigned_to: toWorker.assigned_to,
        milestone_id: created[i]?.milestone_id,
        ...changes,
      });
    expect((await edit(1, { due_date: daysFromNow(t, -5) })).statusCode).toBe(200);
    expect((await edit(2, { due_date: daysFromNow(t, 12), status: 'in_progress' })).statusCode).toBe(200);
    const dated = await call(t, 'PATCH', `/api/tasks/${undated}/status`, token, { status: 'completed' });
    expect(dated.statusCode).toBe(200);
    expect((await edit(5, { name: 'Renamed only' })).statusCode).toBe(200);
    await expectExact(tenant);

    // A week later: overdue moves with the clock, completions land in another week.
    t.clock.advance(7 * 86_400);
    token = (await refreshed(t, owner)).token;
    expect((await status(5, 'completed')).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/tasks/${id(6)}`, token)).statusCode).toBe(200);
    const removed = await call(t, 'DELETE', `/api/milestones/${milestone.milestone_id}`, token);
    expect(removed.statusCode, removed.body).toBe(200);
    data = await expectExact(tenant, token);
    expect(data.completed_per_week.filter((w: { completed: number }) => w.completed > 0)).toHaveLength(2);

    // A task moved to another project (no route does; an import or a fix by hand may), and back.
    const move = (to: string) =>
      t.db.db
        .update(tasks)
        .set({ projectId: to })
        .where(and(eq(tasks.accountId, tenant.workspace.account_id), eq(tasks.id, id(0))));
    await move(other.project_id);
    await expectExact(tenant, token);
    await move(project.project_id);
    await expectExact(tenant, token);

    // A project deleted with its tasks (the cascade of an account or workspace deletion).
    await t.db.db
      .delete(projects)
      .where(and(eq(projects.accountId, tenant.workspace.account_id), eq(projects.id, other.project_id)));
    data = await expectExact(tenant, token);
    expect(data.tasks.total).toBe(9);

    // Nothing left: no row left either (the last deletion folds every slot's row of its keys).
    await t.db.db
      .delete(projects)
      .where(and(eq(projects.accountId, tenant.workspace.account_id), eq(projects.id, project.project_id)));
    data = await expectExact(tenant, token);
    expect(data.tasks).toEqual(NO_TASK_FIGURES);
    expect(await rowsOf(taskCounts, tenant)).toEqual([]);
    expect(await rowsOf(projectTaskCounts, tenant)).toEqual([]);
  });
});
