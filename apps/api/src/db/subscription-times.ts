import type { SubscriptionTimes } from '@workhub/shared/subscription';
import { subscriptions } from './schema/plans.ts';

/** The columns of a subscription the access rule reads (packages/shared/src/subscription.ts). */
export const subscriptionTimeColumns = {
  status: subscriptions.status,
  trialEndsAt: subscriptions.trialEndsAt,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
};

export type SubscriptionRowTimes = Pick<
  typeof subscriptions.$inferSelect,
  'status' | 'trialEndsAt' | 'currentPeriodEnd'
>;

/** A subscription row as the access rule reads it. */
export const timesOf = (row: SubscriptionRowTimes): SubscriptionTimes => ({
  status: row.status,
  trial_ends_at: row.trialEndsAt,
  current_period_end: row.currentPeriodEnd,
});
