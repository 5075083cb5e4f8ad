import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorOf, post, signUp, useTestApp, withRefresh } from '../../test/helpers.ts';

const t = useTestApp();

/** The test config's PUBLIC_URL is unset, so the app's own origin is http://localhost:3000. */
const OWN_ORIGIN = 'http://localhost:3000';

/** Every route that reads or sets the refresh cookie, with a body it accepts. */
const cookieRoutes: [string, object | undefined][] = [
  ['/api/auth/refresh', undefined],
  ['/api/auth/session', undefined],
  ['/api/auth/workspace-session', { workspace_id: null }],
  ['/api/auth/logout', undefined],
  ['/api/auth/login', { email: 'someone@example.com', password: 'whatever' }],
  ['/api/auth/verify-email', { email: 'someone@example.com', code: 'ABC123' }],
  [
    '/api/auth/new-password',
    { email: 'someone@example.com', code: 'ABC123', password: 'secret-9', confirm_password: 'secret-9' },
  ],
  ['/api/invitations/0123456789abcdef0123456789abcdef/accept', {}],
];

const expectRefused = (response: Awaited<ReturnType<typeof post>>) => {
  expect(response.statusCode).toBe(403);
  expect(errorOf(response).error).toEqual({ code: 'FORBIDDEN', message: messages.crossSiteRefused });
  expect(response.headers['set-cookie']).toBeUndefined();
};

describe.each(cookieRoutes)('POST %s from another site', (url, body) => {
  it('answers 403 to a foreign Origin, and to Origin: null', async () => {
    const { refreshToken } = await signUp(t);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
      expectRefused(await post(t.app, url, body, { ...withRefresh(refreshToken), origin }));
    }
  });

  it('answers 403 to Sec-Fetch-Site: cross-site when there is no Origin', async () => {
    const { refreshToken } = await signUp(t);
    expectRefused(
      await post(t.app, url, body, { ...withRefresh(refreshToken), 'sec-fetch-site': 'cross-site' }),
    );
  });

  it('lets the own origin, the request host and header-less clients through', async () => {
    const { refreshToken } = await signUp(t);
    const own = await post(t.app, url, body, { ...withRefresh(refreshToken), origin: OWN_ORIGIN });
    expect(own.statusCode).not.toBe(403);
    const sameHost = await post(t.app, url, body, {
      ...withRefresh(refreshToken),
      host: '127.0.0.1:5173',
      origin: 'http://127.0.0.1:5173',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameHost.statusCode).not.toBe(403);
    expect((await post(t.app, url, body, withRefresh(refreshToken))).statusCode).not.toBe(403);
  });
});

describe('a refused cross-site request changes nothing', () => {
  it('does not rotate, revoke or restore the session', async () => {
    const { refreshToken } = await signUp(t);
    const foreign = { ...withRefresh(refreshToken), origin: 'https://evil.example' };
    expectRefused(await post(t.app, '/api/auth/logout', undefined, foreign));
    expectRefused(await post(t.app, '/api/auth/refresh', undefined, foreign));
    // The cookie still works from the app itself: neither refusal revoked nor rotated it.
    const own = await post(t.app, '/api/auth/refresh', undefined, {
      ...withRefresh(refreshToken),
      origin: OWN_ORIGIN,
    });
    expect(own.statusCode).toBe(200);
  });
});
