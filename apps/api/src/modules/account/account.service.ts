import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { AccountSubscription } from '@workhub/shared/schemas/plans';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { accounts } from '../../db/schema/users.ts';
import { type AccountScope, accountScope } from '../../db/tenant-scope.ts';
import { forbidden } from '../../lib/app-error.ts';
import { requireActivePlan } from '../plans/plans.service.ts';

/** The account the caller holds: the tenant of the token, whose holder the database says they are. */
export async function heldAccount(ctx: Ctx, auth: AccessTokenClaims): Promise<AccountScope> {
  const scope = await accountScope(ctx.db, auth);
  const [account] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, scope.accountId), eq(accounts.ownerUserId, auth.user_id)))
    .limit(1);
  if (!account) throw forbidden();
  return scope;
}

async function subscriptionOf(ctx: Ctx, scope: AccountScope): Promise<AccountSubscription> {
  const [row] = await ctx.db
    .select({ subscription: subscriptions, planTitle: subscriptionPlans.title })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionId, subscriptions.planId))
    .where(scope.account(subscriptions))
    .limit(1);
  // Every account is created with its subscription; one without is a broken row, not a client error.
  if (!row) throw new Error(`account ${scope.accountId} has no subscription`);
  const { subscription } = row;
  return {
    subscription_id: subscription.planId,
    plan_title: row.planTitle,
    status: subscription.status,
    trial_ends_at: subscription.trialEndsAt?.toISOString() ?? null,
    current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
    plan_chosen: subscription.planChosenAt !== null,
  };
}

export async function getAccountSubscription(
  ctx: Ctx,
  auth: AccessTokenClaims,
): Promise<AccountSubscription> {
  return subscriptionOf(ctx, await heldAccount(ctx, auth));
}

/** Picks the plan (after verifying, or later); the trial keeps its end date. */
export async function pickPlan(
  ctx: Ctx,
  auth: AccessTokenClaims,
  planId: number,
): Promise<AccountSubscription> {
  const scope = await heldAccount(ctx, auth);
  await requireActivePlan(ctx.db, planId);
  await ctx.db
    .update(subscriptions)
    .set({ planId, planChosenAt: ctx.now() })
    .where(scope.account(subscriptions));
  return subscriptionOf(ctx, scope);
}
