import { MILESTONE_STATUSES, PROJECT_STATUSES, TASK_PRIORITIES } from '@workhub/shared/enums';
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { inList, timestamptz } from './columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// Projects, milestones and tasks: tenant tables, keyed and indexed by account_id first (see
// workspaces.ts). Every list sorts by one column with id as the tiebreak, so each index below ends
// with the sort column(s) and id: the database reads a page in order and stops (docs/api.md).

/** 'overdue' is computed (due date passed, not completed), never stored. */
export const STORED_TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;

export const projects = pgTable(
  'projects',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('not_started'),
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'projects_pkey', columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'projects_workspace_fk',
      columns: [t.accountId, t.workspaceId],
      foreignColumns: [workspaces.accountId, workspaces.id],
    }).onDelete('cascade'),
    // The list filtered or sorted by status (then due date), and the dashboard's counts by status.
    index('projects_workspace_status_due_idx').on(t.accountId, t.workspaceId, t.status, t.dueDate, t.id),
    // The list sorted by due date (the default), by name, by creation.
    index('projects_workspace_due_idx').on(t.accountId, t.workspaceId, t.dueDate, t.id),
    index('projects_workspace_name_idx').on(t.accountId, t.workspaceId, t.name, t.id),
    index('projects_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    // The dashboard's most recently updated projects.
    index('projects_workspace_updated_idx').on(t.accountId, t.workspaceId, t.updatedAt),
    check('projects_status_check', sql`${t.status} in (${inList(PROJECT_STATUSES)})`),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    projectId: uuid('project_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: MILESTONE_STATUSES }).notNull().default('not_started'),
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'milestones_pkey', columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'milestones_workspace_fk',
      columns: [t.accountId, t.workspaceId],
      foreignColumns: [workspaces.accountId, workspaces.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'milestones_project_fk',
      columns: [t.accountId, t.projectId],
      foreignColumns: [projects.accountId, projects.id],
    }).onDelete('cascade'),
    // The milestones of a project, by due date (the default), status, name, creation.
    index('milestones_project_due_idx').on(t.accountId, t.projectId, t.dueDate, t.id),
    index('milestones_project_status_idx').on(t.accountId, t.projectId, t.status, t.dueDate, t.id),
    index('milestones_project_name_idx').on(t.accountId, t.projectId, t.name, t.id),
    index('milestones_project_created_idx').on(t.accountId, t.projectId, t.createdAt, t.id),
    // What a task's milestone refers to: the milestone AND its project (see tasks_milestone_fk).
    unique('milestones_project_id_key').on(t.accountId, t.projectId, t.id),
    check('milestones_status_check', sql`${t.status} in (${inList(MILESTONE_STATUSES)})`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    projectId: uuid('project_id').notNull(),
    // No cascade: deleting a milestone moves its tasks to the project first (never silently).
    milestoneId: uuid('milestone_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: STORED_TASK_STATUSES }).notNull().default('pending'),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull().default('medium'),
    dueDate: date('due_date', { mode: 'string' }),
    completedAt: timestamptz('completed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tasks_pkey', columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'tasks_workspace_fk',
      columns: [t.accountId, t.workspaceId],
      foreignColumns: [workspaces.accountId, workspaces.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'tasks_project_fk',
      columns: [t.accountId, t.projectId],
      foreignColumns: [projects.accountId, projects.id],
    }).onDelete('cascade'),
    // A task's milestone is one of its own project's: the database refuses any other.
    foreignKey({
      name: 'tasks_milestone_fk',
      columns: [t.accountId, t.projectId, t.milestoneId],
      foreignColumns: [milestones.accountId, milestones.projectId, milestones.id],
    }),
    // The status filter (overdue is a status and a due-date range), completion and the dashboard.
    index('tasks_workspace_status_due_idx').on(t.accountId, t.workspaceId, t.status, t.dueDate, t.id),
    // The workspace's tasks by due date (the default), name, creation.
    index('tasks_workspace_due_idx').on(t.accountId, t.workspaceId, t.dueDate, t.id),
    index('tasks_workspace_name_idx').on(t.accountId, t.workspaceId, t.name, t.id),
    index('tasks_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    // The tasks of a project, and of a milestone, by due date.
    index('tasks_project_due_idx').on(t.accountId, t.projectId, t.dueDate, t.id),
    // A project's tasks of one status in due-date order (a page of its list reads 14 entries and
    // stops; its count reads no table row), and the project list's task figures from the index
    // alone: workspace_id rides last for the workspace condition every query carries.
    index('tasks_project_status_due_idx').on(
      t.accountId,
      t.projectId,
      t.status,
      t.dueDate,
      t.id,
      t.workspaceId,
    ),
    index('tasks_milestone_due_idx').on(t.accountId, t.milestoneId, t.dueDate, t.id),
    // 'My tasks' and the assignee filter (members and workers see only theirs).
    index('tasks_workspace_assignee_due_idx').on(t.accountId, t.workspaceId, t.assignedTo, t.dueDate, t.id),
    // Tasks completed per week.
    index('tasks_workspace_completed_idx').on(t.accountId, t.workspaceId, t.completedAt),
    check('tasks_status_check', sql`${t.status} in (${inList(STORED_TASK_STATUSES)})`),
    check('tasks_priority_check', sql`${t.priority} in (${inList(TASK_PRIORITIES)})`),
    check('tasks_completed_at_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type MilestoneRow = typeof milestones.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
