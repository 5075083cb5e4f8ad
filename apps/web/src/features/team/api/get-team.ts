import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const teamKey = ['team'] as const;

export const teamListKey = (scope: string, page: number, q: string) =>
  [...teamKey, scope, 'list', { page, q }] as const;

/** GET /api/team?page=&limit=&q=: one page of the current workspace's members. */
export const getTeam = (page: number, q: string) =>
  apiRequest<ListPage<TeamMember>>(`/api/team${listQuery({ page, limit: PAGE_SIZE_DEFAULT, q: q.trim() })}`);

export const useTeam = (page: number, q: string) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: teamListKey(scope, page, q),
    queryFn: () => getTeam(page, q),
    placeholderData: keepPreviousData,
  });
};
