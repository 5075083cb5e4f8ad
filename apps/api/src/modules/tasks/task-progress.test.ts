import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, refreshed } from '../../test/tenants.ts';
import { call, createProject, createTask, daysFromNow } from '../../test/work.ts';

const t = useTestApp();

/*
 * Completion and the dashboard count the tasks made and changed through the task endpoints, with
 * the one overdue rule: what the dashboard calls overdue is what GET /api/tasks?status=overdue lists.
 */
describe('workspace completion and the dashboard follow the tasks', () => {
  it('move as tasks are created, completed, reopened and pass their due date', async () => {
    const { owner, home, workspace } = await newTenant(t);
    const worker = await memberIn(t, workspace, 'worker');
    const project = await createProject(t, owner.token);
    const toWorker = { assigned_to: worker.userId, project_id: project.project_id };
    const late = await createTask(t, owner.token, toWorker, { name: 'Late', due_date: daysFromNow(t, -1) });
    const soon = await createTask(t, owner.token, toWorker, { name: 'Soon', due_date: daysFromNow(t, 1) });
    await createTask(t, owner.token, toWorker, {
      name: 'Later',
      due_date: daysFromNow(t, 9),
      status: 'in_progress',
    });

    const figures = async (ownerToken: string, homeToken: string) => {
      const dashboard = (await call(t, 'GET', '/api/dashboard', ownerToken)).json().data;
      const listed = (await call(t, 'GET', '/api/workspaces', homeToken)).json().data;
      const overdueListed = (await call(t, 'GET', '/api/tasks?status=overdue', ownerToken)).json().meta.total;
      const projectShown = (await call(t, 'GET', `/api/projects/${project.project_id}`, ownerToken)).json()
        .data;
      expect(dashboard.tasks.overdue).toBe(overdueListed);
      return {
        tasks: dashboard.tasks,
        thisWeek: dashboard.completed_per_week.at(-1).completed,
        workspace: listed.find((w: { workspace_id: string }) => w.workspace_id === workspace.workspace_id)
          .completion,
        project: projectShown.completion,
      };
    };

    expect(await figures(owner.token, home.token)).toEqual({
      tasks: { total: 3, pending: 1, in_progress: 1, completed: 0, overdue: 1, completion: 0 },
      thisWeek: 0,
      workspace: 0,
      project: 0,
    });

    await call(t, 'PATCH', `/api/tasks/${late.task_id}/status`, worker.token, { status: 'completed' });
    expect(await figures(owner.token, home.token)).toEqual({
      tasks: { total: 3, pending: 1, in_progress: 1, completed: 1, overdue: 0, completion: 33 },
      thisWeek: 1,
      workspace: 33,
      project: 33,
    });

    await call(t, 'PATCH', `/api/tasks/${soon.task_id}/status`, worker.token, { status: 'completed' });
    expect((await figures(owner.token, home.token)).workspace).toBe(67);
    await call(t, 'PATCH', `/api/tasks/${late.task_id}/status`, owner.token, { status: 'pending' });
    expect(await figures(owner.token, home.token)).toMatchObject({
      tasks: { completed: 1, overdue: 1, completion: 33 },
      thisWeek: 1,
      workspace: 33,
    });

    // Ten days on, the task in progress is past its due date too; a completed one never is.
    t.clock.advance(10 * 86_400);
    const later = await figures((await refreshed(t, owner)).token, (await refreshed(t, home)).token);
    expect(later.tasks).toEqual({
      total: 3,
      pending: 0,
      in_progress: 0,
      completed: 1,
      overdue: 2,
      completion: 33,
    });
  });
});
