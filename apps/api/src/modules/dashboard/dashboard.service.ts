import type { TaskStatus } from '@workhub/shared/enums';
import { can } from '@workhub/shared/permissions';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { isoDate } from '@workhub/shared/tasks';
import { and, eq, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { countOf, percentOf, showingStatus } from '../../db/aggregates.ts';
import { runPrepared } from '../../db/prepared.ts';
import { taskCounts } from '../../db/schema/task-counts.ts';
import { users } from '../../db/schema/users.ts';
import { projects } from '../../db/schema/work.ts';
import { workspaceMembers } from '../../db/schema/workspaces.ts';
import { sharedReads } from '../../db/tenant-context.ts';
import {
  inScopeWorkspace,
  type ReadAhead,
  type WorkspaceScope,
  workspaceRead,
} from '../../db/tenant-scope.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { viewerToday } from '../../lib/viewer-date.ts';

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

/** The one row of `query` as a JSON object keyed by its aliases: a sub-select, not a query of its own. */
const jsonRow = <T>(query: SQLWrapper) => sql<T>`(select row_to_json(q) from (${query}) q)`;

/** The rows of `query` as a JSON array: each its `item`, in the order of its `n`. */
const jsonRows = <T>(query: SQLWrapper) =>
  sql<T[]>`(select coalesce(json_agg(q.item order by q.n), '[]'::json) from (${query}) q)`;

const noRows = sql<never[]>`'[]'::json`;

let lastWeeks: { first: number; weeks: readonly string[]; values: Record<string, string> } | undefined;
/**
 * The Mondays (UTC) of the last WEEKS weeks up to `at`'s, oldest first, and the statement's values
 * for them: made once a week, not per request.
 */
const weeksUntil = (at: Date) => weeksFrom(weekStart(at).getTime() - (WEEKS - 1) * 7 * DAY_MS);

/** The WEEKS weeks from the Monday `first` (ms), and their values `week0`.. (kept for the week). */
function weeksFrom(first: number) {
  if (lastWeeks?.first !== first) {
    const weeks = Array.from({ length: WEEKS }, (_, i) => isoDate(new Date(first + i * 7 * DAY_MS)));
    lastWeeks = { first, weeks, values: Object.fromEntries(weeks.map((week, i) => [`week${i}`, week])) };
  }
  return lastWeeks;
}

export function createDashboardService(ctx: Ctx) {
  const { db } = ctx;

  const memberFigures = () =>
    db
      .select({
        total: countOf().as('total'),
        active: countOf(eq(workspaceMembers.status, 'active')).as('active'),
      })
      .from(workspaceMembers)
      .where(inScopeWorkspace(workspaceMembers));

  const projectFigures = () =>
    db
      .select({
        total: countOf().as('total'),
        not_started: countOf(eq(projects.status, 'not_started')).as('not_started'),
        in_progress: countOf(eq(projects.status, 'in_progress')).as('in_progress'),
        complete: countOf(eq(projects.status, 'complete')).as('complete'),
        on_hold: countOf(eq(projects.status, 'on_hold')).as('on_hold'),
        cancelled: countOf(eq(projects.status, 'cancelled')).as('cancelled'),
        archived: countOf(eq(projects.status, 'archived')).as('archived'),
      })
      .from(projects)
      .where(inScopeWorkspace(projects));

  /** The first members, as they joined. */
  function teamPanel() {
    const order = sql`${workspaceMembers.createdAt} asc, ${workspaceMembers.userId} asc`;
    return db
      .select({
        item: sql`json_build_object('user_id', ${users.id}, 'first_name', ${users.firstName},
          'last_name', ${users.lastName}, 'role', ${workspaceMembers.role}, 'status', ${workspaceMembers.status})`.as(
          'item',
        ),
        n: sql`row_number() over (order by ${order})`.as('n'),
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(inScopeWorkspace(workspaceMembers))
      .orderBy(order)
      .limit(PANEL_ROWS);
  }

  /** The most recently updated projects, archived ones left out. */
  function projectsPanel() {
    const order = sql`${projects.updatedAt} desc, ${projects.id} desc`;
    return db
      .select({
        item: sql`json_build_object('project_id', ${projects.id}, 'name', ${projects.name},
          'status', ${projects.status}, 'due_date', ${projects.dueDate})`.as('item'),
        n: sql`row_number() over (order by ${order})`.as('n'),
      })
      .from(projects)
      .where(and(inScopeWorkspace(projects), ne(projects.status, 'archived')))
      .orderBy(order)
      .limit(PANEL_ROWS);
  }

  /**
   * The figures of the session's workspace; the Team and Projects panels only for who may see them.
   * One statement: the task figures read task_counts (db/schema/task-counts.ts), the database's
   * running summary of the workspace's tasks, a few hundred rows whatever the number of tasks; the
   * other figures and the panels are sub-selects of it. Counts by shown status follow the overdue
   * rule of packages/shared/src/tasks.ts at every read (pending, in progress, completed and overdue
   * add up to the total); completions are per week, Monday to Sunday (UTC), the last 8, oldest first.
   */
  async function stats(ahead: ReadAhead): Promise<DashboardStats> {
    const at = ctx.now();
    const { value: row, scope } = await workspaceRead(db, ahead, (assumed) => figuresOf(assumed, at));
    if (!row) throw new Error('an aggregate without group by returned no row');
    const { perWeek, members, projects: projectCounts, team, recent, ...tasks } = row;
    return {
      workspace: {
        workspace_id: scope.workspaceId,
        workspace_name: scope.workspaceName,
        template: scope.template,
      },
      members,
      projects: projectCounts,
      tasks,
      completed_per_week: weeksUntil(at).weeks.map((week_start, i) => ({
        week_start,
        completed: Number(perWeek[i] ?? 0),
      })),
      team,
      projects_recent: recent,
    };
  }

  /** The one statement of the figures, the request's last read (read ahead of the session check). */
  async function figuresOf(scope: WorkspaceScope, at: Date) {
    assertCan(scope.auth, 'dashboard:view');
    const today = viewerToday(at);
    const { weeks, values: weekValues } = weeksUntil(at);
    const seesTeam = can(scope.auth, 'team:view');
    const seesProjects = can(scope.auth, 'project:view');
    const values = {
      ...scope.workspaceValues(),
      today,
      ...weekValues,
    };
    // One prepared statement (db/prepared.ts) per choice of panels; the workspace, today and the
    // weeks are placeholders. The request's last read: its COMMIT goes out with it (lastReads).
    const key = `dashboard|team=${seesTeam}|recent=${seesProjects}`;
    const [row] = await sharedReads(() =>
      runPrepared(db, key, values, () => {
        const shown = (status: TaskStatus) =>
          sumOfTasks(showingStatus(status, sql.placeholder('today'), taskCounts));
        return db
          .select({
            total: sumOfTasks(),
            pending: shown('pending'),
            in_progress: shown('in_progress'),
            completed: shown('completed'),
            overdue: shown('overdue'),
            completion: percentOf(shown('completed'), sumOfTasks()),
            perWeek: sql<number[]>`array[${sql.join(
              weeks.map((_, i) => sumOfTasks(eq(taskCounts.completedWeek, sql.placeholder(`week${i}`)))),
              sql`, `,
            )}]`,
            members: jsonRow<DashboardStats['members']>(memberFigures()),
            projects: jsonRow<DashboardStats['projects']>(projectFigures()),
            team: seesTeam ? jsonRows<DashboardStats['team'][number]>(teamPanel()) : noRows,
            recent: seesProjects
              ? jsonRows<DashboardStats['projects_recent'][number]>(projectsPanel())
              : noRows,
          })
          .from(taskCounts)
          .where(inScopeWorkspace(taskCounts));
      }),
    );
    return row;
  }

  return { stats };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
