import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { Service, serviceBody } from '@workhub/shared/schemas/ticketing';
import type { z } from 'zod';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateTicketing, ticketingKey } from './query-keys.ts';

export type ServiceListParams = { q?: string; status?: string; page: number };

/** GET /api/ticketing/services/export: the list as searched and filtered, as CSV. */
export const exportServices = (params: Omit<ServiceListParams, 'page'>) =>
  download(`/api/ticketing/services/export${listQuery(params)}`, 'queue-services.csv');

/** GET /api/ticketing/services?q=&status=&page=. */
export const useServices = (params: ServiceListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'services', params],
    queryFn: () =>
      apiRequest<ListPage<Service>>(
        `/api/ticketing/services${listQuery({ ...params, limit: PAGE_SIZE_DEFAULT })}`,
      ),
    placeholderData: keepPreviousData,
  });
};

/** Every service, for selects (a queue has a handful). */
export const useServiceChoices = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'services', 'choices'],
    queryFn: async () =>
      (
        await apiRequest<ListPage<Service>>(
          `/api/ticketing/services${listQuery({ page: 1, limit: PAGE_SIZE_MAX })}`,
        )
      ).data,
  });
};

/** GET /api/ticketing/services/:id: one record, as its edit reads it again after a 412. */
export const getService = async (id: string) =>
  (await apiRequest<Envelope<Service>>(idPath('/api/ticketing/services', id))).data;

/**
 * POST /api/ticketing/services or PATCH /api/ticketing/services/:id (the whole record), made against
 * `version` (its updated_at as the dialog opened it): 412 EDIT_CONFLICT when saved over since.
 */
export const useSaveService = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      version,
    }: {
      id?: string | undefined;
      body: z.output<typeof serviceBody>;
      version?: string | undefined;
    }) =>
      apiRequest<Envelope<Service>>(id ? idPath('/api/ticketing/services', id) : '/api/ticketing/services', {
        method: id ? 'PATCH' : 'POST',
        body,
        ifMatch: id ? version : undefined,
      }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};
