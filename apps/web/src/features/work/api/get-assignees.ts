import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const assigneesKey = ['assignees'] as const;

/** At most this many pages of 100 are read (a team of 5,000): past it the list stops. */
const ASSIGNEE_PAGES_MAX = 50;

const teamPage = (page: number) =>
  apiRequest<ListPage<TeamMember>>(`/api/team${listQuery({ page, limit: PAGE_SIZE_MAX })}`);

/**
 * GET /api/team, every page of 100: the people of the workspace a task can go to ('Select a
 * worker') and the task lists filter by. Admin-types only (`team:view`), who are the ones
 * assigning. The first page says how many there are; the others are read at once.
 */
export const getAssignees = async (): Promise<TeamMember[]> => {
  const first = await teamPage(1);
  const pages = Math.min(Math.ceil(first.meta.total / PAGE_SIZE_MAX), ASSIGNEE_PAGES_MAX);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => teamPage(i + 2)));
  return [first, ...rest].flatMap((page) => page.data);
};

export const useAssignees = (enabled = true) => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...assigneesKey, scope], queryFn: getAssignees, enabled });
};
