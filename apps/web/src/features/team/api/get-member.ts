import { useQuery } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { idField } from '@workhub/shared/schemas/common';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { teamKey } from './get-team.ts';

/**
 * GET /api/team/:userId: one member of the current workspace (404 for anyone else). An address
 * whose id no user can have (/user/general) is that 404 too, without asking: the API's 400 ('Some
 * fields are not valid', with a Try again that never helps) said nothing of what was wrong.
 */
export const getMember = async (userId: string): Promise<TeamMember> => {
  if (!idField().safeParse(userId).success) {
    throw new ApiError({ status: 404, code: 'NOT_FOUND', message: messages.notFound });
  }
  return (await apiRequest<Envelope<TeamMember>>(`/api/team/${encodeURIComponent(userId)}`)).data;
};

export const useMember = (userId: string) => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...teamKey, scope, 'one', userId], queryFn: () => getMember(userId) });
};
