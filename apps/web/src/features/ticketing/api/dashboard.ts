import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketingDashboard } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { invalidateTicketing, ticketingKey } from './query-keys.ts';

/** GET /api/ticketing/dashboard. */
export const useTicketingDashboard = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'dashboard'],
    queryFn: async () => (await apiRequest<Envelope<TicketingDashboard>>('/api/ticketing/dashboard')).data,
  });
};

type SampleCounts = { services: number; counters: number; tickets: number };

/** POST (load) or DELETE (clear) /api/ticketing/sample-data. */
export const useSampleData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'load' | 'clear') =>
      apiRequest<Envelope<SampleCounts>>('/api/ticketing/sample-data', {
        method: action === 'load' ? 'POST' : 'DELETE',
      }),
    // Refused too: a load another tab made first filled the module this one saw empty.
    onSettled: () => invalidateTicketing(queryClient),
  });
};
