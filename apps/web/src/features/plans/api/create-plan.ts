import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanBody } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { adminPlansKey } from './get-admin-plans.ts';
import { plansQueryKey } from './get-plans.ts';

/** The admin list and the public plan list both show a changed plan. */
export const invalidatePlans = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPlansKey }),
    queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  ]);

/** POST /api/admin/plans: 201 'Plan created'. */
export const createPlan = (body: PlanBody) =>
  apiRequest<Envelope<Plan>>('/api/admin/plans', { method: 'POST', body });

export const useCreatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlan, onSuccess: () => invalidatePlans(queryClient) });
};
