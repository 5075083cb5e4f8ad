import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberDashboard } from '@workhub/shared/schemas/barber';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

/** GET /api/barber/dashboard. */
export const useBarberDashboard = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'dashboard'],
    queryFn: async () => (await apiRequest<Envelope<BarberDashboard>>('/api/barber/dashboard')).data,
  });
};

/** POST (load) or DELETE (clear) /api/barber/sample-data. */
export const useSampleData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'load' | 'clear') =>
      apiRequest<Envelope<Record<string, number>>>('/api/barber/sample-data', {
        method: action === 'load' ? 'POST' : 'DELETE',
      }),
    onSettled: () => invalidateBarber(queryClient),
  });
};
