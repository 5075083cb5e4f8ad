import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody, TicketingSettings } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { invalidateTicketing, ticketingKey } from './query-keys.ts';

/** GET /api/ticketing/settings, as they are now (an edit conflict reads theirs). */
export const getTicketingSettings = async () =>
  (await apiRequest<Envelope<TicketingSettings>>('/api/ticketing/settings')).data;

/** GET /api/ticketing/settings. */
export const useTicketingSettings = () => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...ticketingKey, scope, 'settings'], queryFn: getTicketingSettings });
};

/**
 * PUT /api/ticketing/settings (all of it), made against `version` (their updated_at as the form
 * opened them): 412 EDIT_CONFLICT when someone saved them since.
 */
export const useSaveTicketingSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: SettingsBody; version?: string | undefined }) =>
      apiRequest<Envelope<TicketingSettings>>('/api/ticketing/settings', {
        method: 'PUT',
        body,
        ifMatch: version,
      }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};
