import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Milestone, MilestoneBody } from '@workhub/shared/schemas/work';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateWork } from './query-keys.ts';

/** PATCH /api/milestones/:id: 'Update done !!!'; made against `version`
 * (the record's updated_at as the form read it), 412 EDIT_CONFLICT when saved over since (owner only). */
export const updateMilestone = ({
  id,
  body,
  version,
}: {
  id: string;
  body: MilestoneBody;
  version?: string;
}) =>
  apiRequest<Envelope<Milestone>>(idPath('/api/milestones', id), { method: 'PATCH', body, ifMatch: version });

export const useUpdateMilestone = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMilestone, onSuccess: () => invalidateWork(queryClient) });
};
