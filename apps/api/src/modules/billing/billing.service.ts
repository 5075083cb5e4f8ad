import { randomInt, randomUUID } from 'node:crypto';
import { billingMessages } from '@workhub/shared/billing-messages';
import { DEFAULT_PLAN_ID } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { Action } from '@workhub/shared/permissions';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type {
  BillingOverview,
  CheckoutPreview,
  CheckoutResult,
  Invoice,
} from '@workhub/shared/schemas/billing';
import type { PaginationQuery } from '@workhub/shared/schemas/common';
import { accessAt, paidPeriodRuns } from '@workhub/shared/subscription';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import { type InvoiceRow, invoices } from '../../db/schema/billing.ts';
import { type PlanRow, subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import {
  type AccountSubscriptionRow,
  type SubscriptionRow,
  subscriptionOf,
  timesOf,
} from '../../db/subscription-times.ts';
import { betweenTransactions } from '../../db/tenant-context.ts';
import type { AccountScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { pageOf } from '../../lib/paging.ts';
import { heldAccount } from '../account/account.service.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
import { findUserById } from '../auth/session-user.ts';
import { planUsage } from '../plans/plan-limits.ts';
import { invoiceMail } from './billing.mails.ts';
import { type Collection, type PaymentProvider, paymentProviderOf } from './payment-provider.ts';

const CURRENCY = 'USD';
/** Tries at a free invoice number before giving up (1 in a million clash per try). */
const NUMBER_ATTEMPTS = 5;

/** `months` calendar months after `from` (UTC), kept in the last day of a shorter month. */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/** INV-<year>-<6 digits>, random: numbers never tell one customer how many others there are. */
const invoiceNumber = (issuedAt: Date): string =>
  `INV-${issuedAt.getUTCFullYear()}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

const toInvoice = (row: InvoiceRow): Invoice => ({
  invoice_id: row.id,
  number: row.number,
  plan_id: row.planId,
  plan_title: row.planTitle,
  amount: Number(row.amount),
  currency: row.currency,
  provider: row.provider,
  status: row.status,
  period_start: row.periodStart.toISOString(),
  period_end: row.periodEnd.toISOString(),
  issued_at: row.issuedAt.toISOString(),
  due_at: row.dueAt.toISOString(),
  paid_at: iso(row.paidAt),
});

function toSubscription(row: SubscriptionRow, now: Date): BillingOverview['subscription'] {
  return {
    status: row.status,
    trial_ends_at: iso(row.trialEndsAt),
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    ...accessAt(timesOf(row), now),
  };
}

const planSummary = (plan: PlanRow) => ({
  plan_id: plan.subscriptionId,
  title: plan.title,
  price: Number(plan.price),
  month: plan.month,
});

/**
 * What a purchase at `now` buys: from the end of a paid period still running, or of the free trial
 * still running (its days are free: a month bought on the trial's second day is not the same
 * month), else from now.
 */
function periodOf(subscription: SubscriptionRow, plan: PlanRow, now: Date) {
  const running = paidPeriodRuns(timesOf(subscription), now);
  const trialEnd =
    subscription.status === 'trialing' && subscription.trialEndsAt && subscription.trialEndsAt > now
      ? subscription.trialEndsAt
      : null;
  const start = running && subscription.currentPeriodEnd ? subscription.currentPeriodEnd : (trialEnd ?? now);
  return { start, end: addMonths(start, plan.month), extends: running };
}

/** A limit as a number to compare: null (unlimited) above any. */
const limitOf = (max: number | null): number => max ?? Number.POSITIVE_INFINITY;

/** True when `plan` allows fewer workspaces or members than `current`. */
const allowsLess = (plan: PlanRow, current: PlanRow): boolean =>
  limitOf(plan.maxWorkspaces) < limitOf(current.maxWorkspaces) ||
  limitOf(plan.maxMembers) < limitOf(current.maxMembers);

/**
 * A purchase moves the subscription to its plan at once, and a period bought while one runs starts
 * at that one's end: a plan allowing less, bought while a paid period of a larger plan runs, would
 * take away at once what that period paid for. It waits for the period's end instead.
 */
const takesPaidPlanAway = (current: AccountSubscriptionRow, plan: PlanRow, at: Date): boolean =>
  current.plan.subscriptionId !== plan.subscriptionId &&
  paidPeriodRuns(timesOf(current.subscription), at) &&
  allowsLess(plan, current.plan);

function assertKeepsPaidPlan(current: AccountSubscriptionRow, plan: PlanRow, at: Date): void {
  if (takesPaidPlanAway(current, plan, at)) {
    throw conflict(billingMessages.checkoutPlanAllowsLess(current.plan.title, plan.title));
  }
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService(
  ctx: Ctx,
  provider: PaymentProvider = paymentProviderOf(ctx.config.paymentProvider),
) {
  const { db, now } = ctx;

  /** The caller's own account, if can() lets them do `action` there (owner only). */
  async function billingScope(auth: AccessTokenClaims, action: Action): Promise<AccountScope> {
    const scope = await heldAccount(ctx, auth);
    assertCan(scope.auth, action);
    return scope;
  }

  /** 400 for the free trial, 404 for no such plan, 409 for a plan no longer offered. */
  async function purchasablePlan(planId: number): Promise<PlanRow> {
    if (planId <= DEFAULT_PLAN_ID) {
      throw new AppError(400, 'VALIDATION_FAILED', messages.checkoutFreePlan, {
        fields: { plan_id: messages.checkoutFreePlan },
      });
    }
    const [plan] = await db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.subscriptionId, planId))
      .limit(1);
    if (!plan) throw notFound();
    if (plan.status !== 'active') throw conflict(messages.checkoutInactivePlan);
    return plan;
  }

  async function overview(auth: AccessTokenClaims): Promise<BillingOverview> {
    const scope = await billingScope(auth, 'billing:view');
    const { subscription, plan } = await subscriptionOf(db, scope.accountId);
    const at = now();
    return {
      plan: planSummary(plan),
      usage: await planUsage(db, scope.accountId, plan, at),
      subscription: toSubscription(subscription, at),
    };
  }

  /**
   * The account's invoices, newest first (backed by invoices_account_issued_idx). An invoice whose
   * provider has not answered yet is not one the holder owes: it shows once collected.
   */
  async function listInvoices(auth: AccessTokenClaims, query: PaginationQuery) {
    const scope = await billingScope(auth, 'billing:view');
    const where = and(scope.account(invoices), isNotNull(invoices.collectedAt));
    return pageOf(
      query,
      async ({ limit, offset }) =>
        (
          await db
            .select()
            .from(invoices)
            .where(where)
            .orderBy(desc(invoices.issuedAt), desc(invoices.id))
            .limit(limit)
            .offset(offset)
        ).map(toInvoice),
      db.select({ total: countOf() }).from(invoices).where(where),
    );
  }

  async function preview(auth: AccessTokenClaims, planId: number): Promise<CheckoutPreview> {
    const scope = await billingScope(auth, 'billing:manage');
    const plan = await purchasablePlan(planId);
    const at = now();
    const current = await subscriptionOf(db, scope.accountId);
    assertKeepsPaidPlan(current, plan, at);
    const period = periodOf(current.subscription, plan, at);
    return {
      plan: planSummary(plan),
      amount: Number(plan.price),
      currency: CURRENCY,
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
      provider: provider.id,
      due_at: provider.dueAt(at).toISOString(),
      usage: await planUsage(db, scope.accountId, plan, at),
    };
  }

  /**
   * Step 1 of a checkout: the invoice of this idempotency key, issued now if there is none. A
   * short transaction holding the account's subscription row, so two keys never clash and a retry
   * finds the first attempt's invoice. The period is provisional: step 3 sets it.
   */
  async function issueInvoice(
    scope: AccountScope,
    plan: PlanRow,
    key: string,
    at: Date,
  ): Promise<InvoiceRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const current = await subscriptionOf(tx, scope.accountId, { lock: true });
          const { subscription } = current;
          const [existing] = await tx
            .select()
            .from(invoices)
            .where(and(scope.account(invoices), eq(invoices.idempotencyKey, key)))
            .limit(1);
          if (existing) {
            if (existing.planId !== plan.subscriptionId) {
              throw conflict(messages.checkoutKeyReused, { idempotency_key: messages.checkoutKeyReused });
            }
            return existing;
          }
          assertKeepsPaidPlan(current, plan, at);
          const period = periodOf(subscription, plan, at);
          const [issued] = await tx
            .insert(invoices)
            .values({
              ...scope.accountValues(),
              number: invoiceNumber(at),
              planId: plan.subscriptionId,
              planTitle: plan.title,
              amount: plan.price,
              currency: CURRENCY,
              provider: provider.id,
              status: 'open',
              periodStart: period.start,
              periodEnd: period.end,
              issuedAt: at,
              dueAt: provider.dueAt(at),
              idempotencyKey: key,
              createdAt: at,
            })
            .returning();
          if (!issued) throw new Error('invoice insert returned no row');
          return issued;
        });
      } catch (err) {
        // Another invoice took the random number: draw again (the insert was rolled back).
        if (!isUniqueViolation(err) || attempt >= NUMBER_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Step 3: records the provider's answer and moves the subscription, once per invoice: a retry
   * that finds it recorded changes nothing. The period is computed here, under the lock, from the
   * subscription as it is now, so two checkouts at once buy two periods one after the other.
   */
  async function recordCollection(
    scope: AccountScope,
    plan: PlanRow,
    invoiceId: string,
    collected: Collection,
    at: Date,
  ) {
    return db.transaction(async (tx) => {
      const held = await subscriptionOf(tx, scope.accountId, { lock: true });
      const current = held.subscription;
      const [issued] = await tx
        .select()
        .from(invoices)
        .where(and(scope.account(invoices), eq(invoices.id, invoiceId)))
        .limit(1);
      if (!issued) throw new Error(`invoice ${invoiceId} vanished during checkout`);
      if (issued.collectedAt) return { invoice: issued, subscription: current, recorded: false };
      const period = periodOf(current, plan, at);
      // A larger plan's paid period recorded since this invoice was issued (two checkouts at once)
      // keeps its plan: the period bought is added after it, and nothing is taken away.
      const keepsPlan = takesPaidPlanAway(held, plan, at);
      const [invoice] = await tx
        .update(invoices)
        .set({
          status: collected.status,
          providerReference: collected.providerReference,
          paidAt: collected.status === 'paid' ? at : null,
          periodStart: period.start,
          periodEnd: period.end,
          collectedAt: at,
        })
        .where(and(scope.account(invoices), eq(invoices.id, invoiceId)))
        .returning();
      const [subscription] = await tx
        .update(subscriptions)
        .set({
          planId: keepsPlan ? held.plan.subscriptionId : plan.subscriptionId,
          status: 'active',
          // Extending keeps the running period's start: the paid time is one unbroken stretch.
          currentPeriodStart: period.extends ? current.currentPeriodStart : period.start,
          currentPeriodEnd: period.end,
          planChosenAt: current.planChosenAt ?? at,
        })
        .where(scope.account(subscriptions))
        .returning();
      if (!invoice || !subscription) throw new Error('checkout update returned no row');
      await recordAudit(tx, {
        ...inScope(scope),
        action: 'billing.checkout',
        entityType: 'invoice',
        entityId: invoice.id,
        before: { plan_id: current.planId, status: current.status },
        after: {
          plan_id: subscription.planId,
          plan_title: invoice.planTitle,
          amount: invoice.amount,
          currency: invoice.currency,
          invoice_number: invoice.number,
          invoice_status: invoice.status,
        },
        at,
      });
      return { invoice, subscription, recorded: true };
    });
  }

  /**
   * Buys one period of the plan, in three steps so that the payment provider, however slow, is
   * never called inside a transaction nor while the account's subscription row is locked:
   * 1. issue the invoice of the idempotency key (or find the one a previous try issued);
   * 2. ask the provider to collect it, outside any transaction, keyed by the invoice id so a
   *    provider charges one invoice once however often it is asked;
   * 3. record the answer and move the subscription, once per key.
   * A retry with the same key after step 3 answers the same invoice and charges nothing; one after
   * a failed or interrupted step 2 asks the provider again for the same invoice. The holder gets
   * the invoice by mail once, when it is recorded.
   */
  async function checkout(
    auth: AccessTokenClaims,
    planId: number,
    idempotencyKey?: string,
    shown: { amount?: number | undefined; month?: number | undefined } = {},
  ): Promise<CheckoutResult> {
    const scope = await billingScope(auth, 'billing:manage');
    const plan = await purchasablePlan(planId);
    // The invoice copies this read of the plan: it must be what the buyer was shown, not an edit
    // made while the checkout page was open.
    const cents = (amount: number) => Math.round(amount * 100);
    if (
      (shown.amount !== undefined && cents(shown.amount) !== cents(Number(plan.price))) ||
      (shown.month !== undefined && shown.month !== plan.month)
    ) {
      throw conflict(billingMessages.checkoutPlanChanged);
    }
    const payer = await findUserById(db, auth.user_id);
    if (!payer) throw notFound();
    const at = now();

    const issued = await issueInvoice(scope, plan, idempotencyKey ?? randomUUID(), at);
    let done: { invoice: InvoiceRow; subscription: SubscriptionRow; recorded: boolean };
    if (issued.collectedAt) {
      done = {
        invoice: issued,
        subscription: (await subscriptionOf(db, scope.accountId)).subscription,
        recorded: false,
      };
    } else {
      // The invoice is committed before the provider is asked, and no lock is held meanwhile.
      const collected = await betweenTransactions(() =>
        provider.collect({
          accountId: issued.accountId,
          invoiceId: issued.id,
          number: issued.number,
          planTitle: issued.planTitle,
          amount: issued.amount,
          currency: issued.currency,
          issuedAt: issued.issuedAt,
          dueAt: issued.dueAt,
          payerEmail: payer.email,
        }),
      );
      done = await recordCollection(scope, plan, issued.id, collected, at);
    }
    if (done.recorded) {
      await ctx.mailer.send(
        invoiceMail({
          to: payer.email,
          firstName: payer.firstName,
          invoice: done.invoice,
          link: `${ctx.config.publicUrl}/user/billing`,
        }),
      );
    }
    return {
      subscription: { ...toSubscription(done.subscription, at), plan_id: done.subscription.planId },
      invoice: toInvoice(done.invoice),
    };
  }

  return { overview, listInvoices, preview, checkout };
}
