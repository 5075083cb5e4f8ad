import { date, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

// How many tasks of a workspace sit in each (stored status, due date) and, for completed tasks,
// each completion week: the dashboard's figures read these few hundred rows instead of every task
// of the workspace. The database keeps them exact: statement-level triggers on tasks (migration
// 0006) add each statement's net change, and `rebuild_task_counts()` recomputes them from tasks
// (the migration's backfill; bulk loads that bypass triggers call it afterwards).
//
// Keys are chosen so that every figure is a sum over them, whatever day `today` is:
//  - pending and in-progress tasks by due date: overdue = due date before today;
//  - completed tasks by completion week (Monday, UTC); a completed task is never overdue, so its
//    due date does not matter.
// 'infinity' stands for "none" in both dates (no due date: never overdue; not completed: in no
// week), which the task rules of db/aggregates.ts read right as they are, and which keeps every
// key column NOT NULL: a primary key, and keys the triggers can look up by equality.
// No foreign key: a workspace's rows go when its tasks go (a row whose count reaches 0 is deleted
// by the trigger), and a cascade deleting a workspace needs no order between the two tables.

export const taskCounts = pgTable(
  'task_counts',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    status: text('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    completedWeek: date('completed_week', { mode: 'string' }).notNull(),
    /**
     * Concurrent writers to one workspace spread over a few rows per key (pg_backend_pid() % 8)
     * instead of queueing for one row lock until each commits; readers sum over slots, and each
     * writer folds the other slots' rows it finds unlocked into its own (migration 0006).
     */
    slot: smallint('slot').notNull(),
    tasks: integer('tasks').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'task_counts_pkey',
      columns: [t.accountId, t.workspaceId, t.status, t.dueDate, t.completedWeek, t.slot],
    }),
  ],
);
