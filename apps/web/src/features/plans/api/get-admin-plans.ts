import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const adminPlansKey = ['admin', 'plans'] as const;

/** GET /api/admin/plans: every plan, active or not (platform staff only). */
export const getAdminPlans = async (): Promise<Plan[]> =>
  (await apiRequest<Envelope<Plan[]>>('/api/admin/plans?limit=100')).data;

export const useAdminPlans = () => {
  const scope = useSessionScope('user');
  return useQuery({ queryKey: [...adminPlansKey, scope, 'list'], queryFn: getAdminPlans });
};
