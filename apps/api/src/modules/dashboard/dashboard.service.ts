import type { TaskStatus } from '@workhub/shared/enums';
import { can } from '@workhub/shared/permissions';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { isoDate } from '@workhub/shared/tasks';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { countOf, percentOf, showingStatus } from '../../db/aggregates.ts';
import { taskCounts } from '../../db/schema/task-counts.ts';
import { users } from '../../db/schema/users.ts';
import { projects } from '../../db/schema/work.ts';
import { workspaceMembers } from '../../db/schema/workspaces.ts';
import { type WorkspaceScope, workspaceScope } from '../../db/tenant-scope.ts';
import { assertCan } from '../../lib/assert-can.ts';

const WEEKS = 8;
const PANEL_ROWS = 5;
const DAY_MS = 86_400_000;

/** How many tasks the task_counts rows matching `where` stand for (all of the workspace's without). */
const sumOfTasks = (where?: SQL) =>
  sql<number>`coalesce(sum(${taskCounts.tasks})${where ? sql` filter (where ${where})` : sql``}, 0)::int`.mapWith(
    Number,
  );

/** The Monday (UTC) of the week `at` falls in. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

export function createDashboardService(ctx: Ctx) {
  const { db, now } = ctx;

  async function memberFigures(scope: WorkspaceScope) {
    const [row] = await db
      .select({ total: countOf(), active: countOf(eq(workspaceMembers.status, 'active')) })
      .from(workspaceMembers)
      .where(scope.workspace(workspaceMembers));
    return row ?? { total: 0, active: 0 };
  }

  async function projectFigures(scope: WorkspaceScope) {
    const [row] = await db
      .select({
        total: countOf(),
        not_started: countOf(eq(projects.status, 'not_started')),
        in_progress: countOf(eq(projects.status, 'in_progress')),
        complete: countOf(eq(projects.status, 'complete')),
        archived: countOf(eq(projects.status, 'archived')),
      })
      .from(projects)
      .where(scope.workspace(projects));
    return row ?? { total: 0, not_started: 0, in_progress: 0, complete: 0, archived: 0 };
  }

  /**
   * Counts by shown status (the overdue rule of packages/shared/src/tasks.ts, computed at every
   * read: pending, in progress, completed and overdue add up to the total) and tasks completed in
   * each of the last 8 weeks (Monday to Sunday, UTC), oldest first. Both are sums over task_counts
   * (db/schema/task-counts.ts), the database's running summary of the workspace's tasks: a few
   * hundred rows whatever the number of tasks, where counting the tasks themselves read every one.
   */
  async function taskFigures(scope: WorkspaceScope, at: Date) {
    const today = isoDate(at);
    const first = weekStart(at).getTime() - (WEEKS - 1) * 7 * DAY_MS;
    const weeks = Array.from({ length: WEEKS }, (_, i) => isoDate(new Date(first + i * 7 * DAY_MS)));
    const shown = (status: TaskStatus) => sumOfTasks(showingStatus(status, today, taskCounts));
    const [row] = await db
      .select({
        total: sumOfTasks(),
        pending: shown('pending'),
        in_progress: shown('in_progress'),
        completed: shown('completed'),
        overdue: shown('overdue'),
        completion: percentOf(shown('completed'), sumOfTasks()),
        perWeek: sql<number[]>`array[${sql.join(
          weeks.map((week) => sumOfTasks(eq(taskCounts.completedWeek, week))),
          sql`, `,
        )}]`,
      })
      .from(taskCounts)
      .where(scope.workspace(taskCounts));
    const { perWeek, ...counts } = row ?? {
      total: 0,
      pending: 0,
      in_progress: 0,
      completed: 0,
      overdue: 0,
      completion: 0,
      perWeek: [],
    };
    const completedPerWeek = weeks.map((week_start, i) => ({
      week_start,
      completed: Number(perWeek[i] ?? 0),
    }));
    return { counts, completedPerWeek };
  }

  async function teamPanel(scope: WorkspaceScope) {
    return db
      .select({
        user_id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        role: workspaceMembers.role,
        status: workspaceMembers.status,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(scope.workspace(workspaceMembers))
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId))
      .limit(PANEL_ROWS);
  }

  async function projectsPanel(scope: WorkspaceScope) {
    return db
      .select({
        project_id: projects.id,
        name: projects.name,
        status: projects.status,
        due_date: projects.dueDate,
      })
      .from(projects)
      .where(and(scope.workspace(projects), ne(projects.status, 'archived')))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(PANEL_ROWS);
  }

  /** The figures of the session's workspace; the Team and Projects panels only for who may see them. */
  async function stats(claims: AccessTokenClaims): Promise<DashboardStats> {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'dashboard:view');
    const [members, projectCounts, tasks, team, recent] = await Promise.all([
      memberFigures(scope),
      projectFigures(scope),
      taskFigures(scope, now()),
      can(scope.auth, 'team:view') ? teamPanel(scope) : [],
      can(scope.auth, 'project:view') ? projectsPanel(scope) : [],
    ]);
    return {
      workspace: {
        workspace_id: scope.workspaceId,
        workspace_name: scope.workspaceName,
        template: scope.template,
      },
      members,
      projects: projectCounts,
      tasks: tasks.counts,
      completed_per_week: tasks.completedPerWeek,
      team,
      projects_recent: recent,
    };
  }

  return { stats };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
