import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { ensureSuperAdmin } from '../../db/seed.ts';
import {
  bearer,
  errorOf,
  PASSWORD,
  post,
  refreshCookieOf,
  registration,
  signUp,
  TEST_JWT_SECRET,
  uniqueEmail,
  useTestApp,
} from '../../test/helpers.ts';

const t = useTestApp();

const login = (email: string, password: string) => post(t.app, '/api/auth/login', { email, password });

describe('POST /api/auth/login', () => {
  it('signs a verified user in with Welcome !!, an access token and the refresh cookie', async () => {
    const { email } = await signUp(t);
    const response = await login(email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(messages.loginWelcome);
    expect(body.data.user).toMatchObject({ email, role: 'owner', accounts: 1 });
    expect(refreshCookieOf(response)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives the same 401 for a wrong password and for an unknown address', async () => {
    const { email } = await signUp(t);
    const wrongPassword = await login(email, 'not-the-password');
    const unknown = await login(uniqueEmail('ghost'), PASSWORD);
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.loginFailed } });
      expect(refreshCookieOf(response)).toBeUndefined();
    }
  });

  it('refuses an unverified address with EMAIL_NOT_VERIFIED, only once the password is right', async () => {
    const email = uniqueEmail('unverified');
    await post(t.app, '/api/auth/register', registration(email));
    expect((await login(email, 'wrong-password')).statusCode).toBe(401);
    const response = await login(email, PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'EMAIL_NOT_VERIFIED', message: messages.loginNotVerified },
    });
  });

  it('refuses an inactive user with ACCOUNT_INACTIVE', async () => {
    const { email } = await signUp(t);
    await t.db.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email));
    const response = await login(email, PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'ACCOUNT_INACTIVE', message: messages.loginInactive } });
  });

  it.each([
    [{ password: 'x' }, 'email', messages.emailRequired],
    [{ email: '', password: 'x' }, 'email', messages.emailRequired],
    [{ email: 'nope', password: 'x' }, 'email', messages.emailInvalid],
    [{ email: 'a@example.com' }, 'password', messages.passwordRequired],
    [{ email: 'a@example.com', password: '' }, 'password', messages.passwordRequired],
  ])('answers 400 for %j on %s', async (body, field, message) => {
    const response = await post(t.app, '/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields?.[field]).toBe(message);
  });

  it('signs a super admin in with the super_admin role and no account', async () => {
    const email = uniqueEmail('root');
    await ensureSuperAdmin(t.db.db, { email, password: 'admin-pass' }, t.clock.now);
    const response = await login(email, 'admin-pass');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      role: 'super_admin',
      platform_role: 'super_admin',
      accounts: 0,
      account_id: null,
      plan_chosen: true,
    });
  });
});

describe('GET /api/me', () => {
  const me = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers });

  it('answers the signed-in user', async () => {
    const { email, session } = await signUp(t);
    const response = await me(bearer(session.access_token));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(session.user);
    expect(response.json().data.email).toBe(email);
  });

  it.each([
    ['no token', {}],
    ['a malformed token', bearer('not.a.jwt')],
    ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 with %s', async (_label, headers) => {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
  });

  it('answers 401 for a token signed with another key', async () => {
    const forged = await new SignJWT({ user_id: 'x', role: 'super_admin', accounts: 0, account_id: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(`${TEST_JWT_SECRET}-other`));
    expect((await me(bearer(forged))).statusCode).toBe(401);
  });

  it('answers 401 once the access token is 15 minutes old', async () => {
    const { session } = await signUp(t);
    t.clock.advance(15 * 60 - 5);
    expect((await me(bearer(session.access_token))).statusCode).toBe(200);
    t.clock.advance(10);
    expect((await me(bearer(session.access_token))).statusCode).toBe(401);
  });

  it('answers 401 for a user deactivated since the token was issued', async () => {
    const { email, session } = await signUp(t);
    await t.db.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email));
    expect((await me(bearer(session.access_token))).statusCode).toBe(401);
  });
});
