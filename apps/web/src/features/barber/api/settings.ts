import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey } from './query-keys.ts';

/** GET /api/barber/settings: the shop's time zone. */
export const useBarberSettings = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'settings'],
    queryFn: async () => (await apiRequest<Envelope<{ timezone: string }>>('/api/barber/settings')).data,
    staleTime: 60_000,
  });
};
