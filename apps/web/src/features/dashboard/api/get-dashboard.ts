import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const dashboardKey = ['dashboard'] as const;

/** GET /api/dashboard: the real figures of the current workspace (403 outside a workspace). */
export const getDashboard = async (): Promise<DashboardStats> =>
  (await apiRequest<Envelope<DashboardStats>>('/api/dashboard')).data;

export const useDashboard = () => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...dashboardKey, scope], queryFn: getDashboard });
};
