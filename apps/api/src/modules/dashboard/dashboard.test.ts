import { messages } from '@workhub/shared/messages';
import { isoDate } from '@workhub/shared/tasks';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, post, useTestApp, withRefresh } from '../../test/helpers.ts';
import { addMember, insertProject, insertTask, memberIn, newTenant } from '../../test/tenants.ts';
import { NO_TASK_FIGURES } from '../../test/work.ts';
import { weekStart } from './dashboard.service.ts';

const t = useTestApp();

const DAY = 86_400_000;
const dashboard = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(token) });
const daysFromNow = (days: number) => isoDate(new Date(t.clock.now().getTime() + days * DAY));

describe('GET /api/dashboard', () => {
  it('counts members, projects by status and tasks by shown status, overdue included', async () => {
    const { owner, workspace } = await newTenant(t, 'crm');
    await addMember(t, workspace, 'worker');
    await addMember(t, workspace, 'member', { status: 'inactive' });
    const project = await insertProject(t, workspace, { status: 'in_progress', name: 'Launch' });
    await insertProject(t, workspace, { status: 'not_started' });
    await insertProject(t, workspace, { status: 'complete' });
    await insertProject(t, workspace, { status: 'archived', name: 'Old' });
    await insertProject(t, workspace, { status: 'on_hold', name: 'Paused' });
    await insertProject(t, workspace, { status: 'on_hold', name: 'Paused too' });
    await insertProject(t, workspace, { status: 'cancelled', name: 'Dropped' });
    const where = { ...workspace, project_id: project };
    await insertTask(t, where, { status: 'pending', dueDate: daysFromNow(3) });
    await insertTask(t, where, { status: 'pending', dueDate: daysFromNow(0) });
    await insertTask(t, where, { status: 'pending' });
    await insertTask(t, where, { status: 'in_progress', dueDate: daysFromNow(-1) });
    await insertTask(t, where, { status: 'pending', dueDate: daysFromNow(-30) });
    await insertTask(t, where, { status: 'completed', dueDate: daysFromNow(-2) });

    const response = await dashboard(owner.token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.workspace).toEqual({
      workspace_id: workspace.workspace_id,
      workspace_name: 'Acme',
      template: 'crm',
    });
    expect(data.members).toEqual({ total: 3, active: 2 });
    // Every status, so the parts add up to the total (on hold and cancelled were left out).
    expect(data.projects).toEqual({
      total: 7,
      not_started: 1,
      in_progress: 1,
      complete: 1,
      on_hold: 2,
      cancelled: 1,
      archived: 1,
    });
    expect(data.tasks).toEqual({
      total: 6,
      pending: 3,
      in_progress: 0,
      completed: 1,
      overdue: 2,
      completion: 17,
    });
    expect(data.team).toHaveLength(3);
    expect(data.team[0]).toMatchObject({ role: 'owner', status: 'active' });
    expect(data.projects_recent.map((p: { name: string }) => p.name)).not.toContain('Old');
    // The five most recent that are not archived.
    expect(data.projects_recent).toHaveLength(5);
  });

  it('computes overdue from the clock: a pending task becomes overdue once its due date has passed', async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await insertProject(t, workspace);
    await insertTask(
      t,
      { ...workspace, project_id: project },
      { status: 'in_progress', dueDate: daysFromNow(1) },
    );
    expect((await dashboard(owner.token)).json().data.tasks).toMatchObject({ in_progress: 1, overdue: 0 });
    t.clock.advance(2 * 86_400);
    // The access token has run out by then; the refresh cookie keeps the workspace.
    const refreshed = await post(t.app, '/api/auth/refresh', undefined, withRefresh(owner.cookie));
    const later = await dashboard(refreshed.json().data.access_token);
    expect(later.json().data.tasks).toMatchObject({ in_progress: 0, overdue: 1, total: 1 });
  });

  it('counts tasks completed in each of the last 8 weeks, Mondays, oldest first', async () => {
    const { owner, workspace } = await newTenant(t);
    const project = await insertProject(t, workspace);
    const where = { ...workspace, project_id: project };
    const now = t.clock.now();
    const at = (weeksAgo: number) => new Date(weekStart(now).getTime() - weeksAgo * 7 * DAY + 3600_000);
    await insertTask(t, where, { status: 'completed', completedAt: at(0) });
    await insertTask(t, where, { status: 'completed', completedAt: at(0) });
    await insertTask(t, where, { status: 'completed', completedAt: at(3) });
    await insertTask(t, where, { status: 'completed', completedAt: at(7) });
    await insertTask(t, where, { status: 'completed', completedAt: at(8) });
    const weeks = (await dashboard(owner.token)).json().data.completed_per_week;
    expect(weeks).toHaveLength(8);
    expect(weeks.map((w: { completed: number }) => w.completed)).toEqual([1, 0, 0, 0, 1, 0, 0, 2]);
    expect(weeks[7].week_start).toBe(isoDate(weekStart(now)));
    for (const week of weeks) expect(new Date(`${week.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('answers zeros for an empty workspace', async () => {
    const { owner } = await newTenant(t);
    const { data } = (await dashboard(owner.token)).json();
    expect(data.tasks).toEqual(NO_TASK_FIGURES);
    expect(data.projects.total).toBe(0);
    expect(data.projects_recent).toEqual([]);
  });

  it('shows the Team panel to admin-types only and the Projects panel to who may see projects', async () => {
    const { workspace } = await newTenant(t);
    await insertProject(t, workspace);
    const panels = async (role: 'admin' | 'worker' | 'guest') => {
      const { data } = (await dashboard((await memberIn(t, workspace, role)).token)).json();
      return { team: data.team.length > 0, projects: data.projects_recent.length > 0 };
    };
    expect(await panels('admin')).toEqual({ team: true, projects: true });
    expect(await panels('worker')).toEqual({ team: false, projects: true });
    expect(await panels('guest')).toEqual({ team: false, projects: false });
  });

  it("counts only the session's workspace", async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const project = await insertProject(t, b.workspace);
    await insertTask(t, { ...b.workspace, project_id: project }, { status: 'pending' });
    const { data } = (await dashboard(a.owner.token)).json();
    expect(data.tasks.total).toBe(0);
    expect(data.projects.total).toBe(0);
    expect(data.members.total).toBe(1);
  });

  it('answers 403 outside a workspace and 401 without a token', async () => {
    const { home } = await newTenant(t);
    const response = await dashboard(home.token);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error.message).toBe(messages.forbidden);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

describe('weekStart', () => {
  it('is the Monday of the week, UTC', () => {
    expect(isoDate(weekStart(new Date('2026-03-04T23:59:00Z')))).toBe('2026-03-02');
    expect(isoDate(weekStart(new Date('2026-03-02T00:00:00Z')))).toBe('2026-03-02');
    expect(isoDate(weekStart(new Date('2026-03-08T12:00:00Z')))).toBe('2026-03-02');
  });
});
