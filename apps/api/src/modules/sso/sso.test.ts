import { REFRESH_COOKIE } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
import { userIdentities } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  errorOf,
  openTestDb,
  PASSWORD,
  post,
  refreshCookieOf,
  registration,
  signUp,
  type TestApp,
  testApp,
  uniqueEmail,
  withRefresh,
} from '../../test/helpers.ts';
import { IDP_CLIENT, signInAtIdp, startTestIdp, type TestIdp } from '../../test/oidc-provider.ts';
import { createWorkspace, enter, login } from '../../test/tenants.ts';
import { SSO_STATE_COOKIE } from './sso-state.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/oauth/oidc/callback`;

let db: DbHandle;
let idp: TestIdp;
let t: TestApp;
let unconfigured: FastifyInstance;

beforeAll(async () => {
  db = await openTestDb();
  idp = await startTestIdp(CALLBACK);
  t = await testApp(db, {
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: IDP_CLIENT.id,
    OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
    OIDC_LABEL: 'Test SSO',
  });
  unconfigured = (await testApp(db)).app;
});
afterAll(async () => {
  await t?.app.close();
  await unconfigured?.close();
  await idp?.close();
  await db?.close();
});

let subjects = 0;
/** A provider account with that address; answers its `sub`. */
function idpAccount(email: string, verified = true, names = { given_name: 'Grace', family_name: 'Hopper' }) {
  subjects += 1;
  const sub = `sub-${Date.now().toString(36)}-${subjects}`;
  idp.accounts.set(sub, { email, email_verified: verified, ...names });
  return sub;
}

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

async function start(next?: string) {
  const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
  const response = await t.app.inject({ method: 'GET', url: `/api/auth/oauth/oidc/start${query}` });
  expect(response.statusCode, response.body).toBe(302);
  const state = cookieOf(response, SSO_STATE_COOKIE);
  if (!state) throw new Error('start set no state cookie');
  return { location: String(response.headers.location), stateCookie: state.value, response };
}

const callback = (url: URL, stateCookie: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: stateCookie === undefined ? {} : { cookie: `${SSO_STATE_COOKIE}=${stateCookie}` },
  });

/** The whole round trip as `sub`: start, the provider's login, the callback. */
async function signInAs(sub: string, next?: string) {
  const started = await start(next);
  idp.signInAs = sub;
  const back = await signInAtIdp(started.location, CALLBACK);
  return callback(back, started.stateCookie);
}

async function restore(response: LightMyRequestResponse) {
  const refresh = refreshCookieOf(response);
  expect(refresh, 'refresh cookie').toBeDefined();
  const restored = await post(t.app, '/api/auth/session', undefined, withRefresh(refresh));
  expect(restored.statusCode, restored.body).toBe(200);
  return restored.json().data;
}

const userByEmail = async (email: string) => {
  const [user] = await db.db.select().from(users).where(eq(users.email, email));
  return user;
};

describe('GET /api/auth/providers', () => {
  it('lists both providers, the configured OIDC one enabled with its label', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: 'github', label: 'GitHub', enabled: false },
        { id: 'oidc', label: 'Test SSO', enabled: true },
      ],
    });
  });

  it('lists both disabled when nothing is configured (no sign-in needed)', async () => {
    const response = await unconfigured.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json().data).toEqual([
      { id: 'github', label: 'GitHub', enabled: false },
      { id: 'oidc', label: 'Google', enabled: false },
    ]);
  });
});

describe('GET /api/auth/oauth/{provider}/start', () => {
  it('sends the browser to the provider with state, nonce and PKCE, and sets the Lax state cookie', async () => {
    const { location, response } = await start('/project/list');
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(IDP_CLIENT.id);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(param)).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = cookieOf(response, SSO_STATE_COOKIE);
    expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oauth', maxAge: 600 });
    // Encrypted: neither the state nor the verifier can be read from it.
    expect(state?.value).not.toContain(url.searchParams.get('state'));
  });

  it('answers 404 providerNotConfigured for an unconfigured provider', async () => {
    for (const [app, provider] of [
      [unconfigured, 'oidc'],
      [t.app, 'github'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/auth/oauth/${provider}/start` });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({
        error: { code: 'NOT_FOUND', message: messages.providerNotConfigured },
      });
    }
    const callbackResponse = await unconfigured.inject({
      method: 'GET',
      url: '/api/auth/oauth/oidc/callback',
    });
    expect(callbackResponse.statusCode).toBe(404);
  });

  it('answers 400 for an unknown provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/twitter/start' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/auth/oauth/oidc/callback', () => {
  it('creates a verified account holder with no plan chosen, signs in and goes to next', async () => {
    const email = uniqueEmail('sso-new');
    const sub = idpAccount(email);
    const response = await signInAs(sub, '/project/list');
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/project/list');
    expect(cookieOf(response, REFRESH_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    const user = await userByEmail(email);
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', status: 'active' });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    const [identity] = await db.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? ''));
    expect(identity).toMatchObject({ provider: 'oidc', subject: `${idp.issuer}#${sub}`, email });
    const [subscription] = await db.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, user?.heldAccountId ?? ''));
    expect(subscription).toMatchObject({ status: 'trialing', planChosenAt: null });

    const session = await restore(response);
    expect(session.user).toMatchObject({ email, role: 'owner', accounts: 1, plan_chosen: false });
    // A normal session: the access token names its family, and the password of nobody does not work.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('signs the same identity in again as the same user, without a second one', async () => {
    const email = uniqueEmail('sso-again');
    const sub = idpAccount(email);
    expect((await signInAs(sub)).headers.location).toBe('/workspace');
    const again = await signInAs(sub);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/workspace');
    expect((await restore(again)).user.email).toBe(email);
    const identities = await db.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, `${idp.issuer}#${sub}`));
    expect(identities).toHaveLength(1);
  });

  it('links to an existing verified user of that e-mail and keeps their password', async () => {
    const holder = await signUp(t);
    const sub = idpAccount(holder.email.toUpperCase(), true, { given_name: 'Other', family_name: 'Name' });
    const response = await signInAs(sub);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/workspace');
    const session = await restore(response);
    expect(session.user.user_id).toBe(holder.session.user.user_id);
    expect(session.user.plan_chosen).toBe(holder.session.user.plan_chosen);
    const user = await userByEmail(holder.email);
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(
      (await post(t.app, '/api/auth/login', { email: holder.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('without next, lands on the dashboard of the workspace the user worked in last', async () => {
    const holder = await signUp(t);
    const home = await login(t, holder.email);
    const workspace = await createWorkspace(t, home.token, { template: 'crm' });
    t.clock.advance(1); // the test clock stands still; a real sign-in comes later than the last one
    await enter(t, home, workspace.workspace_id);
    t.clock.advance(1);
    const response = await signInAs(idpAccount(holder.email, true));
    expect(response.headers.location).toBe('/dashboard_crm');
    expect((await restore(response)).user.workspace).toMatchObject({ workspace_id: workspace.workspace_id });
    // An explicit next still wins.
    expect((await signInAs(idpAccount(holder.email, true), '/project/list')).headers.location).toBe(
      '/project/list',
    );
  });

  it('links an unverified sign-up, marks it verified and drops the password nobody proved', async () => {
    const email = uniqueEmail('sso-unverified');
    expect((await post(t.app, '/api/auth/register', registration(email))).statusCode).toBe(201);
    const before = await userByEmail(email);
    const response = await signInAs(idpAccount(email));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/workspace');
    const after = await userByEmail(email);
    expect(after?.id).toBe(before?.id);
    expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await post(t.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('refuses an e-mail the provider has not verified: providerEmailUnverified, no user', async () => {
    const email = uniqueEmail('sso-unverified-claim');
    const response = await signInAs(idpAccount(email, false));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/login?sso_error=email_unverified');
    expect(refreshCookieOf(response)).toBeUndefined();
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses an inactive user with loginInactive and does not link', async () => {
    const holder = await signUp(t);
    await db.db.update(users).set({ status: 'inactive' }).where(eq(users.email, holder.email));
    const response = await signInAs(idpAccount(holder.email));
    expect(response.headers.location).toBe('/auth/login?sso_error=inactive');
    expect(refreshCookieOf(response)).toBeUndefined();
    const user = await userByEmail(holder.email);
    const linked = await db.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? ''));
    expect(linked).toHaveLength(0);
  });

  it('refuses a state that does not match the cookie (another browser started it)', async () => {
    const sub = idpAccount(uniqueEmail('sso-csrf'));
    const victim = await start();
    const attacker = await start();
    idp.signInAs = sub;
    const back = await signInAtIdp(attacker.location, CALLBACK);
    const response = await callback(back, victim.stateCookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/login?sso_error=failed');
    expect(refreshCookieOf(response)).toBeUndefined();
    // The state cookie is spent either way.
    expect(cookieOf(response, SSO_STATE_COOKIE)?.value).toBe('');
  });

  it('refuses a callback without the state cookie, with a forged one, or after 10 minutes', async () => {
    const sub = idpAccount(uniqueEmail('sso-state'));
    for (const tamper of ['missing', 'forged', 'expired'] as const) {
      const started = await start();
      idp.signInAs = sub;
      const back = await signInAtIdp(started.location, CALLBACK);
      if (tamper === 'expired') t.clock.advance(601);
      const cookie = { missing: undefined, forged: `${started.stateCookie}x`, expired: started.stateCookie }[
        tamper
      ];
      const response = await callback(back, cookie);
      expect(response.headers.location, tamper).toBe('/auth/login?sso_error=failed');
      expect(refreshCookieOf(response)).toBeUndefined();
    }
  });

  it('goes back to the sign-in screen when the user cancels at the provider', async () => {
    const started = await start();
    const state = new URL(started.location).searchParams.get('state');
    const response = await callback(
      new URL(`${CALLBACK}?error=access_denied&state=${state}`),
      started.stateCookie,
    );
    expect(response.headers.location).toBe('/auth/login?sso_error=failed');
  });

  it('keeps next on this site: an absolute or protocol-relative next lands on /workspace', async () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const response = await signInAs(idpAccount(uniqueEmail('sso-next')), next);
      expect(response.headers.location, next).toBe('/workspace');
    }
  });

  it('answers 400 for a malformed callback query, never a 500', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oauth/oidc/callback?state=${'x'.repeat(600)}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the sign-in rate limit', () => {
  it('counts provider sign-ins per IP and sends the browser back with rate_limited', async () => {
    const limited = await testApp(db, {
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: IDP_CLIENT.id,
      OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
      AUTH_RATE_LIMIT_PER_IP: '2',
    });
    try {
      const go = () => limited.app.inject({ method: 'GET', url: '/api/auth/oauth/oidc/start' });
      expect((await go()).statusCode).toBe(302);
      expect((await go()).headers.location).not.toContain('sso_error');
      const third = await go();
      expect(third.headers.location).toBe('/auth/login?sso_error=rate_limited');
      expect(cookieOf(third, SSO_STATE_COOKIE)).toBeUndefined();
    } finally {
      await limited.app.close();
    }
  });
});
