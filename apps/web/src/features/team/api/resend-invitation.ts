import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invitationsKey } from './get-invitations.ts';

/** POST /api/team/invitations/:id/resend: a new link, valid 7 days again. */
export const resendInvitation = (invitationId: string) =>
  apiRequest<Envelope<Invitation>>(`/api/team/invitations/${encodeURIComponent(invitationId)}/resend`, {
    method: 'POST',
  });

export const useResendInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
};
