import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberCustomer, barberCustomerBody } from '@workhub/shared/schemas/barber';
import type { z } from 'zod';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

/** GET /api/barber/customers?q=&page=: customers with their visits. */
export const useCustomers = (params: { q?: string; page: number }) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'customers', params],
    queryFn: () =>
      apiRequest<ListPage<BarberCustomer>>(`/api/barber/customers${listQuery({ limit: 14, ...params })}`),
    placeholderData: keepPreviousData,
  });
};

/** GET /api/barber/customers/export: the list as searched, with the visits, as CSV. */
export const exportCustomers = (params: { q?: string | undefined }) =>
  download(`/api/barber/customers/export${listQuery(params)}`, 'salon-customers.csv');

/** POST /api/barber/customers (409 when a customer has that e-mail already). */
export const useAddCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof barberCustomerBody>) =>
      apiRequest<Envelope<BarberCustomer>>('/api/barber/customers', { method: 'POST', body }),
    onSuccess: () => invalidateBarber(queryClient),
  });
};
