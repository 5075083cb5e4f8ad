import { randomInt } from 'node:crypto';
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
import { and, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import { type InvoiceRow, invoices } from '../../db/schema/billing.ts';
import { type PlanRow, subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { timesOf } from '../../db/subscription-times.ts';
import type { AccountScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { pageOf } from '../../lib/paging.ts';
import { heldAccount } from '../account/account.service.ts';
import { findUserById } from '../auth/session-user.ts';
import { invoiceMail } from './billing.mails.ts';
import { type PaymentProvider, paymentProviderOf } from './payment-provider.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

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

/** What a purchase at `now` buys: from now, or from the end of a paid period still running. */
function periodOf(subscription: SubscriptionRow, plan: PlanRow, now: Date) {
  const running = paidPeriodRuns(timesOf(subscription), now);
  const start = running && subscription.currentPeriodEnd ? subscription.currentPeriodEnd : now;
  return { start, end: addMonths(start, plan.month), extends: running };
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

  /** The account's subscription; inside a checkout, locked until it commits (two clicks buy twice, in turn). */
  async function subscriptionOf(scope: AccountScope, tx?: Db): Promise<SubscriptionRow> {
    const query = (tx ?? db).select().from(subscriptions).where(scope.account(subscriptions)).limit(1);
    const [row] = tx ? await query.for('update') : await query;
    // Every account is created with its subscription; one without is a broken row, not a client error.
    if (!row) throw new Error(`account ${scope.accountId} has no subscription`);
    return row;
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
    const [row] = await db
      .select({ subscription: subscriptions, plan: subscriptionPlans })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionId, subscriptions.planId))
      .where(scope.account(subscriptions))
      .limit(1);
    if (!row) throw new Error(`account ${scope.accountId} has no subscription`);
    return { plan: planSummary(row.plan), subscription: toSubscription(row.subscription, now()) };
  }

  /** The account's invoices, newest first (backed by invoices_account_issued_idx). */
  async function listInvoices(auth: AccessTokenClaims, query: PaginationQuery) {
    const scope = await billingScope(auth, 'billing:view');
    const where = scope.account(invoices);
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
    const period = periodOf(await subscriptionOf(scope), plan, at);
    return {
      plan: planSummary(plan),
      amount: Number(plan.price),
      currency: CURRENCY,
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
      provider: provider.id,
      due_at: provider.dueAt(at).toISOString(),
    };
  }

  /**
   * Buys one period of the plan: in one transaction the subscription moves to it (active, the paid
   * period starting now or extended from the end of the one running), an invoice is issued and the
   * provider collects it. The holder gets the invoice by mail once it is committed.
   */
  async function checkout(auth: AccessTokenClaims, planId: number): Promise<CheckoutResult> {
    const scope = await billingScope(auth, 'billing:manage');
    const plan = await purchasablePlan(planId);
    const payer = await findUserById(db, auth.user_id);
    if (!payer) throw notFound();
    const at = now();

    const purchase = () =>
      db.transaction(async (tx) => {
        const current = await subscriptionOf(scope, tx);
        const period = periodOf(current, plan, at);
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
            createdAt: at,
          })
          .returning();
        if (!issued) throw new Error('invoice insert returned no row');
        const collected = await provider.collect({
          accountId: issued.accountId,
          invoiceId: issued.id,
          number: issued.number,
          planTitle: issued.planTitle,
          amount: issued.amount,
          currency: issued.currency,
          issuedAt: issued.issuedAt,
          dueAt: issued.dueAt,
          payerEmail: payer.email,
        });
        const [invoice] = await tx
          .update(invoices)
          .set({
            status: collected.status,
            providerReference: collected.providerReference,
            paidAt: collected.status === 'paid' ? at : null,
          })
          .where(and(scope.account(invoices), eq(invoices.id, issued.id)))
          .returning();
        const [subscription] = await tx
          .update(subscriptions)
          .set({
            planId: plan.subscriptionId,
            status: 'active',
            // Extending keeps the running period's start: the paid time is one unbroken stretch.
            currentPeriodStart: period.extends ? current.currentPeriodStart : period.start,
            currentPeriodEnd: period.end,
            planChosenAt: current.planChosenAt ?? at,
          })
          .where(scope.account(subscriptions))
          .returning();
        if (!invoice || !subscription) throw new Error('checkout update returned no row');
        return { invoice, subscription };
      });

    let done: Awaited<ReturnType<typeof purchase>> | undefined;
    for (let attempt = 1; !done; attempt++) {
      try {
        done = await purchase();
      } catch (err) {
        // Another invoice took the random number: draw again (the whole purchase was rolled back).
        if (!isUniqueViolation(err) || attempt >= NUMBER_ATTEMPTS) throw err;
      }
    }
    await ctx.mailer.send(
      invoiceMail({ to: payer.email, firstName: payer.firstName, invoice: done.invoice }),
    );
    return {
      subscription: { ...toSubscription(done.subscription, at), plan_id: done.subscription.planId },
      invoice: toInvoice(done.invoice),
    };
  }

  return { overview, listInvoices, preview, checkout };
}
