import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const assigneesKey = ['assignees'] as const;

/**
 * GET /api/team?limit=100: the people of the workspace a task can go to ('Select a worker') and
 * the task lists filter by. Admin-types only (`team:view`), who are the ones assigning.
 */
export const getAssignees = async (): Promise<TeamMember[]> =>
  (await apiRequest<ListPage<TeamMember>>(`/api/team${listQuery({ page: 1, limit: PAGE_SIZE_MAX })}`)).data;

export const useAssignees = (enabled = true) => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...assigneesKey, scope], queryFn: getAssignees, enabled });
};
