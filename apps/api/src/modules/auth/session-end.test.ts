import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, errorOf, latestCode, post, signUp, useTestApp, withRefresh } from '../../test/helpers.ts';
import { sidOf, staffMember } from '../../test/staff.ts';
import { login } from '../../test/tenants.ts';

/*
 * An access token is only as alive as its sign-in: the session (its refresh-token family, `sid`)
 * and its user are checked on every request, so ending a session takes effect at once, not when
 * the 15-minute access token runs out.
 */
const t = useTestApp();

let staff: string;
beforeAll(async () => {
  staff = (await staffMember(t, 'super_admin')).token;
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
/** A route that reads the user (GET /api/me) and one that resolves the tenant (GET /api/workspaces). */
const ROUTES = ['/api/me', '/api/workspaces'];

async function expectSignedOut(token: string) {
  for (const url of ROUTES) {
    const response = await get(url, token);
    expect(response.statusCode, url).toBe(401);
    expect(errorOf(response).error.code).toBe('UNAUTHORIZED');
  }
}

async function expectSignedIn(token: string) {
  for (const url of ROUTES) expect((await get(url, token)).statusCode, url).toBe(200);
}

describe('ending a session ends its access token at once', () => {
  it('logout', async () => {
    const { session, refreshToken } = await signUp(t);
    await expectSignedIn(session.access_token);
    expect((await post(t.app, '/api/auth/logout', undefined, withRefresh(refreshToken))).statusCode).toBe(
      204,
    );
    await expectSignedOut(session.access_token);
  });

  it('"sign out other sessions" ends the others and keeps this one', async () => {
    const { email, session: laptop } = await signUp(t);
    const phone = await login(t, email);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/sessions',
      headers: bearer(laptop.access_token),
    });
    expect(response.statusCode).toBe(200);
    await expectSignedOut(phone.token);
    await expectSignedIn(laptop.access_token);
  });

  it('signing one other session out', async () => {
    const { email, session: laptop } = await signUp(t);
    const phone = await login(t, email);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${sidOf(phone.token)}`,
      headers: bearer(laptop.access_token),
    });
    expect(response.statusCode).toBe(200);
    await expectSignedOut(phone.token);
    await expectSignedIn(laptop.access_token);
  });

  it('a user made inactive', async () => {
    const { email, session } = await signUp(t);
    await t.db.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email));
    await expectSignedOut(session.access_token);
  });

  it('a new password (every session of the user ends)', async () => {
    const { email, session } = await signUp(t);
    expect((await post(t.app, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const code = await latestCode(t.db, email, 'reset_password');
    const reset = await post(t.app, '/api/auth/new-password', {
      email,
      code,
      password: 'brand-new-1',
      confirm_password: 'brand-new-1',
    });
    expect(reset.statusCode).toBe(200);
    await expectSignedOut(session.access_token);
    await expectSignedIn(reset.json().data.access_token);
  });

  it('platform staff deactivating the account refuses its holder everywhere at once; reactivating lets the same sign-in go on', async () => {
    const { session } = await signUp(t);
    const accountId = session.user.account_id ?? '';
    const setStatus = (status: 'active' | 'inactive') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/subscribers/${accountId}/status`,
        headers: bearer(staff),
        payload: { status },
      });
    expect((await setStatus('inactive')).statusCode).toBe(200);
    for (const url of ROUTES) {
      const response = await get(url, session.access_token);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).error).toEqual({
        code: 'ACCOUNT_INACTIVE',
        message: messages.accountInactive,
      });
    }
    expect((await setStatus('active')).statusCode).toBe(200);
    await expectSignedIn(session.access_token);
  });

  it('leaves public routes open to a request carrying an ended token', async () => {
    const { session, refreshToken } = await signUp(t);
    await post(t.app, '/api/auth/logout', undefined, withRefresh(refreshToken));
    expect((await get('/api/plans', session.access_token)).statusCode).toBe(200);
  });
});
