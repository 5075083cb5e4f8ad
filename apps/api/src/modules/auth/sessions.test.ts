import { REFRESH_COOKIE } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/auth.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  bearer,
  PASSWORD,
  post,
  refreshCookieOf,
  signUp,
  testApp,
  useTestApp,
  withRefresh,
} from '../../test/helpers.ts';

const t = useTestApp();

const refresh = (token: string | undefined, url = '/api/auth/refresh') =>
  post(t.app, url, undefined, withRefresh(token));

describe.each(['/api/auth/refresh', '/api/auth/session'])('POST %s', (url) => {
  it('rotates the refresh token and answers a fresh session', async () => {
    const { refreshToken, session } = await signUp(t);
    const response = await refresh(refreshToken, url);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.user).toEqual(session.user);
    expect(body.data.access_token).toEqual(expect.any(String));
    const next = refreshCookieOf(response);
    expect(next).toBeDefined();
    expect(next).not.toBe(refreshToken);

    const [old] = await t.db.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    expect(old?.rotatedAt).not.toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(body.data.access_token) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(next, url)).statusCode).toBe(200);
  });

  it('answers 401 and clears the cookie with an unknown cookie (and without one on refresh)', async () => {
    const tokens = url === '/api/auth/session' ? ['not-a-token'] : [undefined, 'not-a-token'];
    for (const token of tokens) {
      const response = await refresh(token, url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.sessionExpired } });
      const cleared = response.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cleared?.value).toBe('');
    }
  });
});

describe('POST /api/auth/session without a refresh cookie', () => {
  it('answers 200 { data: null }: an anonymous visitor is not an error', async () => {
    for (const headers of [undefined, withRefresh(undefined)]) {
      const response = await post(t.app, '/api/auth/session', undefined, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: null });
      expect(response.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    }
  });
});

describe('refresh token reuse', () => {
  it('within 30 s of its rotation, answers a new access token and sets no cookie (two tabs)', async () => {
    const { refreshToken } = await signUp(t);
    const first = await refresh(refreshToken);
    t.clock.advance(30);
    const second = await refresh(refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.access_token).toEqual(expect.any(String));
    expect(second.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    // The family is intact: the token the first tab got still works.
    expect((await refresh(refreshCookieOf(first))).statusCode).toBe(200);
  });

  it('more than 30 s after its rotation, revokes the whole family and answers 401', async () => {
    const { refreshToken } = await signUp(t);
    const rotated = refreshCookieOf(await refresh(refreshToken));
    const latest = refreshCookieOf(await refresh(rotated));
    t.clock.advance(31);
    const reuse = await refresh(refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(latest)).statusCode).toBe(401);

    const [row] = await t.db.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(latest ?? '')));
    const family = await t.db.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row?.familyId ?? ''));
    expect(family).toHaveLength(3);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('leaves the other sign-ins of the same user alone', async () => {
    const signedUp = await signUp(t);
    const other = await post(t.app, '/api/auth/login', { email: signedUp.email, password: PASSWORD });
    await refresh(signedUp.refreshToken);
    t.clock.advance(31);
    expect((await refresh(signedUp.refreshToken)).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(other))).statusCode).toBe(200);
  });

  it('answers 401 once the refresh token is 30 days old', async () => {
    const { refreshToken } = await signUp(t);
    t.clock.advance(30 * 86_400);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the sign-in, clears the cookie and answers 204', async () => {
    const { refreshToken } = await signUp(t);
    const response = await post(t.app, '/api/auth/logout', undefined, withRefresh(refreshToken));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: '/api/auth' });
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('answers 204 without a cookie too', async () => {
    expect((await post(t.app, '/api/auth/logout')).statusCode).toBe(204);
  });
});

describe('the refresh cookie', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await testApp(t.db, { PUBLIC_URL: 'https://workhub.example.com' });
    try {
      const { email } = await signUp(secure);
      const login = await post(secure.app, '/api/auth/login', { email, password: PASSWORD });
      const cookie = login.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    } finally {
      await secure.app.close();
    }
  });
});
