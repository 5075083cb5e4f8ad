import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

/** GET /api/barber/settings: the shop's time zone. */
export const useBarberSettings = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'settings'],
    queryFn: async () => (await apiRequest<Envelope<{ timezone: string }>>('/api/barber/settings')).data,
    staleTime: 60_000,
  });
};

/** PUT /api/barber/settings: the shop's time zone (an IANA name). */
export const useSaveBarberSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { timezone: string }) =>
      apiRequest<Envelope<{ timezone: string }>>('/api/barber/settings', { method: 'PUT', body }),
    onSuccess: () => invalidateBarber(queryClient),
  });
};
