import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanBody } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidatePlans } from './create-plan.ts';

/** PATCH /api/admin/plans/:id: every field of the plan; 'Update done !!!'. */
export const updatePlan = ({ id, body }: { id: number; body: PlanBody }) =>
  apiRequest<Envelope<Plan>>(`/api/admin/plans/${id}`, { method: 'PATCH', body });

export const useUpdatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlan, onSuccess: () => invalidatePlans(queryClient) });
};
