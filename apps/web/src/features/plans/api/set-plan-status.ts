import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanStatus } from '@workhub/shared/enums';
import type { Plan } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { adminPlansKey } from './get-admin-plans.ts';
import { plansQueryKey } from './get-plans.ts';

/** PATCH /api/admin/plans/:id/status { status: '1' | '0' }: 'Cool !!!' and the updated plan. */
export const setPlanStatus = ({ id, status }: { id: number; status: PlanStatus }) =>
  apiRequest<Envelope<Plan>>(`/api/admin/plans/${id}/status`, {
    method: 'PATCH',
    body: { status: status === 'active' ? '1' : '0' },
  });

/** The row is replaced by the server's answer; the public list is reloaded when next shown. */
export const useSetPlanStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanStatus,
    onSuccess: (answer) => {
      queryClient.setQueriesData<Plan[]>({ queryKey: adminPlansKey }, (plans) =>
        Array.isArray(plans)
          ? plans.map((plan) => (plan.subscription_id === answer.data.subscription_id ? answer.data : plan))
          : plans,
      );
      return queryClient.invalidateQueries({ queryKey: plansQueryKey });
    },
  });
};
