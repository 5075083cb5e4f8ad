import type { TaskStatus } from '@workhub/shared/enums';
import { and, eq, gte, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
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
// the app's clock.

/** Past its due date (before today) and not completed. A task with no due date is never overdue. */
export const overdueTask = (today: string): SQL =>
  and(ne(tasks.status, 'completed'), lt(tasks.dueDate, today)) as SQL;

/** Due today or later, or with no due date: the stored status is the one shown. */
const notOverdue = (today: string): SQL => or(isNull(tasks.dueDate), gte(tasks.dueDate, today)) as SQL;

/** The tasks that show `status` (effectiveTaskStatus), written so an index on (status, due_date) serves it. */
export function showingStatus(status: TaskStatus, today: string): SQL {
  switch (status) {
    case 'overdue':
      return overdueTask(today);
    case 'completed':
      return eq(tasks.status, 'completed');
    case 'pending':
    case 'in_progress':
      return and(eq(tasks.status, status), notOverdue(today)) as SQL;
  }
}

/** The status a task shows, as a column (for sorting by it). */
export const shownTaskStatus = (today: string) =>
  sql<TaskStatus>`case when ${overdueTask(today)} then 'overdue' else ${tasks.status} end`;

/** Share of completed tasks among the rows counted (completionPercent). */
export const taskCompletion = () => percentOf(countOf(eq(tasks.status, 'completed')), countOf());
