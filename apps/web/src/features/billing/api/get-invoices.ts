import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@workhub/shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { billingKey } from './get-billing.ts';

/** GET /api/billing/invoices: one page of the account's invoices, newest first. */
export const getInvoices = (page: number): Promise<ListPage<Invoice>> =>
  apiRequest<ListPage<Invoice>>(`/api/billing/invoices${listQuery({ page })}`);

export const useInvoices = (page: number) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...billingKey, scope, 'invoices', page],
    queryFn: () => getInvoices(page),
    placeholderData: keepPreviousData,
  });
};
