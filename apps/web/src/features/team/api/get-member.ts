import { useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { recordPath } from '../../../lib/record-path.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { teamKey } from './get-team.ts';

/**
 * GET /api/team/:userId: one member of the current workspace (404 for anyone else). An address
 * whose id no user can have (/user/general) is that 404 too, without asking (lib/record-path.ts).
 */
export const getMember = async (userId: string): Promise<TeamMember> =>
  (await apiRequest<Envelope<TeamMember>>(recordPath('/api/team', userId))).data;

export const useMember = (userId: string) => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...teamKey, scope, 'one', userId], queryFn: () => getMember(userId) });
};
