import type { TaskStatus } from '@workhub/shared/enums';
import { and, eq, gte, isNull, lt, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { projectTaskCounts } from './schema/task-counts.ts';
import { tasks } from './schema/work.ts';

/** `count(*)`, or of the rows matching `where`, as a JavaScript number. */
export const countOf = (where?: SQL) =>
  (where ? sql<number>`count(*) filter (where ${where})::int` : sql<number>`count(*)::int`).mapWith(Number);

/** round(100 * part / whole) as a whole number, 0 when `whole` is 0 (a workspace with no tasks). */
export const percentOf = (part: SQL, whole: SQL) =>
  sql<number>`coalesce(round(100.0 * ${part} / nullif(${whole}, 0)), 0)::int`.mapWith(Number);

// The task rules of packages/shared/src/tasks.ts in SQL. Every query that counts, filters or sorts
// tasks by status uses these, so the lists, the workspace completion and the dashboard agree with
// each other and with effectiveTaskStatus / completionPercent. `today` is 'YYYY-MM-DD' (UTC) of
// the app's clock. They read a stored status and a due date: the task's own by default, or those of
// another table keyed the same way (task_counts, the dashboard's summary of tasks).

/** The stored status and due date the rules read. */
export type TaskStatusColumns = { status: PgColumn; dueDate: PgColumn };

/** Today: the date itself, or the placeholder of a prepared statement (db/prepared.ts) that stands for it. */
type Today = string | Placeholder;

/** Past its due date (before today) and not completed. A task with no due date is never overdue. */
export const overdueTask = (today: Today, of: TaskStatusColumns = tasks): SQL =>
  and(ne(of.status, 'completed'), lt(of.dueDate, today)) as SQL;

/** Due today or later, or with no due date: the stored status is the one shown. */
const notOverdue = (today: Today, of: TaskStatusColumns): SQL =>
  or(isNull(of.dueDate), gte(of.dueDate, today)) as SQL;

/** The tasks that show `status` (effectiveTaskStatus), written so an index on (status, due_date) serves it. */
export function showingStatus(status: TaskStatus, today: Today, of: TaskStatusColumns = tasks): SQL {
  switch (status) {
    case 'overdue':
      return overdueTask(today, of);
    case 'completed':
      return eq(of.status, 'completed');
    case 'pending':
    case 'in_progress':
      return and(eq(of.status, status), notOverdue(today, of)) as SQL;
  }
}

/** The status a task shows, as a column (for sorting by it). */
export const shownTaskStatus = (today: Today) =>
  sql<TaskStatus>`case when ${overdueTask(today)} then 'overdue' else ${tasks.status} end`;

/** Share of completed tasks among the rows counted (completionPercent). */
export const taskCompletion = () => percentOf(countOf(eq(tasks.status, 'completed')), countOf());

/** How many tasks the project_task_counts rows read stand for (0 for none), as a JavaScript number. */
export const summedTasks = () =>
  sql<number>`coalesce(sum(${projectTaskCounts.tasks}), 0)::int`.mapWith(Number);

/** taskCompletion over the project_task_counts rows read: the same share, from the kept counts. */
export const summedCompletion = () =>
  percentOf(
    sql`sum(${projectTaskCounts.tasks}) filter (where ${projectTaskCounts.completed})`,
    sql`sum(${projectTaskCounts.tasks})`,
  );
