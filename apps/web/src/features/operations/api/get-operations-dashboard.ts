import { useQuery } from '@tanstack/react-query';
import type { OperationsDashboard } from '@workhub/shared/schemas/operations-mrp';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { operationsKey } from './query-keys.ts';

export const DASHBOARD_WEEKS = 12;

/** GET /api/operations/dashboard?weeks=12: sales and orders per week, stock, late and open orders. */
export const useOperationsDashboard = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'dashboard', DASHBOARD_WEEKS],
    queryFn: async () =>
      (
        await apiRequest<Envelope<OperationsDashboard>>(
          `/api/operations/dashboard${listQuery({ weeks: DASHBOARD_WEEKS })}`,
        )
      ).data,
  });
};
