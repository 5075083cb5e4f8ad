import type { AccountStatus, SubscriptionStatus } from '@workhub/shared/enums';
import type { Subscriber } from '@workhub/shared/schemas/admin';

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  // A plan bought: its invoice may still be open (net 30), so not 'Paid'.
  active: 'Subscribed',
  expired: 'Expired',
  canceled: 'Canceled',
};

/** 'Ada Lovelace', or the e-mail when the holder gave no name. */
export const holderName = (row: Pick<Subscriber, 'first_name' | 'last_name' | 'email'>): string =>
  `${row.first_name} ${row.last_name}`.trim() || row.email;

/**
 * The 'Ends' column: the trial's end only while trialing, the bought period's end once a plan is
 * bought (its invoice may still be open: 'Period ends', not 'Paid until'), else
 * nothing (a paid account's old trial date would read as a deadline it does not have); in the past
 * tense once that end has passed (`access` read-only at the server's clock).
 */
export const subscriptionEnd = (
  row: Pick<Subscriber, 'subscription_status' | 'trial_ends_at' | 'current_period_end' | 'access'>,
): { label: string; date: string } | null => {
  const over = row.access === 'read_only';
  if (row.subscription_status === 'trialing' && row.trial_ends_at) {
    return { label: over ? 'Trial ended' : 'Trial ends', date: row.trial_ends_at };
  }
  if (row.subscription_status === 'active' && row.current_period_end) {
    return { label: over ? 'Period ended' : 'Period ends', date: row.current_period_end };
  }
  return null;
};

/** Under the plan: 'Read-only' once the trial or paid period is over, else the subscription's status. */
export const subscriptionLabel = (row: Pick<Subscriber, 'subscription_status' | 'access'>): string | null => {
  if (!row.subscription_status) return null;
  return row.access === 'read_only' ? 'Read-only' : SUBSCRIPTION_STATUS_LABELS[row.subscription_status];
};
