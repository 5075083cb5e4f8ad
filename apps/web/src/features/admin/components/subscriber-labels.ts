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
