import type { AdminDashboard } from '@workhub/shared/schemas/admin';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import { isoDate } from '@workhub/shared/tasks';
import { and, asc, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import { subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { accounts, users } from '../../db/schema/users.ts';
import { addSeconds } from '../../lib/clock.ts';
import { weekStart } from '../dashboard/dashboard.service.ts';
import { assertStaff } from './staff.ts';

const WEEKS = 12;
const TRIAL_SOON_DAYS = 7;
const TRIAL_ROWS = 10;
const DAY_MS = 86_400_000;

export function createAdminDashboardService(ctx: Ctx) {
  const { db, now } = ctx;

  async function accountFigures() {
    const [row] = await db
      .select({
        total: countOf(),
        active: countOf(eq(accounts.status, 'active')),
        inactive: countOf(eq(accounts.status, 'inactive')),
      })
      .from(accounts);
    return row ?? { total: 0, active: 0, inactive: 0 };
  }

  /** Accounts created in each of the last 12 weeks (Monday to Sunday, UTC), oldest first, zero-filled. */
  async function signupsPerWeek(at: Date) {
    const first = new Date(weekStart(at).getTime() - (WEEKS - 1) * 7 * DAY_MS);
    const week = sql<string>`to_char(date_trunc('week', ${accounts.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const rows = await db
      .select({ week, signups: countOf() })
      .from(accounts)
      .where(and(gte(accounts.createdAt, first), lte(accounts.createdAt, at)))
      .groupBy(week);
    const byWeek = new Map(rows.map((r) => [r.week, r.signups]));
    return Array.from({ length: WEEKS }, (_, i) => {
      const start = isoDate(new Date(first.getTime() + i * 7 * DAY_MS));
      return { week_start: start, signups: byWeek.get(start) ?? 0 };
    });
  }

  /** Every plan with the accounts its subscriptions give access now (a running trial or paid period). */
  async function activeSubscriptions(at: Date) {
    const givesAccess = or(
      and(eq(subscriptions.status, 'trialing'), gt(subscriptions.trialEndsAt, at)),
      and(eq(subscriptions.status, 'active'), gt(subscriptions.currentPeriodEnd, at)),
    );
    return db
      .select({
        subscription_id: subscriptionPlans.subscriptionId,
        title: subscriptionPlans.title,
        count: sql<number>`count(${subscriptions.id}) filter (where ${givesAccess})::int`.mapWith(Number),
      })
      .from(subscriptionPlans)
      .leftJoin(subscriptions, eq(subscriptions.planId, subscriptionPlans.subscriptionId))
      .groupBy(subscriptionPlans.subscriptionId)
      .orderBy(asc(subscriptionPlans.subscriptionId));
  }

  /** Trials that end after now and within the next 7 days: how many, and the soonest 10. */
  async function trialsEnding(at: Date) {
    const soon = and(
      eq(subscriptions.status, 'trialing'),
      gt(subscriptions.trialEndsAt, at),
      lte(subscriptions.trialEndsAt, addSeconds(at, TRIAL_SOON_DAYS * 86_400)),
    );
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          account_id: accounts.id,
          first_name: users.firstName,
          last_name: users.lastName,
          email: users.email,
          plan_title: subscriptionPlans.title,
          trial_ends_at: subscriptions.trialEndsAt,
        })
        .from(subscriptions)
        .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
        .innerJoin(users, eq(users.id, accounts.ownerUserId))
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionId, subscriptions.planId))
        .where(soon)
        .orderBy(asc(subscriptions.trialEndsAt), asc(accounts.id))
        .limit(TRIAL_ROWS),
      db.select({ total: countOf() }).from(subscriptions).where(soon),
    ]);
    return {
      count: counted?.total ?? 0,
      rows: rows.map((r) => ({ ...r, trial_ends_at: (r.trial_ends_at ?? at).toISOString() })),
    };
  }

  async function plansPanel() {
    const rows = await db
      .select({
        subscription_id: subscriptionPlans.subscriptionId,
        title: subscriptionPlans.title,
        price: subscriptionPlans.price,
      })
      .from(subscriptionPlans)
      .orderBy(asc(subscriptionPlans.subscriptionId));
    return rows.map((r) => ({ ...r, price: Number(r.price) }));
  }

  /** The platform's figures at the app's clock: platform staff only. */
  async function figures(auth: AccessTokenClaims): Promise<AdminDashboard> {
    await assertStaff(db, auth, 'admin:dashboard');
    const at = now();
    const [accountCounts, weeks, active, trials, plans] = await Promise.all([
      accountFigures(),
      signupsPerWeek(at),
      activeSubscriptions(at),
      trialsEnding(at),
      plansPanel(),
    ]);
    return {
      accounts: accountCounts,
      signups_per_week: weeks,
      active_subscriptions: active,
      trials_ending: trials,
      plans,
    };
  }

  return { figures };
}

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
