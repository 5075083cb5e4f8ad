import { boolean, date, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

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

// How many tasks each project has, completed or not: the project list, a project's page and the
// workspace list read a project's task figures (how many, the share completed) from these few rows
// instead of counting its tasks (~2,200 a project for the bench's big tenants, and growing with the
// project). Kept exact the same way as task_counts: statement-level triggers on tasks (migration
// 0018), slots for concurrent writers, `rebuild_project_task_counts()` after a bulk load that
// bypassed the triggers. No foreign key, for the same reason: a project's rows go with its tasks.
export const projectTaskCounts = pgTable(
  'project_task_counts',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    projectId: uuid('project_id').notNull(),
    /** The stored status is 'completed' (taskCompletion's numerator). */
    completed: boolean('completed').notNull(),
    /** As task_counts' slot: pg_backend_pid() % 8, folded back when tasks leave a key. */
    slot: smallint('slot').notNull(),
    tasks: integer('tasks').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'project_task_counts_pkey',
      columns: [t.accountId, t.workspaceId, t.projectId, t.completed, t.slot],
    }),
  ],
);
