import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Milestone, MilestoneBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/** PATCH /api/milestones/:id: 'Update done !!!' (owner only). */
export const updateMilestone = ({ id, body }: { id: string; body: MilestoneBody }) =>
  apiRequest<Envelope<Milestone>>(idPath('/api/milestones', id), { method: 'PATCH', body });

export const useUpdateMilestone = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMilestone, onSuccess: () => invalidateWork(queryClient) });
};
