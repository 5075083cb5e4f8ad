import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import {
  errorOf,
  latestCode,
  mailsTo,
  PASSWORD,
  post,
  registration,
  signUp,
  uniqueEmail,
  useTestApp,
  withRefresh,
} from '../../test/helpers.ts';

const t = useTestApp();

const forgot = (email: string) => post(t.app, '/api/auth/forgot-password', { email });
const newPassword = (email: string, code: string, password = 'brand-new', confirm = password) =>
  post(t.app, '/api/auth/new-password', { email, code, password, confirm_password: confirm });

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether or not the address exists, and mails only a real one', async () => {
    const { email } = await signUp(t);
    const ghost = uniqueEmail('ghost');
    const known = await forgot(email);
    const unknown = await forgot(ghost);
    for (const [response, address] of [
      [known, email],
      [unknown, ghost],
    ] as const) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: messages.forgotDone,
        data: {
          email: address,
          resend_available_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
        },
      });
    }
    const [mail] = await mailsTo(t.db, email, 'reset_password');
    expect(mail?.text).toContain(`/auth/new-password/${encodeURIComponent(email)}`);
    expect(await mailsTo(t.db, ghost, 'reset_password')).toHaveLength(0);
  });

  it('sends no second code within 60 s, still answering 200', async () => {
    const { email } = await signUp(t);
    await forgot(email);
    t.clock.advance(30);
    expect((await forgot(email)).statusCode).toBe(200);
    expect(await mailsTo(t.db, email, 'reset_password')).toHaveLength(1);
  });

  it.each([
    [{}, messages.emailRequired],
    [{ email: 'nope' }, messages.emailInvalid],
  ])('answers 400 for %j', async (body, message) => {
    const response = await post(t.app, '/api/auth/forgot-password', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields?.email).toBe(message);
  });
});

describe('POST /api/auth/new-password', () => {
  it('sets the password, signs in with Welcome! and ends every other session', async () => {
    const { email, refreshToken } = await signUp(t);
    await forgot(email);
    const response = await newPassword(email, await latestCode(t.db, email, 'reset_password'));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.welcome);
    expect(response.json().data.user.email).toBe(email);

    expect((await post(t.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(t.app, '/api/auth/login', { email, password: 'brand-new' })).statusCode).toBe(200);
    const oldSession = await post(t.app, '/api/auth/refresh', undefined, withRefresh(refreshToken));
    expect(oldSession.statusCode).toBe(401);
  });

  it('verifies an address that had not been verified yet', async () => {
    const email = uniqueEmail('unverified');
    await post(t.app, '/api/auth/register', registration(email));
    await forgot(email);
    const response = await newPassword(email, await latestCode(t.db, email, 'reset_password'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.email_verified).toBe(true);
    const [user] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).not.toBeNull();
  });

  it('checks the code as verify does: wrong, dead at the fifth try, expired', async () => {
    const { email } = await signUp(t);
    await forgot(email);
    const code = await latestCode(t.db, email, 'reset_password');
    const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    expect(errorOf(await newPassword(email, wrong)).error.code).toBe('CODE_WRONG');
    for (let i = 2; i <= 4; i++) await newPassword(email, wrong);
    expect(errorOf(await newPassword(email, wrong)).error.code).toBe('CODE_DEAD');
    expect(errorOf(await newPassword(email, code)).error.code).toBe('CODE_DEAD');

    t.clock.advance(60);
    await forgot(email);
    const fresh = await latestCode(t.db, email, 'reset_password');
    t.clock.advance(15 * 60);
    expect(errorOf(await newPassword(email, fresh)).error.code).toBe('CODE_EXPIRED');
  });

  it('does not accept a verify code as a reset code', async () => {
    const email = uniqueEmail('mixup');
    await post(t.app, '/api/auth/register', registration(email));
    const response = await newPassword(email, await latestCode(t.db, email, 'verify_email'));
    expect(errorOf(response).error.code).toBe('CODE_WRONG');
  });

  it('refuses an inactive user with ACCOUNT_INACTIVE, even with the right code', async () => {
    const { email } = await signUp(t);
    await forgot(email);
    const code = await latestCode(t.db, email, 'reset_password');
    await t.db.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email));
    const response = await newPassword(email, code);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error.code).toBe('ACCOUNT_INACTIVE');
  });

  it.each([
    [{ code: 'ABC123', password: 'secret1', confirm_password: 'secret1' }, 'email', messages.emailRequired],
    [
      { email: 'a@example.com', password: 'secret1', confirm_password: 'secret1' },
      'code',
      messages.codeRequired,
    ],
    [
      { email: 'a@example.com', code: 'ABC', password: 'secret1', confirm_password: 'secret1' },
      'code',
      messages.codeMin,
    ],
    [
      { email: 'a@example.com', code: 'ABC123', password: '123', confirm_password: '123' },
      'password',
      messages.newPasswordMin,
    ],
    [
      { email: 'a@example.com', code: 'ABC123', password: 'secret1' },
      'confirm_password',
      messages.confirmPasswordRequired,
    ],
    [
      { email: 'a@example.com', code: 'ABC123', password: 'secret1', confirm_password: 'secret2' },
      'confirm_password',
      messages.passwordsMustMatch,
    ],
  ])('answers 400 for %j on %s', async (body, field, message) => {
    const response = await post(t.app, '/api/auth/new-password', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields?.[field]).toBe(message);
  });
});
