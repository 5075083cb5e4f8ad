import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { Ticket } from '@workhub/shared/schemas/ticketing';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateTicketing, ticketingKey } from './query-keys.ts';

export type TicketListParams = {
  q?: string;
  status?: string;
  service_id?: string;
  counter_id?: string;
  day?: string;
  sort?: string;
  page: number;
  limit?: number;
};

/** GET /api/ticketing/tickets with the list's filters. */
export const useTickets = (params: TicketListParams, refetchInterval?: number) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'tickets', params],
    queryFn: () =>
      apiRequest<ListPage<Ticket>>(
        `/api/ticketing/tickets${listQuery({ limit: PAGE_SIZE_DEFAULT, ...params })}`,
      ),
    placeholderData: keepPreviousData,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
};

/** GET /api/ticketing/tickets/export: the list as filtered, as CSV. */
export const exportTickets = (params: Omit<TicketListParams, 'page'>) =>
  download(`/api/ticketing/tickets/export${listQuery(params)}`, 'tickets.csv');

export type TicketStep = 'recall' | 'start' | 'done' | 'no-show';

/** POST /api/ticketing/tickets/:id/{recall,start,done,no-show} or /transfer { service_id }. */
export const useTicketStep = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      step,
      serviceId,
    }: {
      id: string;
      step: TicketStep | 'transfer';
      serviceId?: string;
    }) =>
      apiRequest<Envelope<Ticket>>(idPath('/api/ticketing/tickets', id, `/${step}`), {
        method: 'POST',
        body: step === 'transfer' ? { service_id: serviceId } : {},
      }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};

/** POST /api/ticketing/counters/:id/call-next. */
export const useCallNext = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (counterId: string) =>
      apiRequest<Envelope<Ticket>>(idPath('/api/ticketing/counters', counterId, '/call-next'), {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};

export type IssuedTicket = Ticket & {
  people_ahead: number;
  estimated_wait_minutes: number;
  counter_open: boolean;
};

/** POST /api/ticketing/tickets { service_id, priority }: a ticket issued at the desk. */
export const useIssueTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { service_id: string; priority: boolean }) =>
      apiRequest<Envelope<IssuedTicket>>('/api/ticketing/tickets', { method: 'POST', body }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};
