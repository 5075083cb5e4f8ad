import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { Counter, counterBody } from '@workhub/shared/schemas/ticketing';
import type { z } from 'zod';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateTicketing, ticketingKey } from './query-keys.ts';

export type CounterListParams = { q?: string; status?: string; page: number };

/** GET /api/ticketing/counters/export: the list as searched and filtered, as CSV. */
export const exportCounters = (params: Omit<CounterListParams, 'page'>) =>
  download(`/api/ticketing/counters/export${listQuery(params)}`, 'queue-counters.csv');

/** GET /api/ticketing/counters?q=&status=&page=. */
export const useCounters = (params: CounterListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'counters', params],
    queryFn: () =>
      apiRequest<ListPage<Counter>>(
        `/api/ticketing/counters${listQuery({ ...params, limit: PAGE_SIZE_DEFAULT })}`,
      ),
    placeholderData: keepPreviousData,
  });
};

/** The active counters, to choose one's console. */
export const useCounterChoices = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'counters', 'choices'],
    queryFn: async () =>
      (
        await apiRequest<ListPage<Counter>>(
          `/api/ticketing/counters${listQuery({ status: 'active', page: 1, limit: PAGE_SIZE_MAX })}`,
        )
      ).data,
  });
};

/** GET /api/ticketing/counters/:id: one record, as its edit reads it again after a 412. */
export const getCounter = async (id: string) =>
  (await apiRequest<Envelope<Counter>>(idPath('/api/ticketing/counters', id))).data;

/**
 * POST /api/ticketing/counters or PATCH /api/ticketing/counters/:id (the whole record), made against
 * `version` (its updated_at as the dialog opened it): 412 EDIT_CONFLICT when saved over since.
 */
export const useSaveCounter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      version,
    }: {
      id?: string | undefined;
      body: z.output<typeof counterBody>;
      version?: string | undefined;
    }) =>
      apiRequest<Envelope<Counter>>(id ? idPath('/api/ticketing/counters', id) : '/api/ticketing/counters', {
        method: id ? 'PATCH' : 'POST',
        body,
        ifMatch: id ? version : undefined,
      }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};

/** GET /api/ticketing/operators: the members who may work a counter. */
export const useOperators = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'operators'],
    queryFn: async () =>
      (await apiRequest<Envelope<{ user_id: string; name: string }[]>>('/api/ticketing/operators')).data,
  });
};
