import { REFRESH_COOKIE } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { accessTokenClaims } from '@workhub/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/auth.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  errorOf,
  latestCode,
  mailsTo,
  post,
  refreshCookieOf,
  registration,
  uniqueEmail,
  useTestApp,
} from '../../test/helpers.ts';

const t = useTestApp();

/** Registers a new address and returns it with its code and the attempt register answered. */
async function registered(): Promise<{ email: string; code: string; attempt: string }> {
  const email = uniqueEmail('verify');
  const response = await post(t.app, '/api/auth/register', registration(email));
  expect(response.statusCode).toBe(201);
  return { email, code: await latestCode(t.db, email), attempt: response.json().data.attempt_id };
}

const verify = (email: string, code: string) => post(t.app, '/api/auth/verify-email', { email, code });

/** A code of the right shape that is not `code`. */
const otherThan = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

describe('POST /api/auth/verify-email', () => {
  it('verifies, signs in with Welcome! and sets the refresh cookie', async () => {
    const { email, code } = await registered();
    const response = await verify(email, code.toLowerCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(messages.welcome);
    expect(body.data.expires_in).toBe(900);
    expect(body.data.user).toMatchObject({
      email,
      role: 'owner',
      accounts: 1,
      email_verified: true,
      plan_chosen: false,
      platform_role: null,
    });
    const claims = accessTokenClaims.parse(decodeJwt(body.data.access_token));
    expect(claims).toMatchObject({
      user_id: body.data.user.user_id,
      role: 'owner',
      accounts: 1,
      platform_role: null,
      workspace_id: null,
      template: null,
    });
    expect(claims.account_id).toBe(body.data.user.account_id);
    expect(body.data.user.workspace).toBeNull();
    expect(Object.keys(decodeJwt(body.data.access_token)).sort()).toEqual(
      [
        'accounts',
        'account_id',
        'exp',
        'platform_role',
        'role',
        'sid',
        'template',
        'user_id',
        'workspace_id',
      ].sort(),
    );
    // sid names the sign-in (refresh-token family) the token belongs to: GET /api/me/sessions.
    const [token] = await t.db.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshCookieOf(response) ?? '')));
    expect(claims.sid).toBe(token?.familyId);
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 30 * 86_400,
    });
    expect(cookie?.secure).toBeFalsy();
  });

  it('refuses a code used once already', async () => {
    const { email, code } = await registered();
    expect((await verify(email, code)).statusCode).toBe(200);
    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).error.code).toBe('CODE_WRONG');
  });

  it('answers CODE_WRONG on a wrong code, with the message on the code field', async () => {
    const { email, code } = await registered();
    const response = await verify(email, otherThan(code));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toEqual({
      code: 'CODE_WRONG',
      message: messages.codeWrong,
      fields: { code: messages.codeWrong },
    });
  });

  it('kills the code at the fifth wrong try: even the right code is refused after', async () => {
    const { email, code } = await registered();
    for (let i = 1; i <= 4; i++) {
      expect(errorOf(await verify(email, otherThan(code))).error.code).toBe('CODE_WRONG');
    }
    const fifth = await verify(email, otherThan(code));
    expect(fifth.statusCode).toBe(400);
    expect(errorOf(fifth).error).toMatchObject({ code: 'CODE_DEAD', message: messages.codeDead });
    const right = await verify(email, code);
    expect(errorOf(right).error.code).toBe('CODE_DEAD');
  });

  it('answers CODE_EXPIRED after 15 minutes, and not a second before', async () => {
    const { email, code } = await registered();
    t.clock.advance(15 * 60 - 1);
    expect(errorOf(await verify(email, otherThan(code))).error.code).toBe('CODE_WRONG');
    t.clock.advance(1);
    const response = await verify(email, code);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toMatchObject({ code: 'CODE_EXPIRED', message: messages.codeExpired });
  });

  it('answers CODE_WRONG for an address nobody registered', async () => {
    const response = await verify(uniqueEmail('ghost'), 'ABC123');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.code).toBe('CODE_WRONG');
  });

  it.each([
    [{ email: 'a@example.com' }, 'code', messages.codeRequired],
    [{ email: 'a@example.com', code: '' }, 'code', messages.codeRequired],
    [{ email: 'a@example.com', code: 'ABC' }, 'code', messages.codeMin],
    [{ email: 'a@example.com', code: 'AB-12!' }, 'code', messages.codeAlphanumeric],
    [{ code: 'ABC123' }, 'email', messages.emailRequired],
    [{ email: 'nope', code: 'ABC123' }, 'email', messages.emailInvalid],
  ])('answers 400 for %j on %s', async (body, field, message) => {
    const response = await post(t.app, '/api/auth/verify-email', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields?.[field]).toBe(message);
  });
});

describe('POST /api/auth/resend-code', () => {
  const resend = (body: object) => post(t.app, '/api/auth/resend-code', body);

  it('answers 429 with retry_after and Retry-After before 60 s have passed', async () => {
    const { email, attempt } = await registered();
    t.clock.advance(45);
    const response = await resend({ email, attempt_id: attempt });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('15');
    expect(errorOf(response).error).toEqual({
      code: 'RATE_LIMITED',
      message: messages.codeResendTooEarly,
      retry_after: 15,
    });
    expect(await mailsTo(t.db, email)).toHaveLength(1);
  });

  it('sends a new code after 60 s, which kills the old one', async () => {
    const { email, code: old, attempt } = await registered();
    t.clock.advance(60);
    const response = await resend({ email, purpose: 'verify_email', attempt_id: attempt });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: messages.codeSent,
      data: {
        email,
        resend_available_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
        attempt_id: attempt,
      },
    });
    expect(await mailsTo(t.db, email)).toHaveLength(2);
    const fresh = await latestCode(t.db, email);
    if (fresh !== old) expect(errorOf(await verify(email, old)).error.code).toBe('CODE_WRONG');
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('answers an unknown or verified address the same way, without sending anything', async () => {
    const ghost = uniqueEmail('ghost');
    const response = await resend({ email: ghost });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(ghost);
    expect(await mailsTo(t.db, ghost)).toHaveLength(0);

    const { email, code, attempt } = await registered();
    await verify(email, code);
    t.clock.advance(60);
    expect((await resend({ email, attempt_id: attempt })).statusCode).toBe(200);
    expect(await mailsTo(t.db, email)).toHaveLength(1);
  });

  it('refuses an unknown purpose', async () => {
    const response = await resend({ email: uniqueEmail(), purpose: 'launch_rockets' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toHaveProperty('purpose');
  });
});
