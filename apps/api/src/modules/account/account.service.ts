import { messages } from '@workhub/shared/messages';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { AccountSubscription } from '@workhub/shared/schemas/plans';
import { paidPeriodRuns } from '@workhub/shared/subscription';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { accounts } from '../../db/schema/users.ts';
import { subscriptionOf } from '../../db/subscription-times.ts';
import { type AccountScope, accountScope } from '../../db/tenant-scope.ts';
import { conflict, forbidden } from '../../lib/app-error.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
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

/** The account page's view of the subscription (read with db/subscription-times.ts). */
async function accountSubscriptionOf(ctx: Ctx, scope: AccountScope): Promise<AccountSubscription> {
  const { subscription, plan } = await subscriptionOf(ctx.db, scope.accountId);
  return {
    subscription_id: subscription.planId,
    plan_title: plan.title,
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
  return accountSubscriptionOf(ctx, await heldAccount(ctx, auth));
}

/**
 * Picks the plan while the free trial runs (after verifying, or later in the trial); the trial
 * keeps its end date. Once the trial is over or a plan is paid for, the plan changes only at
 * checkout (billing), which invoices it: 409 here, decided on the locked subscription row, so a
 * checkout at the same instant cannot slip between the check and the change.
 */
export async function pickPlan(
  ctx: Ctx,
  auth: AccessTokenClaims,
  planId: number,
): Promise<AccountSubscription> {
  const scope = await heldAccount(ctx, auth);
  await requireActivePlan(ctx.db, planId);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        planId: subscriptions.planId,
        status: subscriptions.status,
        trialEndsAt: subscriptions.trialEndsAt,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .where(scope.account(subscriptions))
      .for('update');
    const trialRuns = before?.status === 'trialing' && before.trialEndsAt !== null && at < before.trialEndsAt;
    const paid =
      before !== undefined &&
      paidPeriodRuns(
        {
          status: before.status,
          trial_ends_at: before.trialEndsAt,
          current_period_end: before.currentPeriodEnd,
        },
        at,
      );
    if (!trialRuns || paid) throw conflict(messages.planChangeAtCheckout);
    await tx.update(subscriptions).set({ planId, planChosenAt: at }).where(scope.account(subscriptions));
    await recordAudit(tx, {
      ...inScope(scope),
      action: 'subscription.plan_chosen',
      entityType: 'subscription',
      entityId: scope.accountId,
      before: { plan_id: before?.planId ?? null },
      after: { plan_id: planId },
      at,
    });
  });
  return accountSubscriptionOf(ctx, scope);
}
