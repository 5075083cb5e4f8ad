import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberUpdateBody, TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { teamKey } from './get-team.ts';

/**
 * PATCH /api/team/:userId: names, contact details and role; 'Update done !!!' (409 for the owner);
 * made against `version` (the member's updated_at as the form read it), 412 EDIT_CONFLICT when saved
 * over since.
 */
export const updateMember = ({
  userId,
  body,
  version,
}: {
  userId: string;
  body: MemberUpdateBody;
  version?: string;
}) =>
  apiRequest<Envelope<TeamMember>>(`/api/team/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body,
    ifMatch: version,
  });

export const useUpdateMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
};
