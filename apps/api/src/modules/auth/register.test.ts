import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { accounts, users } from '../../db/schema/users.ts';
import {
  errorOf,
  latestCode,
  mailsTo,
  post,
  registration,
  signUp,
  uniqueEmail,
  useTestApp,
} from '../../test/helpers.ts';

const t = useTestApp();

const register = (body: object) => post(t.app, '/api/auth/register', body);

describe('POST /api/auth/register', () => {
  it('creates an unverified holder with an account and a 30-day trial of plan 1, and mails a code', async () => {
    const email = uniqueEmail('reg');
    const response = await register(registration(email.toUpperCase()));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(messages.registerDone);
    expect(body.data.email).toBe(email);
    expect(new Date(body.data.resend_available_at).getTime()).toBe(t.clock.now().getTime() + 60_000);

    const [user] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailVerifiedAt: null,
      status: 'active',
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [account] = await t.db.db
      .select()
      .from(accounts)
      .where(eq(accounts.ownerUserId, user?.id ?? ''));
    expect(account?.id).toBe(user?.heldAccountId);
    const [subscription] = await t.db.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, account?.id ?? ''));
    expect(subscription).toMatchObject({ planId: 1, status: 'trialing', planChosenAt: null });
    expect(subscription?.trialEndsAt?.getTime()).toBe(t.clock.now().getTime() + 30 * 86_400_000);

    const [mail] = await mailsTo(t.db, email);
    expect(mail?.status).toBe('logged');
    expect(mail?.text).toContain(`http://localhost:3000/auth/verify/${encodeURIComponent(email)}`);
    expect(await latestCode(t.db, email)).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('keeps the plan the visitor chose', async () => {
    const email = uniqueEmail('plan');
    expect((await register(registration(email, { subscription_id: 3 }))).statusCode).toBe(201);
    const [row] = await t.db.db
      .select({ planId: subscriptions.planId })
      .from(subscriptions)
      .innerJoin(users, eq(users.heldAccountId, subscriptions.accountId))
      .where(eq(users.email, email));
    expect(row?.planId).toBe(3);
  });

  it.each([
    ['a plan that does not exist', 999],
    ['an inactive plan', 'inactive' as const],
  ])('refuses %s on subscription_id', async (_label, plan) => {
    let planId = 999;
    if (plan === 'inactive') {
      const [row] = await t.db.db
        .insert(subscriptionPlans)
        .values({
          title: 'Retired',
          subscription: 'per month',
          price: '5',
          description: 'A plan nobody can buy any more.',
          buttonText: 'Gone',
          buttonVariant: 'outline',
          month: 1,
          status: 'inactive',
        })
        .returning();
      planId = row?.subscriptionId ?? 0;
    }
    const email = uniqueEmail('noplan');
    const response = await register(registration(email, { subscription_id: planId }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { subscription_id: messages.planUnavailable },
    });
    expect(await t.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it.each([
    ['first_name', { first_name: '' }, messages.firstNameRequired],
    ['first_name', { first_name: '   ' }, messages.firstNameRequired],
    ['last_name', { last_name: undefined }, messages.lastNameRequired],
    ['email', { email: '' }, messages.emailRequired],
    ['email', { email: 'not-an-email' }, messages.emailInvalid],
    ['password', { password: '', confirm_password: '' }, messages.registerPasswordRequired],
    ['password', { password: '12345', confirm_password: '12345' }, messages.registerPasswordMin],
    ['confirm_password', { confirm_password: '' }, messages.confirmPasswordRequired],
    ['confirm_password', { confirm_password: 'other-secret' }, messages.passwordsMustMatch],
    ['terms_of_service', { terms_of_service: 0 as 1 }, messages.acknowledge],
    ['privacy_policy', { privacy_policy: undefined }, messages.acknowledge],
  ])('answers 400 on %s with the spec message (%j)', async (field, overrides, message) => {
    const response = await register(registration(uniqueEmail('bad'), overrides));
    expect(response.statusCode).toBe(400);
    const { error } = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toBe(message);
  });

  it('gives every message at once for an empty body', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toMatchObject({
      first_name: messages.firstNameRequired,
      last_name: messages.lastNameRequired,
      email: messages.emailRequired,
      password: messages.registerPasswordRequired,
      confirm_password: messages.confirmPasswordRequired,
      terms_of_service: messages.acknowledge,
      privacy_policy: messages.acknowledge,
    });
  });

  it('answers a verified address as a new one (201), changing nothing of its account', async () => {
    const { email } = await signUp(t);
    const response = await register(registration(email, { first_name: 'Someone' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(messages.registerDone);
    const [user] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(user?.firstName).toBe('Ada');
  });

  it('makes a second sign-up before verifying an attempt of its own, with its own code, changing nothing yet', async () => {
    const email = uniqueEmail('again');
    const first = await register(registration(email));
    t.clock.advance(10);
    const second = await register(
      registration(email, { first_name: 'Grace', password: 'new-pass', confirm_password: 'new-pass' }),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().data.attempt_id).not.toBe(first.json().data.attempt_id);
    expect(await mailsTo(t.db, email)).toHaveLength(2);
    const [user] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(user?.firstName).toBe('Ada');
    expect(
      await t.db.db
        .select()
        .from(accounts)
        .where(eq(accounts.ownerUserId, user?.id ?? '')),
    ).toHaveLength(1);

    const verified = await post(t.app, '/api/auth/verify-email', {
      email,
      code: await latestCode(t.db, email),
      attempt_id: second.json().data.attempt_id,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user.first_name).toBe('Grace');
    expect((await post(t.app, '/api/auth/login', { email, password: 'new-pass' })).statusCode).toBe(200);
  });
});
