import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import { PLANS_PATH } from './plans-path.ts';

type PlanList = { data: Plan[]; meta: { page: number; limit: number; total: number } };

export const plansQueryKey = ['plans'] as const;

/** GET /api/plans: the public list of active plans (spec: guest subscription pagination). */
export const getPlans = async (): Promise<Plan[]> =>
  (await apiRequest<PlanList>(PLANS_PATH, { auth: false })).data;

export const usePlans = () => useQuery({ queryKey: plansQueryKey, queryFn: getPlans });
