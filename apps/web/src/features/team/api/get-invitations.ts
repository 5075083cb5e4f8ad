import { useQuery } from '@tanstack/react-query';
import type { Invitation } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ListPage } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const invitationsKey = ['team-invitations'] as const;

/** GET /api/team/invitations: the pending and expired invitations of the current workspace. */
export const getInvitations = async (): Promise<Invitation[]> =>
  (await apiRequest<ListPage<Invitation>>('/api/team/invitations?limit=100')).data;

export const useInvitations = () => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...invitationsKey, scope], queryFn: getInvitations });
};
