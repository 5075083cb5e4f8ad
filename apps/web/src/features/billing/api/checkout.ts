import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResult } from '@workhub/shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { patchUser } from '../../../lib/session-store.ts';
import { billingKey } from './get-billing.ts';

/** POST /api/billing/checkout: buys one period of the plan and issues its invoice. */
export const checkout = (body: CheckoutBody) =>
  apiRequest<Envelope<CheckoutResult>>('/api/billing/checkout', { method: 'POST', body });

/** On success the session's subscription is the new one at once: the banner and badge follow. */
export const useCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: async ({ data }) => {
      const { subscription, invoice } = data;
      patchUser({
        plan_chosen: true,
        subscription: {
          plan_id: subscription.plan_id,
          plan_title: invoice.plan_title,
          status: subscription.status,
          trial_ends_at: subscription.trial_ends_at,
          current_period_end: subscription.current_period_end,
          access: subscription.access,
          days_left: subscription.days_left,
        },
      });
      await queryClient.invalidateQueries({ queryKey: billingKey });
    },
  });
};
