import { randomUUID } from 'node:crypto';
import type { AdminDashboard } from '@workhub/shared/schemas/admin';
import { isoDate } from '@workhub/shared/tasks';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { subscriptions } from '../../db/schema/plans.ts';
import { accounts } from '../../db/schema/users.ts';
import { bearer, errorOf, type SignedUp, signUp, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { staffMember } from '../../test/staff.ts';
import { login, memberIn, newTenant } from '../../test/tenants.ts';
import { weekStart } from '../dashboard/dashboard.service.ts';

/*
 * The figures are counted over the whole platform, so the test moves the clock to 2091: the
 * sign-up weeks, running subscriptions and ending trials it asserts are then only its own. The
 * account totals are exact on PGlite, where the file has its database to itself; on PostgreSQL
 * other files add accounts at the same time, so there they are checked for consistency.
 */
const t = useTestApp();
const ownDatabase = inject('testDb').kind === 'pglite';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Wednesday 10:00 UTC of a week in 2091: the dashboard's "now". */
const NOW = new Date(weekStart(new Date(Date.UTC(2091, 5, 15))).getTime() + 2 * DAY + 10 * HOUR);

const dashboard = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(token) });

async function figures(token: string): Promise<AdminDashboard> {
  const response = await dashboard(token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

type Setup = {
  createdAt: Date;
  status: 'trialing' | 'active';
  trialEndsAt?: Date;
  currentPeriodEnd?: Date;
  accountStatus?: 'active' | 'inactive';
};

/** A holder signed up through the API, then moved in time and onto `planId` in the database. */
async function holderAt(name: string, planId: number, setup: Setup): Promise<SignedUp> {
  const holder = await signUp(t, uniqueEmail('dash'), { first_name: name, last_name: 'Holder' });
  const accountId = holder.session.user.account_id ?? '';
  await t.db.db
    .update(accounts)
    .set({ createdAt: setup.createdAt, status: setup.accountStatus ?? 'active' })
    .where(eq(accounts.id, accountId));
  await t.db.db
    .update(subscriptions)
    .set({
      planId,
      status: setup.status,
      trialEndsAt: setup.trialEndsAt ?? null,
      currentPeriodEnd: setup.currentPeriodEnd ?? null,
    })
    .where(eq(subscriptions.accountId, accountId));
  return holder;
}

describe('GET /api/admin/dashboard', () => {
  let staffEmail: string;
  let before: AdminDashboard;
  let after: AdminDashboard;
  let planId: number;
  const planTitle = `Dashboard ${randomUUID().slice(0, 6)}`;
  const holders: Record<string, SignedUp> = {};

  beforeAll(async () => {
    const staff = await staffMember(t, 'super_admin');
    staffEmail = staff.email;
    before = await figures(staff.token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(staff.token),
      payload: {
        title: planTitle,
        subscription: 'per month',
        price: 42.5,
        description: 'A plan of the dashboard test.',
        button_text: 'Buy',
        button_variant: 'contained',
        month: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    planId = created.json().data.subscription_id;
    const at = NOW.getTime();
    // This week: a trial ending in 3 days.
    holders.ada = await holderAt('Ada', planId, {
      createdAt: new Date(at - HOUR),
      status: 'trialing',
      trialEndsAt: new Date(at + 3 * DAY),
    });
    // Last week: a paid period running for a month (on an inactive account), and a trial ending
    // exactly 7 days from now (still "in the next 7 days").
    holders.bob = await holderAt('Bob', planId, {
      createdAt: new Date(at - 7 * DAY),
      status: 'active',
      currentPeriodEnd: new Date(at + 30 * DAY),
      accountStatus: 'inactive',
    });
    holders.cy = await holderAt('Cy', planId, {
      createdAt: new Date(at - 7 * DAY - HOUR),
      status: 'trialing',
      trialEndsAt: new Date(at + 7 * DAY),
    });
    // The first of the 12 weeks: a trial ending in 8 days (running, but not ending soon).
    holders.di = await holderAt('Di', planId, {
      createdAt: new Date(at - 11 * 7 * DAY),
      status: 'trialing',
      trialEndsAt: new Date(at + 8 * DAY),
    });
    // Before the 12 weeks, with a trial that ended an hour ago and a paid period that is over.
    holders.ed = await holderAt('Ed', planId, {
      createdAt: new Date(at - 12 * 7 * DAY - DAY),
      status: 'trialing',
      trialEndsAt: new Date(at - HOUR),
    });
    holders.flo = await holderAt('Flo', planId, {
      createdAt: new Date(at - 13 * 7 * DAY),
      status: 'active',
      currentPeriodEnd: new Date(at - DAY),
    });
    t.clock.advance((NOW.getTime() - t.clock.now().getTime()) / 1000);
    after = await figures((await login(t, staffEmail)).token);
  });

  it('counts the account holders, active and inactive', () => {
    expect(after.accounts.total).toBe(after.accounts.active + after.accounts.inactive);
    const added = after.accounts.total - before.accounts.total;
    const deactivated = after.accounts.inactive - before.accounts.inactive;
    if (ownDatabase) {
      expect(added).toBe(6);
      expect(deactivated).toBe(1);
    } else {
      expect(added).toBeGreaterThanOrEqual(6);
      expect(deactivated).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts new sign-ups in each of the last 12 weeks, Monday first, zero-filled', () => {
    const thisMonday = weekStart(NOW).getTime();
    const expected = Array.from({ length: 12 }, (_, i) => ({
      week_start: isoDate(new Date(thisMonday - (11 - i) * 7 * DAY)),
      signups: 0,
    }));
    expected[11] = { ...expected[11], signups: 1 } as (typeof expected)[number];
    expected[10] = { ...expected[10], signups: 2 } as (typeof expected)[number];
    expected[0] = { ...expected[0], signups: 1 } as (typeof expected)[number];
    expect(after.signups_per_week).toEqual(expected);
    expect(new Date(`${after.signups_per_week[0]?.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('counts the running subscriptions of every plan, 0 included', () => {
    const mine = after.active_subscriptions.find((p) => p.subscription_id === planId);
    expect(mine).toEqual({ subscription_id: planId, title: planTitle, count: 4 });
    // Everyone else's trials ended long before 2091.
    expect(
      after.active_subscriptions.filter((p) => p.subscription_id !== planId).map((p) => p.count),
    ).toEqual(after.active_subscriptions.filter((p) => p.subscription_id !== planId).map(() => 0));
    expect(after.active_subscriptions.map((p) => p.subscription_id)).toEqual(
      after.plans.map((p) => p.subscription_id),
    );
  });

  it('lists the trials ending in the next 7 days, soonest first', () => {
    expect(after.trials_ending).toEqual({
      count: 2,
      rows: [
        {
          account_id: holders.ada?.session.user.account_id,
          first_name: 'Ada',
          last_name: 'Holder',
          email: holders.ada?.email,
          plan_title: planTitle,
          trial_ends_at: new Date(NOW.getTime() + 3 * DAY).toISOString(),
        },
        {
          account_id: holders.cy?.session.user.account_id,
          first_name: 'Cy',
          last_name: 'Holder',
          email: holders.cy?.email,
          plan_title: planTitle,
          trial_ends_at: new Date(NOW.getTime() + 7 * DAY).toISOString(),
        },
      ],
    });
  });

  it('lists the plans with their prices for the Subscriptions panel', () => {
    expect(after.plans).toContainEqual({ subscription_id: planId, title: planTitle, price: 42.5 });
    expect(after.plans[0]?.subscription_id).toBe(1);
  });

  it('answers 401 without a token and 403 to every workspace role and to a holder at home', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    const tenant = await newTenant(t);
    const member = await memberIn(t, tenant.workspace, 'admin');
    for (const token of [tenant.home.token, tenant.owner.token, member.token]) {
      const response = await dashboard(token);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.code).toBe('FORBIDDEN');
    }
  });
});
