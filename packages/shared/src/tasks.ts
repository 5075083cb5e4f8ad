import type { TaskStatus } from './enums.ts';

/** A task's status as it is stored: 'overdue' is never stored. */
export type StoredTaskStatus = Exclude<TaskStatus, 'overdue'>;

/**
 * The status a task shows (spec section 4, issue 4): a task whose due date has passed and that is
 * not completed is overdue. Computed on every read, so it is never stale. `dueDate` and `today`
 * are calendar dates 'YYYY-MM-DD'; the due date itself is not yet overdue.
 */
export function effectiveTaskStatus(
  status: StoredTaskStatus,
  dueDate: string | null,
  today: string,
): TaskStatus {
  if (status === 'completed' || dueDate === null) return status;
  return dueDate < today ? 'overdue' : status;
}

/** Share of completed tasks, 0-100, rounded; 0 when there are none. */
export function completionPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((100 * completed) / total);
}

/** Today's calendar date in UTC, 'YYYY-MM-DD'. */
export const isoDate = (at: Date): string => at.toISOString().slice(0, 10);
