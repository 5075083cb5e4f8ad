import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { projects, tasks } from './work.ts';
import { workspaces } from './workspaces.ts';

/** Workspace tags (Settings > Tags): a name and a colour that projects and tasks can carry. */
export const tags = pgTable(
  'tags',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    name: text('name').notNull(),
    /** '#rrggbb', lower case. */
    color: text('color').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tags_pkey', columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'tags_workspace_fk',
      columns: [t.accountId, t.workspaceId],
      foreignColumns: [workspaces.accountId, workspaces.id],
    }).onDelete('cascade'),
    // What a tag assignment refers to: the tag AND its workspace (a tag of another workspace is refused).
    unique('tags_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    // One name per workspace, whatever the case; also the list, by name.
    uniqueIndex('tags_workspace_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
    check('tags_color_check', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const projectTags = pgTable(
  'project_tags',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    projectId: uuid('project_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'project_tags_pkey', columns: [t.accountId, t.projectId, t.tagId] }),
    foreignKey({
      name: 'project_tags_project_fk',
      columns: [t.accountId, t.projectId],
      foreignColumns: [projects.accountId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_tags_tag_fk',
      columns: [t.accountId, t.workspaceId, t.tagId],
      foreignColumns: [tags.accountId, tags.workspaceId, tags.id],
    }).onDelete('cascade'),
    // The list filtered by tag.
    index('project_tags_tag_idx').on(t.accountId, t.tagId, t.projectId),
  ],
);

export const taskTags = pgTable(
  'task_tags',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    taskId: uuid('task_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'task_tags_pkey', columns: [t.accountId, t.taskId, t.tagId] }),
    foreignKey({
      name: 'task_tags_task_fk',
      columns: [t.accountId, t.taskId],
      foreignColumns: [tasks.accountId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_tags_tag_fk',
      columns: [t.accountId, t.workspaceId, t.tagId],
      foreignColumns: [tags.accountId, tags.workspaceId, tags.id],
    }).onDelete('cascade'),
    index('task_tags_tag_idx').on(t.accountId, t.tagId, t.taskId),
  ],
);

export type TagRow = typeof tags.$inferSelect;
