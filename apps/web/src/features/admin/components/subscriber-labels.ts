import type { AccountStatus, SubscriptionStatus } from '@workhub/shared/enums';
import type { Subscriber } from '@workhub/shared/schemas/admin';

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  active: 'Paid',
  expired: 'Expired',
  canceled: 'Canceled',
};

/** 'Ada Lovelace', or the e-mail when the holder gave no name. */
export const holderName = (row: Pick<Subscriber, 'first_name' | 'last_name' | 'email'>): string =>
  `${row.first_name} ${row.last_name}`.trim() || row.email;

/**
 * The 'Ends' column: the trial's end only while trialing, the paid period's end once paid, else
 * nothing (a paid account's old trial date would read as a deadline it does not have).
 */
export const subscriptionEnd = (
  row: Pick<Subscriber, 'subscription_status' | 'trial_ends_at' | 'current_period_end'>,
): { label: string; date: string } | null => {
  if (row.subscription_status === 'trialing' && row.trial_ends_at) {
    return { label: 'Trial ends', date: row.trial_ends_at };
  }
  if (row.subscription_status === 'active' && row.current_period_end) {
    return { label: 'Paid until', date: row.current_period_end };
  }
  return null;
};
