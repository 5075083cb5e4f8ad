import type { SessionSubscription } from '@workhub/shared/schemas/billing';
import { accessAt, type SubscriptionTimes } from '@workhub/shared/subscription';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { type PlanRow, subscriptionPlans, subscriptions } from './schema/plans.ts';

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

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** An account's subscription and the plan it is on. */
export type AccountSubscriptionRow = { subscription: SubscriptionRow; plan: PlanRow };

/**
 * The one read of an account's subscription with its plan (the account page, billing, the plan
 * limits). `lock` takes the subscription row FOR UPDATE until the caller's transaction ends: it
 * is the account's lock for anything a plan counts or a checkout changes, so two such requests
 * run in turn. Only the subscription row is locked, never the plan row every account on it shares.
 */
export async function subscriptionOf(
  db: Db,
  accountId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<AccountSubscriptionRow> {
  if (!lock) {
    const [row] = await db
      .select({ subscription: subscriptions, plan: subscriptionPlans })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionId, subscriptions.planId))
      .where(eq(subscriptions.accountId, accountId))
      .limit(1);
    return row ?? noSubscription(accountId);
  }
  // Locked, the plan is read after the lock, not joined: PostgreSQL rechecks a join against the
  // row a concurrent checkout just moved to another plan with the old plan row, and drops it.
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .limit(1)
    .for('update');
  if (!subscription) return noSubscription(accountId);
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.subscriptionId, subscription.planId))
    .limit(1);
  if (!plan) throw new Error(`subscription of account ${accountId} names no plan`);
  return { subscription, plan };
}

// Every account is created with its subscription; one without is a broken row, not a client error.
function noSubscription(accountId: string): never {
  throw new Error(`account ${accountId} has no subscription`);
}

/** A subscription as the session shows it (the trial badge, the read-only banner), at `now`. */
export const toSessionSubscription = (
  subscription: SubscriptionRow,
  planTitle: string,
  now: Date,
): SessionSubscription => ({
  plan_id: subscription.planId,
  plan_title: planTitle,
  status: subscription.status,
  trial_ends_at: subscription.trialEndsAt?.toISOString() ?? null,
  current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
  ...accessAt(timesOf(subscription), now),
});
