import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@workhub/shared/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsKey } from './get-sessions.ts';

/** POST /api/me/password: asks the current password; every other session is signed out. */
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<{ message: string }>('/api/me/password', { method: 'POST', body });

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};
