import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';

type PlanList = { data: Plan[]; meta: { page: number; limit: number; total: number } };

export const plansQueryKey = ['plans'] as const;

/** GET /api/plans: the public list of active plans (spec: guest subscription pagination). */
export const getPlans = async (): Promise<Plan[]> =>
  (await apiRequest<PlanList>('/api/plans?limit=100', { auth: false })).data;

export const usePlans = () => useQuery({ queryKey: plansQueryKey, queryFn: getPlans });
