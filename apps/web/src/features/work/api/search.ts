import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { Project, Task } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { projectsKey, tasksKey } from './query-keys.ts';

/** How many projects the search page shows before it links to the project list. */
export const PROJECT_MATCHES_SHOWN = 5;

/**
 * GET /api/projects?q=&sort=name&limit=5: the workspace's active projects whose name contains `q`
 * (the project list's own search), the first few by name, with how many there are.
 */
export const useProjectMatches = (q: string) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...projectsKey, scope, 'search', q],
    queryFn: () =>
      apiRequest<ListPage<Project>>(
        `/api/projects${listQuery({ archived: false, q, sort: 'name', page: 1, limit: PROJECT_MATCHES_SHOWN })}`,
      ),
  });
};

/**
 * GET /api/tasks?q=&sort=name&page=: the tasks of the workspace whose name contains `q`, a page at
 * a time. The API decides which the viewer sees: every one for admin-types, their own for members
 * and workers.
 */
export const useTaskMatches = (q: string, page: number) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...tasksKey, scope, 'search', q, page],
    queryFn: () =>
      apiRequest<ListPage<Task>>(
        `/api/tasks${listQuery({ q, sort: 'name', page, limit: PAGE_SIZE_DEFAULT })}`,
      ),
    placeholderData: keepPreviousData,
  });
};
