import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberUpdateBody, TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { teamKey } from './get-team.ts';

/** PATCH /api/team/:userId: names, contact details and role; 'Update done !!!' (409 for the owner). */
export const updateMember = ({ userId, body }: { userId: string; body: MemberUpdateBody }) =>
  apiRequest<Envelope<TeamMember>>(`/api/team/${encodeURIComponent(userId)}`, { method: 'PATCH', body });

export const useUpdateMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
};
