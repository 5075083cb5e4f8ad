import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody, TicketingSettings } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { invalidateTicketing, ticketingKey } from './query-keys.ts';

/** GET /api/ticketing/settings. */
export const useTicketingSettings = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'settings'],
    queryFn: async () => (await apiRequest<Envelope<TicketingSettings>>('/api/ticketing/settings')).data,
  });
};

/** PUT /api/ticketing/settings (all of it). */
export const useSaveTicketingSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) =>
      apiRequest<Envelope<TicketingSettings>>('/api/ticketing/settings', { method: 'PUT', body }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};
