import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsKey } from './get-sessions.ts';

/** DELETE /api/me/sessions/:id: signs that device out (its refresh token is revoked server-side). */
export const revokeSession = (sessionId: string) =>
  apiRequest<{ message: string }>(`/api/me/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
  });

export const useRevokeSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};
