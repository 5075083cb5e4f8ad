import { useQuery } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import type { CheckoutPreview } from '@workhub/shared/schemas/billing';
import { INT32_MAX } from '@workhub/shared/text';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { billingKey } from './get-billing.ts';

/** A plan's id as an address writes it: a whole number the API takes (1 to 2^31 - 1). */
const isPlanId = (id: string) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= INT32_MAX;

/**
 * GET /api/billing/checkout/:planId: what buying the plan now would cost and cover. An id no plan
 * can have (/checkout/abc, /checkout/-1) is answered as one that names none, a 404, without asking
 * the API (it would refuse it as a field not valid, 'Some fields are not valid').
 */
export const getCheckoutPreview = async (planId: string): Promise<CheckoutPreview> => {
  if (!isPlanId(planId)) throw new ApiError({ status: 404, code: 'NOT_FOUND', message: messages.notFound });
  return (await apiRequest<Envelope<CheckoutPreview>>(`/api/billing/checkout/${encodeURIComponent(planId)}`))
    .data;
};

export const useCheckoutPreview = (planId: string) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...billingKey, scope, 'checkout', planId],
    queryFn: () => getCheckoutPreview(planId),
  });
};
