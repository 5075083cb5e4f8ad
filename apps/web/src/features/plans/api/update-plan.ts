import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlan, PlanBody } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidatePlans } from './create-plan.ts';

/**
 * PATCH /api/admin/plans/:id: every field of the plan; 'Update done !!!'. Made against `version`
 * (its updated_at as the form opened it): 412 EDIT_CONFLICT when saved over since.
 */
export const updatePlan = ({
  id,
  body,
  version,
}: {
  id: number;
  body: PlanBody;
  version?: string | undefined;
}) => apiRequest<Envelope<AdminPlan>>(`/api/admin/plans/${id}`, { method: 'PATCH', body, ifMatch: version });

export const useUpdatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlan, onSuccess: () => invalidatePlans(queryClient) });
};
