import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BarberCustomer } from '@workhub/shared/schemas/barber';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey } from './query-keys.ts';

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
