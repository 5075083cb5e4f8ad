import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../db/schema/plans.ts';
import { ensureSuperAdmin } from '../../db/seed.ts';
import { bearer, errorOf, PASSWORD, post, signUp, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { newTenant } from '../../test/tenants.ts';

const t = useTestApp();

const get = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/subscription', headers: bearer(token) });
const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/account/subscription', headers: bearer(token), payload });

describe('GET /api/account/subscription', () => {
  it("answers the holder's trial, plan not chosen yet", async () => {
    const { session } = await signUp(t, uniqueEmail(), { subscription_id: 2 });
    const response = await get(session.access_token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      subscription_id: 2,
      plan_title: 'Starter',
      status: 'trialing',
      plan_chosen: false,
    });
    expect(data.current_period_end).toBeNull();
    expect(new Date(data.trial_ends_at).getTime()).toBe(t.clock.now().getTime() + 30 * 86_400_000);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account/subscription' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/account/subscription', () => {
  it('sets the plan and plan_chosen, keeps the trial end, and the session says so', async () => {
    const { session } = await signUp(t);
    const before = (await get(session.access_token)).json().data;
    t.clock.advance(60);
    const response = await put(session.access_token, { subscription_id: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.planPicked);
    expect(response.json().data).toMatchObject({
      subscription_id: 3,
      plan_title: 'Professional',
      plan_chosen: true,
      trial_ends_at: before.trial_ends_at,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.access_token) });
    expect(me.json().data.plan_chosen).toBe(true);
  });

  it('accepts the id as a string, as the spec sends it', async () => {
    const { session } = await signUp(t);
    expect((await put(session.access_token, { subscription_id: '1' })).statusCode).toBe(200);
  });

  it('answers 400 on subscription_id for a missing or inactive plan', async () => {
    const { session } = await signUp(t);
    const [inactive] = await t.db.db
      .insert(subscriptionPlans)
      .values({
        title: 'Old',
        subscription: 'per month',
        price: '9',
        description: 'Gone for good now.',
        buttonText: 'No',
        buttonVariant: 'outline',
        month: 1,
        status: 'inactive',
      })
      .returning();
    for (const id of [9999, inactive?.subscriptionId ?? 0]) {
      const response = await put(session.access_token, { subscription_id: id });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error.fields).toEqual({ subscription_id: messages.planUnavailable });
    }
  });

  it.each([[{}], [{ subscription_id: 'abc' }], [{ subscription_id: 0 }], [{ subscription_id: -2 }]])(
    'answers 400 for %j',
    async (body) => {
      const { session } = await signUp(t);
      const response = await put(session.access_token, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error.fields).toHaveProperty('subscription_id');
    },
  );

  it('answers 403 to a user who holds no account', async () => {
    const email = uniqueEmail('staff');
    await ensureSuperAdmin(t.db.db, { email, password: 'admin-pass' }, t.clock.now);
    const login = await post(t.app, '/api/auth/login', { email, password: 'admin-pass' });
    const token = login.json().data.access_token;
    for (const response of [await put(token, { subscription_id: 1 }), await get(token)]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
    }
  });

  it('answers 409 once a plan is paid for: the plan then changes at checkout only', async () => {
    const { home } = await newTenant(t);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: bearer(home.token),
      payload: { plan_id: 2 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const refused = await put(home.token, { subscription_id: 4 });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error.message).toBe(messages.planChangeAtCheckout);
    expect((await get(home.token)).json().data).toMatchObject({ subscription_id: 2, status: 'active' });
  });

  it('answers 409 once the trial is over, and leaves the plan and the read-only account as they were', async () => {
    const { session, email } = await signUp(t);
    expect((await put(session.access_token, { subscription_id: 2 })).statusCode).toBe(200);
    t.clock.advance(30 * 86_400 + 1);
    // Signed in again: the access token of 30 days ago has long expired.
    const login = await post(t.app, '/api/auth/login', { email, password: PASSWORD });
    const token = login.json().data.access_token;
    const refused = await put(token, { subscription_id: 3 });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error.message).toBe(messages.planChangeAtCheckout);
    const after = (await get(token)).json().data;
    expect(after).toMatchObject({ subscription_id: 2, status: 'trialing' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json().data.subscription).toMatchObject({ access: 'read_only' });
  });

  it('keeps the paid plan when a checkout and a pick arrive at the same instant', async () => {
    const { home } = await newTenant(t);
    const [bought, picked] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: bearer(home.token),
        payload: { plan_id: 2 },
      }),
      put(home.token, { subscription_id: 4 }),
    ]);
    expect(bought.statusCode, bought.body).toBe(201);
    // Before the checkout the pick was still in the trial (200); after it, refused (409).
    expect([200, 409]).toContain(picked.statusCode);
    expect((await get(home.token)).json().data).toMatchObject({ subscription_id: 2, status: 'active' });
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account/subscription',
      payload: { subscription_id: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});
