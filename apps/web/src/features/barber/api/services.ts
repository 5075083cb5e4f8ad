import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberService, BarberServiceBody } from '@workhub/shared/schemas/barber';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

/** GET /api/barber/services?q=&active=&page=&limit=. */
export const useServices = (params: {
  q?: string;
  active?: 'true' | 'false';
  page?: number;
  limit?: number;
}) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'services', params],
    queryFn: () =>
      apiRequest<ListPage<BarberService>>(`/api/barber/services${listQuery({ limit: 100, ...params })}`),
  });
};

/** GET /api/barber/services/export: the list as searched and filtered, as CSV. */
export const exportServices = (params: { q?: string | undefined; active?: 'true' | 'false' | undefined }) =>
  download(`/api/barber/services/export${listQuery(params)}`, 'salon-services.csv');

/** GET /api/barber/services/:id: one service, as its edit reads it again after a 412. */
export const getService = async (id: string) =>
  (await apiRequest<Envelope<BarberService>>(`/api/barber/services/${encodeURIComponent(id)}`)).data;

/**
 * POST /api/barber/services, or PATCH /api/barber/services/:id with `id`, made against `version`
 * (the service's updated_at as the dialog opened it): 412 EDIT_CONFLICT when saved over since.
 */
export const useSaveService = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: string; body: BarberServiceBody; version?: string }) =>
      apiRequest<Envelope<BarberService>>(
        id ? `/api/barber/services/${encodeURIComponent(id)}` : '/api/barber/services',
        {
          method: id ? 'PATCH' : 'POST',
          body,
          ifMatch: id ? version : undefined,
        },
      ),
    onSuccess: () => invalidateBarber(queryClient),
  });
};
