import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberSettings } from '@workhub/shared/schemas/barber';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

/** GET /api/barber/settings: the shop's time zone, with its version (updated_at). */
export const getBarberSettings = async () =>
  (await apiRequest<Envelope<BarberSettings>>('/api/barber/settings')).data;

export const useBarberSettings = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'settings'],
    queryFn: getBarberSettings,
    staleTime: 60_000,
  });
};

/**
 * PUT /api/barber/settings: the shop's time zone (an IANA name), made against `version` (the
 * settings' updated_at as the form opened them): 412 EDIT_CONFLICT when someone saved them since.
 */
export const useSaveBarberSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: { timezone: string }; version?: string | undefined }) =>
      apiRequest<Envelope<BarberSettings>>('/api/barber/settings', { method: 'PUT', body, ifMatch: version }),
    onSuccess: () => invalidateBarber(queryClient),
  });
};
