import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countOf, taskCompletion } from '../../db/aggregates.ts';
import { projectTaskCounts } from '../../db/schema/task-counts.ts';
import { tasks } from '../../db/schema/work.ts';
import { useTestApp } from '../../test/helpers.ts';
import { statementsOf } from '../../test/statements.ts';
import { call, createTask, daysFromNow, taskBody, tenantWithWorker } from '../../test/work.ts';

// A project's task figures are sums over project_task_counts, which triggers on tasks keep
// (migration 0018). Simultaneous writers to one project (on PostgreSQL each request holds its own
// connection, so each writes its backend's slot and folds the others' it finds free) must leave the
// figures exact and the rows few.

const t = useTestApp();

describe('project task figures under simultaneous writes', () => {
  it('stay exact when tasks are created, completed and deleted in one project at once', async () => {
    const { owner, project, toWorker, workspace } = await tenantWithWorker(t);
    const token = owner.token;
    const due = daysFromNow(t, 4);

    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        createTask(t, token, toWorker, { name: `Task ${i}`, due_date: due }),
      ),
    );
    const ids = created.map((task) => task.task_id);

    // Completions and deletions of different tasks of the project, all at once.
    const answers = await Promise.all([
      ...ids
        .slice(0, 10)
        .map((id) => call(t, 'PATCH', `/api/tasks/${id}/status`, token, { status: 'completed' })),
      ...ids.slice(10, 17).map((id) => call(t, 'DELETE', `/api/tasks/${id}`, token)),
      ...Array.from({ length: 6 }, (_, i) =>
        call(
          t,
          'POST',
          '/api/tasks',
          token,
          taskBody(t, toWorker, { name: `Late ${i}`, status: 'completed' }),
        ),
      ),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);

    const ofProject = and(eq(tasks.accountId, workspace.account_id), eq(tasks.projectId, project.project_id));
    const [counted] = await t.db.db
      .select({ tasks_count: countOf(), completion: taskCompletion() })
      .from(tasks)
      .where(ofProject);
    expect(counted).toEqual({ tasks_count: 23, completion: 70 }); // 24 - 7 + 6; 16 completed

    const one = await call(t, 'GET', `/api/projects/${project.project_id}`, token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject(counted as object);

    const rows = await t.db.db
      .select({ completed: projectTaskCounts.completed, tasks: projectTaskCounts.tasks })
      .from(projectTaskCounts)
      .where(
        and(
          eq(projectTaskCounts.accountId, workspace.account_id),
          eq(projectTaskCounts.projectId, project.project_id),
        ),
      );
    // At most one row per slot (8) for each of the two keys, and none left at 0.
    expect(rows.length).toBeLessThanOrEqual(16);
    expect(rows.every((row) => row.tasks !== 0)).toBe(true);
    const sum = (completed: boolean) =>
      rows.filter((row) => row.completed === completed).reduce((total, row) => total + row.tasks, 0);
    expect({ open: sum(false), completed: sum(true) }).toEqual({ open: 7, completed: 16 });
  });

  it('are read from the kept counts: the project list, a project and the workspace list read no task', async () => {
    const { owner, project, toWorker } = await tenantWithWorker(t);
    await createTask(t, owner.token, toWorker, { status: 'completed' });
    await createTask(t, owner.token, toWorker);
    const statements = await statementsOf(async () => {
      for (const url of ['/api/projects', `/api/projects/${project.project_id}`, '/api/workspaces']) {
        const answer = await call(t, 'GET', url, owner.token);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(JSON.stringify(answer.json().data)).toContain('"completion":50');
      }
    });
    const figures = statements.filter((s) => s.includes('from "project_task_counts"'));
    expect(figures, statements.join('\n')).toHaveLength(3);
    expect(statements.filter((s) => /(from|join) "tasks"/.test(s))).toEqual([]);
  });
});
