import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InviteBody } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invitationsKey } from './get-invitations.ts';

/** POST /api/team/invitations: 'Invitation sent waiting for user to validate their account.' */
export const inviteMember = (body: InviteBody) =>
  apiRequest<Envelope<Invitation>>('/api/team/invitations', { method: 'POST', body });

export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
};
