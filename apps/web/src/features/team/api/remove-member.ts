import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKey } from './get-team.ts';

/** DELETE /api/team/:userId: the person leaves this workspace only (204). */
export const removeMember = (userId: string) =>
  apiRequest<void>(`/api/team/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const useRemoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
};
