import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { Milestone } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { filterParams, type ListFilterValues } from '../../../lib/use-list-filters.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, milestonesKey } from './query-keys.ts';

type MilestoneListParams = { projectId: string; page: number; filters: ListFilterValues };

/** GET /api/projects/:projectId/milestones?status=&q=&due_before=&due_after=&sort=&page=&limit=. */
export const getMilestones = ({ projectId, page, filters }: MilestoneListParams) => {
  const { assigned_to: _everyone, tag: _anyTag, ...params } = filterParams(filters);
  return apiRequest<ListPage<Milestone>>(
    idPath(
      '/api/projects',
      projectId,
      `/milestones${listQuery({ ...params, page, limit: PAGE_SIZE_DEFAULT })}`,
    ),
  );
};

export const useMilestones = (params: MilestoneListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...milestonesKey, scope, 'list', params],
    queryFn: () => getMilestones(params),
    placeholderData: keepPreviousData,
  });
};

/** A project's milestones by name, for the task form's Milestone select (first 100). */
export const useMilestoneChoices = (projectId: string) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...milestonesKey, scope, 'choices', projectId],
    queryFn: async () =>
      (
        await apiRequest<ListPage<Milestone>>(
          idPath(
            '/api/projects',
            projectId,
            `/milestones${listQuery({ sort: 'name', page: 1, limit: PAGE_SIZE_MAX })}`,
          ),
        )
      ).data,
    enabled: projectId !== '',
  });
};
