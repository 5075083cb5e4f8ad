import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { Project } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { filterParams, type ListFilterValues } from '../../../lib/use-list-filters.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { projectsKey } from './query-keys.ts';

type ProjectListParams = { archived: boolean; page: number; filters: ListFilterValues };

/** GET /api/projects?archived=&status=&q=&due_before=&due_after=&sort=&page=&limit=. */
export const getProjects = ({ archived, page, filters }: ProjectListParams) => {
  const { assigned_to: _everyone, ...params } = filterParams(filters);
  return apiRequest<ListPage<Project>>(
    `/api/projects${listQuery({ archived, ...params, page, limit: PAGE_SIZE_DEFAULT })}`,
  );
};

export const useProjects = (params: ProjectListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...projectsKey, scope, 'list', params],
    queryFn: () => getProjects(params),
    placeholderData: keepPreviousData,
  });
};

/** The active projects by name, for the task form's Project select (first 100). */
export const useProjectChoices = (enabled: boolean) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...projectsKey, scope, 'choices'],
    queryFn: async () =>
      (
        await apiRequest<ListPage<Project>>(
          `/api/projects${listQuery({ archived: false, sort: 'name', page: 1, limit: PAGE_SIZE_MAX })}`,
        )
      ).data,
    enabled,
  });
};
