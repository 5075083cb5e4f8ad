import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@workhub/shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';

export const adminDashboardKey = ['admin', 'dashboard'] as const;

/** GET /api/admin/dashboard: the platform's figures (platform staff only). */
export const getAdminDashboard = async (): Promise<AdminDashboard> =>
  (await apiRequest<Envelope<AdminDashboard>>('/api/admin/dashboard')).data;

export const useAdminDashboard = () => useQuery({ queryKey: adminDashboardKey, queryFn: getAdminDashboard });
