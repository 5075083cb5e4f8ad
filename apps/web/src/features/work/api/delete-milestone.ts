import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/**
 * DELETE /api/milestones/:id: 'Milestone deleted. Its tasks moved to the project.' The tasks are
 * kept, without a milestone (owner only).
 */
export const deleteMilestone = (id: string) =>
  apiRequest<Envelope<{ tasks_moved: number }>>(idPath('/api/milestones', id), { method: 'DELETE' });

export const useDeleteMilestone = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMilestone, onSuccess: () => invalidateWork(queryClient) });
};
