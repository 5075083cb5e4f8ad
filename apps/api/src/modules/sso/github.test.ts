import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DbHandle } from '../../db/client.ts';
import { userIdentities } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import {
  openTestDb,
  post,
  refreshCookieOf,
  signUp,
  TestClock,
  testConfig,
  uniqueEmail,
  withRefresh,
} from '../../test/helpers.ts';
import { SSO_STATE_COOKIE } from './sso-state.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CLIENT = { id: 'gh-client', secret: 'gh-secret' };

type GithubEmail = { email: string; primary: boolean; verified: boolean };
type FakeUser = { id: number; login: string; name: string | null; emails: GithubEmail[] };

/**
 * GitHub's token endpoint and REST API as far as the sign-in uses them: each issued code is one
 * fake user; the token endpoint checks the client's Basic credentials and the PKCE verifier.
 */
async function startFakeGithub() {
  const byCode = new Map<string, FakeUser>();
  const byToken = new Map<string, FakeUser>();
  const seen: { codeVerifier: string | null; redirectUri: string | null }[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => resolve(text));
    });
  const server = createServer(async (req, res) => {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && req.url === '/login/oauth/access_token') {
      const form = new URLSearchParams(await body(req));
      const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) return json(401, { error: 'invalid_client' });
      seen.push({ codeVerifier: form.get('code_verifier'), redirectUri: form.get('redirect_uri') });
      const user = byCode.get(form.get('code') ?? '');
      // GitHub answers 200 with an error body for a bad code.
      if (!user) return json(200, { error: 'bad_verification_code' });
      const token = `gho_${user.id}_${Math.random().toString(36).slice(2)}`;
      byToken.set(token, user);
      return json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const user = byToken.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!user) return json(401, { message: 'Bad credentials' });
    if (req.url === '/user') return json(200, { id: user.id, login: user.login, name: user.name });
    if (req.url === '/user/emails') return json(200, user.emails);
    return json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let ids = 1000;
  return {
    url,
    seen,
    /** A code the token endpoint will take for this user. */
    codeFor(user: Omit<FakeUser, 'id'>) {
      ids += 1;
      const code = `code-${ids}`;
      byCode.set(code, { id: ids, ...user });
      return { code, id: ids };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let db: DbHandle;
let github: Awaited<ReturnType<typeof startFakeGithub>>;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openTestDb();
  github = await startFakeGithub();
  const config = testConfig({ PUBLIC_URL, GITHUB_CLIENT_ID: CLIENT.id, GITHUB_CLIENT_SECRET: CLIENT.secret });
  const sso = config.sso.github;
  if (!sso) throw new Error('GitHub is not configured');
  // Only the tests point GitHub's endpoints elsewhere, through the config object (no variable for it).
  config.sso.github = { ...sso, oauthUrl: github.url, apiUrl: github.url };
  app = await buildApp(config, { db, now: new TestClock().now });
});
afterAll(async () => {
  await app?.close();
  await github?.close();
  await db?.close();
});

/** Start, then come back from "GitHub" with `code` and the state it was given. */
async function roundTrip(code: string, next = '/workspace') {
  const started = await app.inject({ method: 'GET', url: `/api/auth/oauth/github/start?next=${next}` });
  expect(started.statusCode).toBe(302);
  const authorize = new URL(String(started.headers.location));
  const stateCookie = started.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '';
  const state = authorize.searchParams.get('state') ?? '';
  const response = await app.inject({
    method: 'GET',
    url: `/api/auth/oauth/github/callback?code=${code}&state=${state}`,
    headers: { cookie: `${SSO_STATE_COOKIE}=${stateCookie}` },
  });
  return { authorize, response };
}

const emails = (email: string, verified = true): GithubEmail[] => [
  { email: 'old@users.noreply.github.com', primary: false, verified: true },
  { email, primary: true, verified },
];

describe('GitHub sign-in', () => {
  it('lists GitHub as enabled', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json().data[0]).toEqual({ id: 'github', label: 'GitHub', enabled: true });
  });

  it('goes to GitHub authorize with state, PKCE and the e-mail scope', async () => {
    const { authorize } = await roundTrip('unused');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oauth/github/callback`);
    expect(authorize.searchParams.get('scope')).toBe('read:user user:email');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('creates a verified user from the verified primary e-mail, named from the profile', async () => {
    const email = uniqueEmail('gh-new');
    const { code, id } = github.codeFor({
      login: 'ghopper',
      name: 'Grace Brewster Hopper',
      emails: emails(email),
    });
    const { response } = await roundTrip(code, '/team');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/team');
    expect(github.seen.at(-1)?.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const [user] = await db.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Brewster Hopper' });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    const [identity] = await db.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? ''));
    expect(identity).toMatchObject({ provider: 'github', subject: String(id), email });
    const restored = await post(app, '/api/auth/session', undefined, withRefresh(refreshCookieOf(response)));
    expect(restored.json().data.user).toMatchObject({ email, plan_chosen: false });
  });

  it('links to the existing user of that verified e-mail', async () => {
    const t = { app, db, clock: new TestClock(), serverErrors: [] };
    const holder = await signUp(t);
    const { code } = github.codeFor({ login: 'ada', name: null, emails: emails(holder.email) });
    const { response } = await roundTrip(code);
    const restored = await post(app, '/api/auth/session', undefined, withRefresh(refreshCookieOf(response)));
    expect(restored.json().data.user.user_id).toBe(holder.session.user.user_id);
  });

  it('refuses an unverified primary e-mail with email_unverified', async () => {
    const email = uniqueEmail('gh-unverified');
    const { code } = github.codeFor({ login: 'nobody', name: null, emails: emails(email, false) });
    const { response } = await roundTrip(code);
    expect(response.headers.location).toBe('/auth/login?sso_error=email_unverified');
    expect(refreshCookieOf(response)).toBeUndefined();
    expect(await db.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('goes back with sso_error=failed when GitHub refuses the code', async () => {
    const { response } = await roundTrip('not-a-code');
    expect(response.headers.location).toBe('/auth/login?sso_error=failed');
  });

  it('refuses a state that is not the one of the cookie', async () => {
    const email = uniqueEmail('gh-state');
    const { code } = github.codeFor({ login: 'x', name: 'X', emails: emails(email) });
    const started = await app.inject({ method: 'GET', url: '/api/auth/oauth/github/start' });
    const stateCookie = started.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '';
    const response = await app.inject({
      method: 'GET',
      url: `/api/auth/oauth/github/callback?code=${code}&state=someone-elses`,
      headers: { cookie: `${SSO_STATE_COOKIE}=${stateCookie}` },
    });
    expect(response.headers.location).toBe('/auth/login?sso_error=failed');
    expect(await db.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});
