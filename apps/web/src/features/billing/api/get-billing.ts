import { useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '@workhub/shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const billingKey = ['billing'] as const;

/** GET /api/billing: the account's plan, subscription and access (owner only). */
export const getBilling = async (): Promise<BillingOverview> =>
  (await apiRequest<Envelope<BillingOverview>>('/api/billing')).data;

export const useBilling = () => {
  const scope = useSessionScope();
  return useQuery({ queryKey: [...billingKey, scope, 'overview'], queryFn: getBilling });
};
