import type { Task, taskExportQuery } from '@workhub/shared/schemas/work';
import { effectiveTaskStatus } from '@workhub/shared/tasks';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { showingStatus, shownTaskStatus } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { milestones, projects, tasks } from '../../db/schema/work.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { listOrder, nameAndDueFilters } from '../../lib/list-query.ts';
import { carryingTag } from '../tags/tag-links.ts';

/** Tasks with their project (name, status), milestone name and assignee's names. */
export function selectTasks(db: Db, where: SQL | undefined) {
  return db
    .select({
      row: tasks,
      projectName: projects.name,
      projectStatus: projects.status,
      milestoneName: milestones.name,
      firstName: users.firstName,
      lastName: users.lastName,
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
export type SelectedTask = Awaited<ReturnType<typeof selectTasks>>[number];

/**
 * The API's Task but its tags (withTags adds them for a whole page); `status` is the one shown on
 * `today` (effectiveTaskStatus), never stale.
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
 * WHERE and ORDER BY of a task list. `onlyAssignedTo` confines it to one person's tasks whatever
 * the filters say (members and workers); 'me' in `assigned_to` is `self`.
 */
export function taskListClauses(
  db: Db,
  scope: WorkspaceScope,
  query: ListQuery,
  today: string,
  onlyAssignedTo: string | null,
) {
  const self = scope.auth.user_id;
  const filters: SQL[] = [scope.workspace(tasks), ...nameAndDueFilters(tasks, query)];
  if (query.project_id) filters.push(eq(tasks.projectId, query.project_id));
  if (query.milestone_id) filters.push(eq(tasks.milestoneId, query.milestone_id));
  if (query.status) filters.push(showingStatus(query.status, today));
  if (query.assigned_to)
    filters.push(eq(tasks.assignedTo, query.assigned_to === 'me' ? self : query.assigned_to));
  if (onlyAssignedTo) filters.push(eq(tasks.assignedTo, onlyAssignedTo));
  if (query.tag) filters.push(carryingTag(db, scope, 'task', query.tag));
  // Tasks sort by the status shown (overdue computed for today), not the one stored.
  const order = listOrder(tasks, query.sort, shownTaskStatus(today));
  return { where: and(...filters), order };
}
