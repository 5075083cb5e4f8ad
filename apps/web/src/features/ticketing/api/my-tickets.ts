import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyQueue } from '@workhub/shared/schemas/ticketing';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { invalidateTicketing, ticketingKey } from './query-keys.ts';
import type { IssuedTicket } from './tickets.ts';

/** GET /api/ticketing/my-tickets: a customer's own tickets, read again every 10 s. */
export const useMyTickets = (page: number) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'my-tickets', page],
    queryFn: () => apiRequest<ListPage<IssuedTicket>>(`/api/ticketing/my-tickets${listQuery({ page })}`),
    refetchInterval: 10_000,
  });
};

/** POST /api/ticketing/my-tickets { service_id, priority }: a customer takes a ticket. */
export const useTakeMyTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { service_id: string; priority: boolean }) =>
      apiRequest<Envelope<IssuedTicket>>('/api/ticketing/my-tickets', { method: 'POST', body }),
    onSuccess: () => invalidateTicketing(queryClient),
  });
};

/** GET /api/ticketing/my-queue: the services a customer may take a ticket of, and the queue's slug. */
export const useMyQueue = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'my-queue'],
    queryFn: async () => (await apiRequest<Envelope<MyQueue>>('/api/ticketing/my-queue')).data,
  });
};
