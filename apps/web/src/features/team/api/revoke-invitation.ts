import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationsKey } from './get-invitations.ts';

/** DELETE /api/team/invitations/:id: the link stops working (204). */
export const revokeInvitation = (invitationId: string) =>
  apiRequest<void>(`/api/team/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });

export const useRevokeInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
};
