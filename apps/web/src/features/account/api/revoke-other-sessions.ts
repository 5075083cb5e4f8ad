import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsKey } from './get-sessions.ts';

/** DELETE /api/me/sessions: signs out every session but this one. */
export const revokeOtherSessions = () =>
  apiRequest<{ message: string }>('/api/me/sessions', { method: 'DELETE' });

export const useRevokeOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};
