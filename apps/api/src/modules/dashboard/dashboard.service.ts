import { can } from '@workhub/shared/permissions';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { isoDate } from '@workhub/shared/tasks';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { countOf, showingStatus, taskCompletion } from '../../db/aggregates.ts';
import { users } from '../../db/schema/users.ts';
import { projects, tasks } from '../../db/schema/work.ts';
import { workspaceMembers } from '../../db/schema/workspaces.ts';
import { type WorkspaceScope, workspaceScope } from '../../db/tenant-scope.ts';
import { assertCan } from '../../lib/assert-can.ts';

const WEEKS = 8;
const PANEL_ROWS = 5;
const DAY_MS = 86_400_000;

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
   * read): pending, in progress, completed and overdue add up to the total.
   */
  async function taskFigures(scope: WorkspaceScope, today: string) {
    const [row] = await db
      .select({
        total: countOf(),
        pending: countOf(showingStatus('pending', today)),
        in_progress: countOf(showingStatus('in_progress', today)),
        completed: countOf(showingStatus('completed', today)),
        overdue: countOf(showingStatus('overdue', today)),
        completion: taskCompletion(),
      })
      .from(tasks)
      .where(scope.workspace(tasks));
    return row ?? { total: 0, pending: 0, in_progress: 0, completed: 0, overdue: 0, completion: 0 };
  }

  /** Tasks completed in each of the last 8 weeks (Monday to Sunday, UTC), oldest first. */
  async function completedPerWeek(scope: WorkspaceScope, at: Date) {
    const first = new Date(weekStart(at).getTime() - (WEEKS - 1) * 7 * DAY_MS);
    const week = sql<string>`to_char(date_trunc('week', ${tasks.completedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const rows = await db
      .select({ week, completed: countOf() })
      .from(tasks)
      .where(and(scope.workspace(tasks), eq(tasks.status, 'completed'), gte(tasks.completedAt, first)))
      .groupBy(week);
    const byWeek = new Map(rows.map((r) => [r.week, r.completed]));
    return Array.from({ length: WEEKS }, (_, i) => {
      const start = isoDate(new Date(first.getTime() + i * 7 * DAY_MS));
      return { week_start: start, completed: byWeek.get(start) ?? 0 };
    });
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
    const at = now();
    const today = isoDate(at);
    const [members, projectCounts, taskCounts, weeks, team, recent] = await Promise.all([
      memberFigures(scope),
      projectFigures(scope),
      taskFigures(scope, today),
      completedPerWeek(scope, at),
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
      tasks: taskCounts,
      completed_per_week: weeks,
      team,
      projects_recent: recent,
    };
  }

  return { stats };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
