import { useQuery } from '@tanstack/react-query';
import type { CheckoutPreview } from '@workhub/shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { billingKey } from './get-billing.ts';

/** GET /api/billing/checkout/:planId: what buying the plan now would cost and cover. */
export const getCheckoutPreview = async (planId: string): Promise<CheckoutPreview> =>
  (await apiRequest<Envelope<CheckoutPreview>>(`/api/billing/checkout/${encodeURIComponent(planId)}`)).data;

export const useCheckoutPreview = (planId: string) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...billingKey, scope, 'checkout', planId],
    queryFn: () => getCheckoutPreview(planId),
  });
};
