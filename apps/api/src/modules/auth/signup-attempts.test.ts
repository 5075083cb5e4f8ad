import { messages } from '@workhub/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { outbox } from '../../db/schema/outbox.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';
import { setHashCostForTests } from '../../lib/passwords.ts';
import {
  errorOf,
  latestCode,
  mailsTo,
  PASSWORD,
  post,
  registration,
  signUp,
  testApp,
  uniqueEmail,
  useTestApp,
} from '../../test/helpers.ts';
import { SIGNUP_NOTICE_SUBJECT } from './auth.mails.ts';

/*
 * A sign-up attempt (names, password, plan) travels with its code: a code activates the attempt it
 * was mailed for and no other, so whoever registers an address last does not own the account its
 * owner verifies (pre-account takeover). And sign-up, forgot-password and resend answer alike
 * whether or not the address has an account (no enumeration).
 */
const t = useTestApp();

const register = (body: object) => post(t.app, '/api/auth/register', body);
const verify = (body: object) => post(t.app, '/api/auth/verify-email', body);
const login = (email: string, password: string) => post(t.app, '/api/auth/login', { email, password });
const attemptOf = (response: LightMyRequestResponse): string => response.json().data.attempt_id;
/** A body with its random attempt id blanked, to compare two answers. */
const comparable = (response: LightMyRequestResponse) => {
  const body = response.json();
  return { ...body, data: { ...body.data, attempt_id: body.data.attempt_id ? 'some-attempt' : undefined } };
};

const MALLORY = {
  first_name: 'Mallory',
  last_name: 'Attacker',
  password: 'mallory-1',
  confirm_password: 'mallory-1',
};

describe('a code activates only the attempt it was mailed for', () => {
  it('a later attempt changes nothing of what the first code activates', async () => {
    const email = uniqueEmail('victim');
    const victim = await register(registration(email, { subscription_id: 2 }));
    expect(victim.statusCode).toBe(201);
    const victimCode = await latestCode(t.db, email);
    t.clock.advance(5);
    const attacker = await register(registration(email, { ...MALLORY, subscription_id: 3 }));
    expect(attacker.statusCode).toBe(201);
    expect(attemptOf(attacker)).not.toBe(attemptOf(victim));

    const verified = await verify({ email, code: victimCode, attempt_id: attemptOf(victim) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, MALLORY.password)).statusCode).toBe(401);
    const [row] = await t.db.db
      .select({ planId: subscriptions.planId })
      .from(subscriptions)
      .innerJoin(users, eq(users.heldAccountId, subscriptions.accountId))
      .where(eq(users.email, email));
    expect(row?.planId).toBe(2);
  });

  it("a later attempt's code activates that attempt, and every other code dies with it", async () => {
    const email = uniqueEmail('second');
    await register(registration(email, MALLORY));
    const firstCode = await latestCode(t.db, email);
    t.clock.advance(5);
    const owner = await register(registration(email));
    const ownerCode = await latestCode(t.db, email);
    const verified = await verify({ email, code: ownerCode, attempt_id: attemptOf(owner) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user.first_name).toBe('Ada');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, MALLORY.password)).statusCode).toBe(401);
    // The first attempt's code can no longer activate anything.
    if (firstCode !== ownerCode) expect((await verify({ email, code: firstCode })).statusCode).toBe(400);
  });

  it("refuses another attempt's code on the page of this attempt", async () => {
    const email = uniqueEmail('bound');
    const owner = await register(registration(email));
    const ownerCode = await latestCode(t.db, email);
    t.clock.advance(5);
    await register(registration(email, MALLORY));
    const attackerCode = await latestCode(t.db, email);
    if (attackerCode === ownerCode) return;
    const refused = await verify({ email, code: attackerCode, attempt_id: attemptOf(owner) });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error.code).toBe('CODE_WRONG');
    expect((await verify({ email, code: ownerCode, attempt_id: attemptOf(owner) })).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('resend mails a new code for the same attempt, never for a later one', async () => {
    const email = uniqueEmail('resend');
    const owner = await register(registration(email));
    t.clock.advance(5);
    await register(registration(email, MALLORY));
    t.clock.advance(61);
    const resent = await post(t.app, '/api/auth/resend-code', { email, attempt_id: attemptOf(owner) });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.attempt_id).toBe(attemptOf(owner));
    expect(await mailsTo(t.db, email)).toHaveLength(3);
    const code = await latestCode(t.db, email);
    // Typed on a device that holds no attempt (the code alone), it still activates the owner's attempt.
    expect((await verify({ email, code })).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, MALLORY.password)).statusCode).toBe(401);
  });

  it('answers a forged or missing attempt id as a real one, and mails nothing', async () => {
    const email = uniqueEmail('forged');
    const owner = await register(registration(email));
    t.clock.advance(61);
    const forgedId = crypto.randomUUID();
    const forged = await post(t.app, '/api/auth/resend-code', { email, attempt_id: forgedId });
    const missing = await post(t.app, '/api/auth/resend-code', { email });
    for (const response of [forged, missing]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(messages.codeSent);
    }
    expect(forged.json().data.attempt_id).toBe(forgedId);
    expect(await mailsTo(t.db, email)).toHaveLength(1);
    const real = await post(t.app, '/api/auth/resend-code', { email, attempt_id: attemptOf(owner) });
    expect(comparable(real)).toEqual(comparable(forged));
    expect(await mailsTo(t.db, email)).toHaveLength(2);
  });

  it('does not let a sign-in with an unverified address stand in for the code', async () => {
    const email = uniqueEmail('unverified');
    await register(registration(email));
    const refused = await login(email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Nothing was mailed by the refusal: only the register's code exists.
    expect(await mailsTo(t.db, email)).toHaveLength(1);
  });
});

/**
 * The ratio of the shortest durations of `known` and `unknown`, run in turns, larger over smaller.
 * The shortest, not the median: another test file's work on the same two cores only ever adds time,
 * and in CI it once lifted the median of one side to 3.5 times the other's (the suite's vitest
 * workers run side by side) while the paths cost the same; a path that skips its hash stays far
 * faster in its shortest run too (it spends no argon2 hash at all).
 */
async function timingRatio(known: () => Promise<unknown>, unknown: () => Promise<unknown>): Promise<number> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < 7; i++) {
    for (const [slot, fn] of [known, unknown].entries()) {
      const start = performance.now();
      await fn();
      times[slot as 0 | 1].push(performance.now() - start);
    }
  }
  const [a, b] = [Math.min(...times[0]), Math.min(...times[1])];
  return Math.max(a, b) / Math.max(1, Math.min(a, b));
}

describe('no account enumeration', () => {
  it('register answers a verified address as a new one, and mails its owner instead', async () => {
    const { email } = await signUp(t);
    const taken = await register(registration(email, MALLORY));
    const fresh = await register(registration(uniqueEmail('fresh')));
    expect(taken.statusCode).toBe(201);
    expect(comparable(taken)).toEqual({ ...comparable(fresh), data: { ...comparable(fresh).data, email } });
    const notices = await t.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.subject, SIGNUP_NOTICE_SUBJECT)));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('/auth/login');
    expect(notices[0]?.text).toContain('/auth/forgot-password');
    // The account is untouched: its own password still signs in, the stranger's does not.
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, MALLORY.password)).statusCode).toBe(401);
  });

  it('register, forgot-password and resend take about as long for an existing address as for a new one', async () => {
    // At the real cost: the hash each path spends is what makes their times alike.
    setHashCostForTests('real');
    onTestFinished(() => setHashCostForTests('cheap'));
    const { email } = await signUp(t);
    const registerRatio = await timingRatio(
      () => register(registration(email)),
      () => register(registration(uniqueEmail('timing'))),
    );
    expect(registerRatio, 'register').toBeLessThan(3);
    const forgotRatio = await timingRatio(
      () => post(t.app, '/api/auth/forgot-password', { email }),
      () => post(t.app, '/api/auth/forgot-password', { email: uniqueEmail('nobody') }),
    );
    expect(forgotRatio, 'forgot-password').toBeLessThan(3);
    const resendRatio = await timingRatio(
      () => post(t.app, '/api/auth/resend-code', { email, purpose: 'reset_password' }),
      () => post(t.app, '/api/auth/resend-code', { email: uniqueEmail('nobody'), purpose: 'reset_password' }),
    );
    expect(resendRatio, 'resend-code').toBeLessThan(3);
  });

  it.each([
    ['/api/auth/forgot-password', {}],
    ['/api/auth/resend-code', { purpose: 'reset_password' }],
    ['/api/auth/resend-code', { purpose: 'verify_email' }],
  ])(
    '%s %j answers alike for an existing and an unknown address, even when asked again at once',
    async (url, extra) => {
      const { email } = await signUp(t);
      const other = uniqueEmail('nobody');
      for (let i = 0; i < 2; i++) {
        const known = await post(t.app, url, { email, ...extra });
        const unknown = await post(t.app, url, { email: other, ...extra });
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(comparable(known)).toEqual({
          ...comparable(unknown),
          data: { ...comparable(unknown).data, email },
        });
      }
    },
  );
});

describe('register is rate limited', () => {
  it('per IP and per (address, IP)', async () => {
    const limited = await testApp(t.db, { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '2' });
    try {
      const email = uniqueEmail('flood');
      const from = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: registration(email),
          remoteAddress: ip,
        });
      expect((await from('10.9.0.1')).statusCode).toBe(201);
      expect((await from('10.9.0.1')).statusCode).toBe(201);
      const refused = await from('10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).error.code).toBe('RATE_LIMITED');
      expect((await from('10.9.0.2')).statusCode).toBe(201);
    } finally {
      await limited.app.close();
    }
  });
});
