import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ListPage } from '../../../lib/api-types.ts';

export const planChoicesKey = ['billing', 'plan-choices'] as const;

/** GET /api/plans: the plans on sale, for the in-app plan chooser of /user/billing. */
export const getPlanChoices = async (): Promise<Plan[]> =>
  (await apiRequest<ListPage<Plan>>('/api/plans?limit=100')).data;

export const usePlanChoices = (enabled: boolean) =>
  useQuery({ queryKey: planChoicesKey, queryFn: getPlanChoices, enabled });
