import type { Task, taskExportQuery } from '@workhub/shared/schemas/work';
import { effectiveTaskStatus } from '@workhub/shared/tasks';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { showingStatus, shownTaskStatus } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { milestones, projects, tasks } from '../../db/schema/work.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { ListShape, listOrder, nameAndDueFilters } from '../../lib/list-query.ts';
import { carryingTag, tagsColumn } from '../tags/tag-links.ts';

/**
 * Tasks with their project (name, status), milestone name and assignee's names; with their tags
 * (tag-links.ts tagsColumn) when `tagged` (the lists), else `tags` is null (withTags adds them).
 */
export function selectTasks(db: Db, where: SQL | undefined, tagged = false) {
  return db
    .select({
      row: tasks,
      projectName: projects.name,
      projectStatus: projects.status,
      milestoneName: milestones.name,
      firstName: users.firstName,
      lastName: users.lastName,
      tags: tagged ? tagsColumn('task') : sql<null>`null`,
    })
    .from(tasks)
    .innerJoin(projects, and(eq(projects.accountId, tasks.accountId), eq(projects.id, tasks.projectId)))
    .leftJoin(
      milestones,
      and(eq(milestones.accountId, tasks.accountId), eq(milestones.id, tasks.milestoneId)),
    )
    .leftJoin(users, eq(users.id, tasks.assignedTo))
    .where(where)
    .$dynamic();
}
type SelectedRow = Awaited<ReturnType<typeof selectTasks>>[number];
/** A task as toTask reads it (a list's row has its tags besides). */
export type SelectedTask = Omit<SelectedRow, 'tags'>;

/**
 * The API's Task but its tags (a list's rows carry them; withTags adds them to one task); `status`
 * is the one shown on `today` (effectiveTaskStatus), never stale.
 */
export const toTask = (
  { row, projectName, milestoneName, firstName, lastName }: SelectedTask,
  today: string,
): Omit<Task, 'tags'> => ({
  task_id: row.id,
  project_id: row.projectId,
  project_name: projectName,
  milestone_id: row.milestoneId,
  milestone_name: milestoneName ?? '',
  name: row.name,
  description: row.description,
  assigned_to: row.assignedTo,
  first_name: firstName ?? '',
  last_name: lastName ?? '',
  status: effectiveTaskStatus(row.status, row.dueDate, today),
  stored_status: row.status,
  priority: row.priority,
  due_date: row.dueDate,
  completed_at: row.completedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The filters and sort of a list (its paging, when it has one, is not read here). */
type ListQuery = z.output<typeof taskExportQuery>;

/**
 * The shape and values of a task list (lib/list-query.ts ListShape) and its ORDER BY. `onlyAssignedTo`
 * confines it to one person's tasks whatever the filters say (members and workers); 'me' in
 * `assigned_to` is `self`. Today is a placeholder: a statement serves every day.
 */
export function taskListOf(
  db: Db,
  scope: WorkspaceScope,
  query: ListQuery,
  today: string,
  onlyAssignedTo: string | null,
) {
  const self = scope.auth.user_id;
  const day = sql.placeholder('today');
  const values = { ...scope.workspaceValues(), today };
  const shape = nameAndDueFilters(new ListShape('tasks', values, () => inScopeWorkspace(tasks)), tasks, query)
    .sorted(query.sort)
    .param('project_id', query.project_id, (id) => eq(tasks.projectId, id))
    .param('milestone_id', query.milestone_id, (id) => eq(tasks.milestoneId, id))
    .param('assigned_to', query.assigned_to === 'me' ? self : query.assigned_to, (id) =>
      eq(tasks.assignedTo, id),
    )
    .param('only_assigned_to', onlyAssignedTo, (id) => eq(tasks.assignedTo, id))
    .param('tag', query.tag, (tag) => carryingTag(db, 'task', tag));
  const { status } = query;
  if (status) shape.choice('status', status, () => showingStatus(status, day));
  return {
    shape,
    // Tasks sort by the status shown (overdue computed for today), not the one stored.
    build: () => ({
      select: selectTasks(db, shape.where(), true),
      order: listOrder(tasks, query.sort, shownTaskStatus(day)),
    }),
    table: tasks,
    key: { accountId: tasks.accountId, id: tasks.id },
    toItem: (row: SelectedRow): Task => ({ ...toTask(row, today), tags: row.tags ?? [] }),
  };
}
