import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { Task } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { filterParams, type ListFilterValues } from '../../../lib/use-list-filters.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { tasksKey } from './query-keys.ts';

/** Which tasks a list shows: a project's, a milestone's, or the signed-in user's ('My tasks'). */
export type TaskScope = { project_id: string } | { milestone_id: string } | { assigned_to: 'me' };

type TaskListParams = { scope: TaskScope; page: number; filters: ListFilterValues };

/**
 * GET /api/tasks?project_id=|milestone_id=|assigned_to=me&status=&assigned_to=&q=&due_before=
 * &due_after=&sort=&page=&limit=. Members and workers get only the tasks assigned to them.
 */
export const getTasks = ({ scope, page, filters }: TaskListParams) =>
  apiRequest<ListPage<Task>>(
    `/api/tasks${listQuery({ ...filterParams(filters), ...scope, page, limit: PAGE_SIZE_DEFAULT })}`,
  );

export const useTasks = (params: TaskListParams) => {
  const session = useSessionScope();
  return useQuery({
    queryKey: [...tasksKey, session, 'list', params],
    queryFn: () => getTasks(params),
    placeholderData: keepPreviousData,
  });
};
