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
    expect(account?.id).toBe(user?.accountId);
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
      .innerJoin(users, eq(users.accountId, subscriptions.accountId))
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

  it('answers 409 on the e-mail when a verified account already has it', async () => {
    const { email } = await signUp(t);
    const response = await register(registration(email));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).error).toEqual({
      code: 'CONFLICT',
      message: messages.emailTaken,
      fields: { email: messages.emailTaken },
    });
  });

  it('updates an unverified sign-up, sends no new code within 60 s, and a fresh one after', async () => {
    const email = uniqueEmail('again');
    const first = await register(registration(email));
    const firstCode = await latestCode(t.db, email);

    t.clock.advance(10);
    const early = await register(
      registration(email, { first_name: 'Grace', password: 'new-pass', confirm_password: 'new-pass' }),
    );
    expect(early.statusCode).toBe(201);
    expect(early.json().data.resend_available_at).toBe(first.json().data.resend_available_at);
    expect(await mailsTo(t.db, email)).toHaveLength(1);
    const [user] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(user?.firstName).toBe('Grace');
    expect(
      await t.db.db
        .select()
        .from(accounts)
        .where(eq(accounts.ownerUserId, user?.id ?? '')),
    ).toHaveLength(1);

    t.clock.advance(60);
    const later = await register(registration(email, { password: 'new-pass', confirm_password: 'new-pass' }));
    expect(later.statusCode).toBe(201);
    expect(await mailsTo(t.db, email)).toHaveLength(2);
    const secondCode = await latestCode(t.db, email);

    // The old code died with the new one (unless chance drew the same six characters twice).
    if (secondCode !== firstCode) {
      const old = await post(t.app, '/api/auth/verify-email', { email, code: firstCode });
      expect(errorOf(old).error.code).toBe('CODE_WRONG');
    }
    const verified = await post(t.app, '/api/auth/verify-email', { email, code: secondCode });
    expect(verified.statusCode).toBe(200);
    const login = await post(t.app, '/api/auth/login', { email, password: 'new-pass' });
    expect(login.statusCode).toBe(200);
  });
});
