import { useQuery } from '@tanstack/react-query';
import type { AdminPlan } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { adminPlansKey } from './get-admin-plans.ts';

/** GET /api/admin/plans/:id: one plan to edit (platform staff only). */
export const getAdminPlan = async (id: string): Promise<AdminPlan> =>
  (await apiRequest<Envelope<AdminPlan>>(`/api/admin/plans/${encodeURIComponent(id)}`)).data;

export const useAdminPlan = (id: string) => {
  const scope = useSessionScope('user');
  return useQuery({ queryKey: [...adminPlansKey, scope, 'one', id], queryFn: () => getAdminPlan(id) });
};
