import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Milestone, MilestoneBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/** POST /api/projects/:projectId/milestones: 201 'Milestone inserted successfully !!' (owner only). */
export const createMilestone = ({ projectId, body }: { projectId: string; body: MilestoneBody }) =>
  apiRequest<Envelope<Milestone>>(idPath('/api/projects', projectId, '/milestones'), {
    method: 'POST',
    body,
  });

export const useCreateMilestone = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMilestone, onSuccess: () => invalidateWork(queryClient) });
};
