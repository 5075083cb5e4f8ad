import type { AccountAccess, SubscriptionStatus } from './enums.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The times that decide what an account may do; dates as the API row (Date) or the JSON (ISO string). */
export type SubscriptionTimes = {
  status: SubscriptionStatus;
  trial_ends_at: Date | string | null;
  current_period_end: Date | string | null;
};

const ms = (value: Date | string | null): number | null =>
  value === null ? null : new Date(value).getTime();

/** True while a paid period bought at checkout runs. */
export const paidPeriodRuns = (subscription: SubscriptionTimes, now: Date): boolean => {
  const end = ms(subscription.current_period_end);
  return end !== null && now.getTime() < end;
};

const trialRuns = (subscription: SubscriptionTimes, now: Date): boolean => {
  const end = ms(subscription.trial_ends_at);
  return subscription.status === 'trialing' && end !== null && now.getTime() < end;
};

/**
 * The access rule of issue 5: 'full' while the trial runs or a paid period runs; 'read_only' once
 * both are over (the trial ended without a paid plan, or the paid period ended). Read-only accounts
 * keep every record: they can sign in, read and export, not create or change.
 */
export const accountAccess = (subscription: SubscriptionTimes, now: Date): AccountAccess =>
  paidPeriodRuns(subscription, now) || trialRuns(subscription, now) ? 'full' : 'read_only';

/** When the access the account has now ends: the paid period's end if one runs, else the trial's. */
export const accessEndsAt = (subscription: SubscriptionTimes, now: Date): Date | null => {
  if (paidPeriodRuns(subscription, now)) return new Date(ms(subscription.current_period_end) ?? 0);
  const trialEnd = ms(subscription.trial_ends_at);
  return subscription.status === 'trialing' && trialEnd !== null ? new Date(trialEnd) : null;
};

/** Whole days until the access ends, rounded up (an hour left is 1 day), never negative. */
export const daysLeft = (subscription: SubscriptionTimes, now: Date): number => {
  const end = accessEndsAt(subscription, now);
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
};

/** `access` and `days_left` at `now`, as the session and the billing page answer them. */
export const accessAt = (
  subscription: SubscriptionTimes,
  now: Date,
): { access: AccountAccess; days_left: number } => ({
  access: accountAccess(subscription, now),
  days_left: daysLeft(subscription, now),
});
