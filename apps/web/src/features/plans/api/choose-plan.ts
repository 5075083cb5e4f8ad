import { useMutation } from '@tanstack/react-query';
import type { AccountSubscription, PickPlanBody } from '@workhub/shared/schemas/plans';
import { apiRequest } from '../../../lib/api-client.ts';

type ChoosePlanResponse = { data: AccountSubscription; message?: string };

/** PUT /api/account/subscription: the account holder picks a plan after verifying. */
export const choosePlan = (body: PickPlanBody) =>
  apiRequest<ChoosePlanResponse>('/api/account/subscription', { method: 'PUT', body });

export const useChoosePlan = () => useMutation({ mutationFn: choosePlan });
