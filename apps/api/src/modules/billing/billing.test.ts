import { randomUUID } from 'node:crypto';
import { billingMessages } from '@workhub/shared/billing-messages';
import { TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { invoices } from '../../db/schema/billing.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { subscriptionPlans } from '../../db/schema/plans.ts';
import { bearer, errorOf, signUp, testApp, testConfig, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { staffMember } from '../../test/staff.ts';
import { chooseWorkspace, createWorkspace, login, memberIn, newTenant } from '../../test/tenants.ts';
import { call } from '../../test/work.ts';
import { addMonths } from './billing.service.ts';
import { type Collection, PAYMENT_PROVIDERS } from './payment-provider.ts';

const t = useTestApp();
const DAY_MS = 86_400_000;

const overview = (token: string) => call(t, 'GET', '/api/billing', token);
const invoicesOf = (token: string, query = '') => call(t, 'GET', `/api/billing/invoices${query}`, token);
const preview = (token: string, planId: number | string) =>
  call(t, 'GET', `/api/billing/checkout/${planId}`, token);
const checkout = (token: string, payload: object) => call(t, 'POST', '/api/billing/checkout', token, payload);

async function inactivePlan(): Promise<number> {
  const [row] = await t.db.db
    .insert(subscriptionPlans)
    .values({
      title: 'Retired',
      subscription: 'per month',
      price: '9',
      description: 'No longer offered',
      buttonText: 'Buy',
      buttonVariant: 'filled',
      month: 1,
      status: 'inactive',
    })
    .returning({ id: subscriptionPlans.subscriptionId });
  if (!row) throw new Error('no plan');
  return row.id;
}

describe('GET /api/billing', () => {
  it("answers the holder's plan, trial, access and days left", async () => {
    const { session } = await signUp(t, uniqueEmail(), { subscription_id: 3 });
    const response = await overview(session.access_token);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.plan).toEqual({ plan_id: 3, title: 'Professional', price: 49, month: 1 });
    expect(data.subscription).toMatchObject({
      status: 'trialing',
      access: 'full',
      days_left: TRIAL_DAYS,
      current_period_start: null,
      current_period_end: null,
    });
    expect(new Date(data.subscription.trial_ends_at).getTime()).toBe(
      t.clock.now().getTime() + TRIAL_DAYS * DAY_MS,
    );
  });

  it('answers 401 without a token, 403 to members and platform staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/billing' })).statusCode).toBe(401);
    const { workspace } = await newTenant(t);
    const admin = await memberIn(t, workspace, 'admin');
    expect((await overview(admin.token)).statusCode).toBe(403);
    expect((await invoicesOf(admin.token)).statusCode).toBe(403);
    const staff = await staffMember(t, 'super_admin');
    expect((await overview(staff.token)).statusCode).toBe(403);
  });

  it('works for the owner inside their workspace too', async () => {
    const { owner } = await newTenant(t);
    expect((await overview(owner.token)).statusCode).toBe(200);
  });
});

describe('GET /api/billing/checkout/:planId', () => {
  it('previews the plan, amount, period and due date', async () => {
    const { home } = await newTenant(t);
    const response = await preview(home.token, 4);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const now = t.clock.now();
    // On the free trial: the year bought starts when the trial ends.
    const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    expect(data).toMatchObject({
      plan: { plan_id: 4, title: 'Business', price: 490, month: 12 },
      amount: 490,
      currency: 'USD',
      provider: 'manual_invoice',
      period_start: trialEnd.toISOString(),
      period_end: addMonths(trialEnd, 12).toISOString(),
      due_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    });
  });

  it("gives the account's usage against the plan's limits: a downgrade over them is seen before it is bought", async () => {
    const { home } = await newTenant(t);
    await createWorkspace(t, home.token, { workspace_name: 'Second' });
    const starter = await preview(home.token, 2);
    expect(starter.statusCode, starter.body).toBe(200);
    const [plan] = await t.db.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.subscriptionId, 2));
    expect(starter.json().data.usage).toEqual({
      workspaces: { used: 2, max: plan?.maxWorkspaces ?? null },
      members: { used: 1, max: plan?.maxMembers ?? null },
    });
  });

  it('refuses the free trial (400), a missing plan (404), an inactive one (409), a bad id (400)', async () => {
    const { home } = await newTenant(t);
    const free = await preview(home.token, 1);
    expect(free.statusCode).toBe(400);
    expect(errorOf(free).error.message).toBe(messages.checkoutFreePlan);
    expect((await preview(home.token, 999_999)).statusCode).toBe(404);
    const inactive = await preview(home.token, await inactivePlan());
    expect(inactive.statusCode).toBe(409);
    expect(errorOf(inactive).error.message).toBe(messages.checkoutInactivePlan);
    expect((await preview(home.token, 'abc')).statusCode).toBe(400);
  });

  it('answers 403 to a member', async () => {
    const { workspace } = await newTenant(t);
    const member = await memberIn(t, workspace, 'member');
    expect((await preview(member.token, 2)).statusCode).toBe(403);
  });
});

describe('POST /api/billing/checkout', () => {
  it('moves the subscription to the plan, issues an open invoice due in 30 days and mails it', async () => {
    const { home, holder } = await newTenant(t);
    const now = t.clock.now();
    // On the free trial: the month bought starts when the trial ends.
    const start = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    const response = await checkout(home.token, { plan_id: 2 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(messages.checkoutDone);
    const { subscription, invoice } = response.json().data;
    expect(subscription).toMatchObject({
      plan_id: 2,
      status: 'active',
      access: 'full',
      current_period_start: start.toISOString(),
      current_period_end: addMonths(start, 1).toISOString(),
    });
    expect(invoice).toMatchObject({
      plan_id: 2,
      plan_title: 'Starter',
      amount: 19,
      currency: 'USD',
      provider: 'manual_invoice',
      status: 'open',
      period_start: start.toISOString(),
      period_end: addMonths(start, 1).toISOString(),
      issued_at: now.toISOString(),
      due_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      paid_at: null,
    });
    expect(invoice.number).toMatch(new RegExp(`^INV-${now.getUTCFullYear()}-\\d{6}$`));

    const [mail] = await t.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, holder.email), like(outbox.subject, `%${invoice.number}`)))
      .orderBy(desc(outbox.createdAt));
    expect(mail?.text).toContain('Starter');
    // A reader's dates, said to be UTC's, and the way to the invoice.
    const day = (at: Date) =>
      at.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
    expect(mail?.text).toContain(`Period: ${day(start)} to ${day(addMonths(start, 1))}`);
    expect(mail?.text).toContain(`Due: ${day(new Date(now.getTime() + 30 * DAY_MS))}`);
    expect(mail?.text).toContain('Dates are in UTC.');
    expect(mail?.text).toContain(`Your invoices and billing: ${testConfig().publicUrl}/user/billing`);
    expect(mail?.html).toContain(`href="${testConfig().publicUrl}/user/billing"`);

    const listed = await invoicesOf(home.token);
    expect(listed.json()).toMatchObject({ data: [{ number: invoice.number }], meta: { total: 1 } });
    const billing = (await overview(home.token)).json().data;
    expect(billing.plan.plan_id).toBe(2);
    expect(billing.subscription.days_left).toBeGreaterThanOrEqual(28);
  });

  it("bought during the free trial, the paid period starts at the trial's end: its days are not charged", async () => {
    const { holder } = await newTenant(t);
    t.clock.advance(2 * 24 * 60 * 60);
    const home = await login(t, holder.email);
    const trialEnd = new Date((await overview(home.token)).json().data.subscription.trial_ends_at);
    expect(trialEnd.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const shown = (await preview(home.token, 2)).json().data;
    expect(shown.period_start).toBe(trialEnd.toISOString());
    const bought = await checkout(home.token, { plan_id: 2 });
    expect(bought.statusCode, bought.body).toBe(201);
    const { subscription, invoice } = bought.json().data;
    expect(invoice.period_start).toBe(trialEnd.toISOString());
    expect(invoice.period_end).toBe(addMonths(trialEnd, 1).toISOString());
    // Full access from now on, through the trial's remaining days and the month bought.
    expect(subscription).toMatchObject({
      plan_id: 2,
      status: 'active',
      access: 'full',
      current_period_start: trialEnd.toISOString(),
      current_period_end: addMonths(trialEnd, 1).toISOString(),
    });
  });

  it('extends a running paid period instead of restarting it', async () => {
    const { home: before, holder } = await newTenant(t);
    const first = (await checkout(before.token, { plan_id: 2 })).json().data;
    t.clock.advance(5 * 24 * 60 * 60);
    const home = await login(t, holder.email);
    const second = await checkout(home.token, { plan_id: 2 });
    expect(second.statusCode).toBe(201);
    const { subscription, invoice } = second.json().data;
    const firstEnd = new Date(first.subscription.current_period_end);
    expect(invoice.period_start).toBe(firstEnd.toISOString());
    expect(invoice.period_end).toBe(addMonths(firstEnd, 1).toISOString());
    expect(subscription.current_period_start).toBe(first.subscription.current_period_start);
    expect(subscription.current_period_end).toBe(addMonths(firstEnd, 1).toISOString());

    // Newest first, paginated.
    const page = (await invoicesOf(home.token, '?limit=1')).json();
    expect(page.meta).toEqual({ page: 1, limit: 1, total: 2 });
    expect(page.data[0].number).toBe(invoice.number);
  });

  it('two checkouts at once buy two periods one after the other, never the same one twice', async () => {
    const { home } = await newTenant(t);
    const [a, b] = await Promise.all([
      checkout(home.token, { plan_id: 2 }),
      checkout(home.token, { plan_id: 2 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const periods = [a.json().data.invoice, b.json().data.invoice]
      .map((invoice: { period_start: string; period_end: string }) => [
        invoice.period_start,
        invoice.period_end,
      ])
      .sort();
    const [first, second] = periods;
    expect(second?.[0]).toBe(first?.[1]);
    const billing = (
      await t.app.inject({
        method: 'GET',
        url: '/api/billing',
        headers: { authorization: `Bearer ${home.token}` },
      })
    ).json().data;
    expect(billing.subscription.current_period_end).toBe(second?.[1]);
  });

  it('never moves a running paid period to a plan that allows less: 409, nothing invoiced, the plan kept', async () => {
    const { home, holder } = await newTenant(t);
    // A year of Business (unlimited members) bought.
    expect((await checkout(home.token, { plan_id: 4 })).statusCode).toBe(201);
    // Starter (5 members) and Professional (25) allow less: buying one would take Business away at once.
    for (const planId of [2, 3]) {
      const shown = await preview(home.token, planId);
      expect(shown.statusCode, shown.body).toBe(409);
      expect(errorOf(shown).error.message).toBe(
        billingMessages.checkoutPlanAllowsLess('Business', planId === 2 ? 'Starter' : 'Professional'),
      );
      const refused = await checkout(home.token, { plan_id: planId });
      expect(refused.statusCode, refused.body).toBe(409);
    }
    expect((await invoicesOf(home.token)).json().meta.total).toBe(1);
    expect((await overview(home.token)).json().data.plan.plan_id).toBe(4);
    // Business again extends it; once its period is over, any plan can be bought.
    expect((await checkout(home.token, { plan_id: 4 })).statusCode).toBe(201);
    t.clock.advance(25 * 31 * 24 * 60 * 60);
    const later = await login(t, holder.email);
    const starter = await checkout(later.token, { plan_id: 2 });
    expect(starter.statusCode, starter.body).toBe(201);
  });

  it('moves a running paid period to a plan that allows more (Starter to Professional)', async () => {
    const { home } = await newTenant(t);
    expect((await checkout(home.token, { plan_id: 2 })).statusCode).toBe(201);
    const up = await checkout(home.token, { plan_id: 3 });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data.subscription.plan_id).toBe(3);
  });

  it('two checkouts at once, a year of Business and a Starter month: Business is never taken away', async () => {
    const { home } = await newTenant(t);
    const answers = await Promise.all([
      checkout(home.token, { plan_id: 4 }),
      checkout(home.token, { plan_id: 2 }),
    ]);
    expect(answers[0]?.statusCode).toBe(201);
    expect((await overview(home.token)).json().data.plan.plan_id).toBe(4);
  });

  it('refuses the free plan (400), a missing body (400), a missing plan (404) and an inactive one (409)', async () => {
    const { home } = await newTenant(t);
    const free = await checkout(home.token, { plan_id: 1 });
    expect(free.statusCode).toBe(400);
    expect(errorOf(free).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: messages.checkoutFreePlan,
      fields: { plan_id: messages.checkoutFreePlan },
    });
    expect((await checkout(home.token, {})).statusCode).toBe(400);
    expect((await checkout(home.token, { plan_id: 'x' })).statusCode).toBe(400);
    expect((await checkout(home.token, { plan_id: 999_999 })).statusCode).toBe(404);
    const inactive = await checkout(home.token, { plan_id: await inactivePlan() });
    expect(inactive.statusCode).toBe(409);
    expect(errorOf(inactive).error.message).toBe(messages.checkoutInactivePlan);
    expect((await invoicesOf(home.token)).json().meta.total).toBe(0);
  });

  it('refuses (409) a price or period other than the one the buyer was shown, and buys nothing', async () => {
    const { home } = await newTenant(t);
    const [row] = await t.db.db
      .insert(subscriptionPlans)
      .values({
        title: 'Team',
        subscription: 'per month',
        price: '29',
        description: 'A plan whose price is edited during a checkout',
        buttonText: 'Buy',
        buttonVariant: 'filled',
        month: 1,
        status: 'active',
      })
      .returning({ id: subscriptionPlans.subscriptionId });
    if (!row) throw new Error('no plan');
    const shown = (await preview(home.token, row.id)).json().data;
    expect(shown).toMatchObject({ amount: 29, plan: { month: 1 } });
    // Platform staff raise the price while the checkout page is open.
    await t.db.db
      .update(subscriptionPlans)
      .set({ price: '99' })
      .where(eq(subscriptionPlans.subscriptionId, row.id));
    const refused = await checkout(home.token, { plan_id: row.id, expected_amount: 29, expected_month: 1 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).error).toMatchObject({
      code: 'CONFLICT',
      message: billingMessages.checkoutPlanChanged,
    });
    expect((await invoicesOf(home.token)).json().meta.total).toBe(0);
    expect((await overview(home.token)).json().data.plan.plan_id).not.toBe(row.id);

    await t.db.db
      .update(subscriptionPlans)
      .set({ price: '29', month: 12 })
      .where(eq(subscriptionPlans.subscriptionId, row.id));
    const period = await checkout(home.token, { plan_id: row.id, expected_amount: 29, expected_month: 1 });
    expect(period.statusCode, period.body).toBe(409);

    // Confirmed again at what the page now shows: bought at that price.
    const bought = await checkout(home.token, { plan_id: row.id, expected_amount: 29, expected_month: 12 });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data.invoice).toMatchObject({ plan_id: row.id, amount: 29 });
    const malformed = await checkout(home.token, {
      plan_id: row.id,
      expected_amount: 'x',
      expected_month: 1.5,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 403 to workspace admins and members, 401 without a token', async () => {
    const { workspace } = await newTenant(t);
    for (const role of ['admin', 'member'] as const) {
      const member = await memberIn(t, workspace, role);
      const response = await checkout(member.token, { plan_id: 2 });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error.code).toBe('FORBIDDEN');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { plan_id: 2 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never shows one account's invoices to another", async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    expect((await checkout(a.home.token, { plan_id: 3 })).statusCode).toBe(201);
    expect((await invoicesOf(b.home.token)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await overview(b.home.token)).json().data.subscription.status).toBe('trialing');
  });
});

describe('payment providers', () => {
  afterEach(() => {
    delete PAYMENT_PROVIDERS.test_card;
  });

  it('uses the provider PAYMENT_PROVIDER names: one class registered by id, nothing else changed', async () => {
    const collected: string[] = [];
    PAYMENT_PROVIDERS.test_card = () => ({
      id: 'test_card',
      dueAt: (issuedAt) => issuedAt,
      async collect(invoice): Promise<Collection> {
        collected.push(invoice.number);
        return { status: 'paid', providerReference: `ch_${invoice.number}` };
      },
    });
    const card = await testApp(t.db, { PAYMENT_PROVIDER: 'test_card' });
    try {
      const holder = await signUp(card);
      const response = await card.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { authorization: `Bearer ${holder.session.access_token}` },
        payload: { plan_id: 2 },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { invoice } = response.json().data;
      expect(invoice).toMatchObject({ provider: 'test_card', status: 'paid', due_at: invoice.issued_at });
      expect(invoice.paid_at).not.toBeNull();
      expect(collected).toEqual([invoice.number]);
    } finally {
      await card.app.close();
    }
  });

  it('stops the server at boot for an unknown provider', async () => {
    await expect(testApp(t.db, { PAYMENT_PROVIDER: 'nope' })).rejects.toThrow(ConfigError);
  });
});

describe('checkout calls the provider outside the row lock (issue 11)', () => {
  afterEach(() => {
    delete PAYMENT_PROVIDERS.test_slow;
  });

  /** A card provider whose collect waits until the test releases it, counting charges per invoice. */
  function slowProvider() {
    const charges = new Map<string, number>();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const collecting = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let fail = false;
    PAYMENT_PROVIDERS.test_slow = () => ({
      id: 'test_slow',
      dueAt: (issuedAt) => issuedAt,
      async collect(invoice): Promise<Collection> {
        entered();
        await gate;
        if (fail) throw new Error('card declined');
        charges.set(invoice.invoiceId, (charges.get(invoice.invoiceId) ?? 0) + 1);
        return { status: 'paid', providerReference: `ch_${invoice.invoiceId}` };
      },
    });
    return { charges, release: () => release(), collecting, failing: (value: boolean) => (fail = value) };
  }

  /** `promise`, or 'timed out' after `ms`. */
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms)),
    ]);

  it('a slow provider does not block the account; a retry with the same key is not charged twice', async () => {
    const provider = slowProvider();
    const card = await testApp(t.db, { PAYMENT_PROVIDER: 'test_slow' });
    try {
      const holder = await signUp(card);
      const token = holder.session.access_token;
      const buy = (payload: object) =>
        card.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: bearer(token), payload });
      const keys = [`slow-${randomUUID()}`, `slow-${randomUUID()}`] as const;
      const slow = buy({ plan_id: 2, idempotency_key: keys[0] });
      await provider.collecting;

      // The provider is still collecting: creating a workspace takes the same subscription row
      // lock (the plan limits), and a second checkout's first step takes it too. Both go through.
      const workspace = await within(
        card.app.inject({
          method: 'POST',
          url: '/api/workspaces',
          headers: bearer(token),
          payload: {
            workspace_name: 'Meanwhile',
            template: 'workspace',
            description: 'Created while paying',
          },
        }),
        5000,
      );
      expect(workspace === 'timed out' ? workspace : workspace.statusCode).toBe(201);
      const second = buy({ plan_id: 2, idempotency_key: keys[1] });
      // The second checkout's first step (issuing its invoice under the lock) completes although
      // the first checkout's provider has not answered.
      let secondIssued: typeof invoices.$inferSelect | undefined;
      for (let i = 0; !secondIssued && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        [secondIssued] = await card.db.db.select().from(invoices).where(eq(invoices.idempotencyKey, keys[1]));
      }
      expect(secondIssued?.collectedAt).toBeNull();

      provider.release();
      const [first, other] = await Promise.all([slow, second]);
      expect(first.statusCode, first.body).toBe(201);
      expect(other.statusCode, other.body).toBe(201);
      const bought = first.json().data;
      expect(bought.invoice).toMatchObject({ status: 'paid', provider: 'test_slow' });

      const retry = await buy({ plan_id: 2, idempotency_key: keys[0] });
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json().data.invoice).toEqual(bought.invoice);
      expect(provider.charges.get(bought.invoice.invoice_id)).toBe(1);
      expect([...provider.charges.values()]).toEqual([1, 1]);
      // Two keys bought two periods, one after the other; the retry extended nothing.
      const periods = [bought.invoice, other.json().data.invoice]
        .map((invoice: { period_start: string; period_end: string }) => [
          invoice.period_start,
          invoice.period_end,
        ])
        .sort();
      expect(periods[1]?.[0]).toBe(periods[0]?.[1]);
      const billing = await card.app.inject({ method: 'GET', url: '/api/billing', headers: bearer(token) });
      expect(billing.json().data.subscription.current_period_end).toBe(periods[1]?.[1]);
      const listed = await card.app.inject({
        method: 'GET',
        url: '/api/billing/invoices',
        headers: bearer(token),
      });
      expect(listed.json().meta.total).toBe(2);
      const mails = await card.db.db.select().from(outbox).where(eq(outbox.to, holder.email));
      expect(mails.filter((m) => m.subject.includes('INV-'))).toHaveLength(2);
    } finally {
      provider.release();
      await card.app.close();
    }
  });

  it('a provider that throws leaves nothing owed nor changed; a retry with the key collects once', async () => {
    const provider = slowProvider();
    provider.release();
    provider.failing(true);
    const card = await testApp(t.db, { PAYMENT_PROVIDER: 'test_slow' });
    try {
      const holder = await signUp(card);
      const headers = bearer(holder.session.access_token);
      const payload = { plan_id: 3, idempotency_key: `declined-${randomUUID()}` };
      const declined = await card.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers,
        payload,
      });
      expect(declined.statusCode).toBe(500);
      const before = (await card.app.inject({ method: 'GET', url: '/api/billing', headers })).json().data;
      expect(before).toMatchObject({ plan: { plan_id: 1 }, subscription: { status: 'trialing' } });
      expect(
        (await card.app.inject({ method: 'GET', url: '/api/billing/invoices', headers })).json().meta.total,
      ).toBe(0);

      provider.failing(false);
      const paid = await card.app.inject({ method: 'POST', url: '/api/billing/checkout', headers, payload });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().data.subscription).toMatchObject({ plan_id: 3, status: 'active' });
      expect([...provider.charges.values()]).toEqual([1]);
    } finally {
      await card.app.close();
    }
  });

  it('answers 409 for a key already used for another plan, 400 for a malformed key', async () => {
    const { home } = await newTenant(t);
    expect(
      (await checkout(home.token, { plan_id: 2, idempotency_key: 'one-key-two-plans' })).statusCode,
    ).toBe(201);
    const reused = await checkout(home.token, { plan_id: 3, idempotency_key: 'one-key-two-plans' });
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).error.message).toBe(messages.checkoutKeyReused);
    const bad = await checkout(home.token, { plan_id: 2, idempotency_key: 'no spaces\u0000' });
    expect(bad.statusCode).toBe(400);
    expect((await invoicesOf(home.token)).json().meta.total).toBe(1);
  });
});

describe('addMonths', () => {
  it('keeps the day, or the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 12).toISOString()).toBe('2027-11-30T00:00:00.000Z');
  });
});

describe('SessionUser.subscription', () => {
  it("is the acting account's: the held one at home, the workspace's in a workspace", async () => {
    const { home, owner, workspace } = await newTenant(t);
    expect(home.session.user.subscription).toMatchObject({
      plan_id: 1,
      plan_title: 'Free Trial',
      status: 'trialing',
      access: 'full',
      days_left: TRIAL_DAYS,
      current_period_end: null,
    });
    expect(owner.session.user.subscription?.plan_id).toBe(1);
    const member = await memberIn(t, workspace, 'worker');
    expect(member.session.user.subscription).toMatchObject({ plan_id: 1, access: 'full' });
    const me = await call(t, 'GET', '/api/me', member.token);
    expect(me.json().data.subscription).toMatchObject({ plan_title: 'Free Trial', status: 'trialing' });
  });

  it('is null for platform staff and for a member with no account at home', async () => {
    const staff = await staffMember(t, 'admin');
    expect(staff.session.user.subscription).toBeNull();
    const { workspace } = await newTenant(t);
    const member = await memberIn(t, workspace, 'member');
    // Signing in reopens the member's last workspace (issue 11); going home leaves it.
    const signedIn = await login(t, member.email);
    const atHome = await chooseWorkspace(t, signedIn, null);
    expect(atHome.statusCode, atHome.body).toBe(200);
    expect(atHome.json().data.user.workspace).toBeNull();
    expect(atHome.json().data.user.subscription).toBeNull();
  });
});
