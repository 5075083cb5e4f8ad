import { messages } from '@workhub/shared/messages';
import type { ActiveSession } from '@workhub/shared/schemas/account';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  errorOf,
  PASSWORD,
  post,
  refreshCookieOf,
  signUp,
  testApp,
  uniqueEmail,
  useTestApp,
  withRefresh,
} from '../../test/helpers.ts';
import { sidOf } from '../../test/staff.ts';
import { type Device, login, refreshed } from '../../test/tenants.ts';

const t = useTestApp();

const NEW_PASSWORD = 'brand-new-1';
const passwordForm = (overrides: object = {}) => ({
  current_password: PASSWORD,
  password: NEW_PASSWORD,
  confirm_password: NEW_PASSWORD,
  ...overrides,
});

const changePassword = (token: string | undefined, payload: object, app = t.app) =>
  post(app, '/api/me/password', payload, token ? bearer(token) : {});
const listSessions = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: token ? bearer(token) : {} });
const revokeOne = (token: string | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: token ? bearer(token) : {} });
const revokeOthers = (token?: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: token ? bearer(token) : {} });
const refreshStatus = async (device: Pick<Device, 'cookie'>) =>
  (await post(t.app, '/api/auth/refresh', undefined, withRefresh(device.cookie))).statusCode;

/** A user signed in on three devices (three sessions). */
async function threeDevices() {
  const { email } = await signUp(t);
  const [laptop, phone, tablet] = [await login(t, email), await login(t, email), await login(t, email)];
  if (!laptop || !phone || !tablet) throw new Error('no devices');
  return { email, laptop, phone, tablet };
}

describe('POST /api/me/password', () => {
  it('sets the new password and signs out every other session, keeping this one', async () => {
    const { email, laptop, phone, tablet } = await threeDevices();
    const response = await changePassword(laptop.token, passwordForm());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.passwordChanged });

    expect(await refreshStatus(phone)).toBe(401);
    expect(await refreshStatus(tablet)).toBe(401);
    expect(await refreshStatus(laptop)).toBe(200);
    expect((await post(t.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(t.app, '/api/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers 400 on current_password when it is wrong, and changes nothing', async () => {
    const { email, laptop, phone } = await threeDevices();
    const response = await changePassword(laptop.token, passwordForm({ current_password: 'not-it-1' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { current_password: messages.currentPasswordWrong },
    });
    expect(await refreshStatus(phone)).toBe(200);
    expect((await post(t.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    [{ current_password: '' }, 'current_password', messages.passwordRequired],
    [{ current_password: undefined }, 'current_password', messages.passwordRequired],
    [{ password: '', confirm_password: '' }, 'password', messages.registerPasswordRequired],
    [{ password: 'abc', confirm_password: 'abc' }, 'password', messages.registerPasswordMin],
    [{ confirm_password: '' }, 'confirm_password', messages.confirmPasswordRequired],
    [{ confirm_password: 'something-else' }, 'confirm_password', messages.passwordsMustMatch],
    [{ password: PASSWORD, confirm_password: PASSWORD }, 'password', messages.passwordUnchanged],
  ])('answers 400 for %j on %s', async (overrides, field, message) => {
    const { session } = await signUp(t);
    const response = await changePassword(session.access_token, passwordForm(overrides));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields?.[field]).toBe(message);
  });

  it('answers 401 without a token', async () => {
    expect((await changePassword(undefined, passwordForm())).statusCode).toBe(401);
  });

  it('counts every try per user and answers 429 over the limit', async () => {
    const limited = await testApp(t.db, { AUTH_RATE_LIMIT_PER_EMAIL: '2' });
    try {
      const { session } = await signUp(limited);
      const wrong = passwordForm({ current_password: 'not-it-1' });
      for (let i = 0; i < 2; i++) {
        expect((await changePassword(session.access_token, wrong, limited.app)).statusCode).toBe(400);
      }
      const refused = await changePassword(session.access_token, passwordForm(), limited.app);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).error.retry_after).toBeGreaterThan(0);
      // Another user is not held back by the first one's tries.
      const other = await signUp(limited, uniqueEmail('other'));
      expect((await changePassword(other.session.access_token, passwordForm(), limited.app)).statusCode).toBe(
        200,
      );
    } finally {
      await limited.app.close();
    }
  });
});

describe('GET /api/me/sessions', () => {
  it('lists one entry per sign-in, marking the one that asks as current', async () => {
    const { email } = await signUp(t);
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
    const signedIn = await post(
      t.app,
      '/api/auth/login',
      { email, password: PASSWORD },
      { 'user-agent': ua },
    );
    const firefox = signedIn.json().data.access_token as string;
    const phone = await login(t, email);

    const response = await listSessions(firefox);
    expect(response.statusCode).toBe(200);
    const sessions: ActiveSession[] = response.json().data;
    // Sign-up's verify, the Firefox login and the phone login.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.session_id)).toEqual([sidOf(firefox)]);
    expect(sessions.find((s) => s.current)).toMatchObject({
      user_agent: ua,
      ip: '127.0.0.1',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
    });
    expect(sessions.map((s) => s.session_id)).toContain(sidOf(phone.token));
  });

  it('keeps one entry per sign-in across refreshes, still current, with last_used_at moved on', async () => {
    const { email } = await signUp(t);
    const device = await login(t, email);
    const before = (await listSessions(device.token)).json().data as ActiveSession[];
    t.clock.advance(60);
    const later = await refreshed(t, device);
    expect(sidOf(later.token)).toBe(sidOf(device.token));
    const after = (await listSessions(later.token)).json().data as ActiveSession[];
    expect(after).toHaveLength(before.length);
    const current = after.find((s) => s.current);
    expect(current?.session_id).toBe(sidOf(device.token));
    expect(current?.created_at).toBe(before.find((s) => s.current)?.created_at);
    expect(Date.parse(current?.last_used_at ?? '')).toBeGreaterThan(Date.parse(current?.created_at ?? ''));
  });

  it('leaves out sessions signed out', async () => {
    const { email } = await signUp(t);
    const device = await login(t, email);
    const gone = await login(t, email);
    await post(t.app, '/api/auth/logout', undefined, withRefresh(gone.cookie));
    const ids = ((await listSessions(device.token)).json().data as ActiveSession[]).map((s) => s.session_id);
    expect(ids).not.toContain(sidOf(gone.token));
    expect(ids).toContain(sidOf(device.token));
  });

  it('answers 401 without a token', async () => {
    expect((await listSessions()).statusCode).toBe(401);
  });
});

describe('DELETE /api/me/sessions/:id', () => {
  it('signs that session out: its refresh answers 401, the others keep working', async () => {
    const { laptop, phone, tablet } = await threeDevices();
    const response = await revokeOne(laptop.token, sidOf(phone.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.sessionRevoked });
    expect(await refreshStatus(phone)).toBe(401);
    expect(await refreshStatus(tablet)).toBe(200);
    expect(await refreshStatus(laptop)).toBe(200);
    const ids = ((await listSessions(laptop.token)).json().data as ActiveSession[]).map((s) => s.session_id);
    expect(ids).not.toContain(sidOf(phone.token));
  });

  it("answers 404 for another user's session, which stays signed in", async () => {
    const mine = await threeDevices();
    const theirs = await threeDevices();
    const response = await revokeOne(mine.laptop.token, sidOf(theirs.phone.token));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).error.code).toBe('NOT_FOUND');
    expect(await refreshStatus(theirs.phone)).toBe(200);
  });

  it('answers 404 for an unknown id and for a session already signed out', async () => {
    const { laptop, phone } = await threeDevices();
    expect((await revokeOne(laptop.token, crypto.randomUUID())).statusCode).toBe(404);
    expect((await revokeOne(laptop.token, sidOf(phone.token))).statusCode).toBe(200);
    expect((await revokeOne(laptop.token, sidOf(phone.token))).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a uuid, 401 without a token', async () => {
    const { laptop, phone } = await threeDevices();
    expect((await revokeOne(laptop.token, 'nope')).statusCode).toBe(400);
    expect((await revokeOne(undefined, sidOf(phone.token))).statusCode).toBe(401);
  });
});

describe('DELETE /api/me/sessions', () => {
  it('signs every other session out and keeps this one', async () => {
    const { laptop, phone, tablet } = await threeDevices();
    const response = await revokeOthers(laptop.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.sessionsRevoked });
    expect(await refreshStatus(phone)).toBe(401);
    expect(await refreshStatus(tablet)).toBe(401);
    const next = await post(t.app, '/api/auth/refresh', undefined, withRefresh(laptop.cookie));
    expect(next.statusCode).toBe(200);
    const sessions = (await listSessions(next.json().data.access_token)).json().data as ActiveSession[];
    expect(sessions).toEqual([expect.objectContaining({ session_id: sidOf(laptop.token), current: true })]);
    expect(refreshCookieOf(next)).toBeDefined();
  });

  it('answers 401 without a token', async () => {
    expect((await revokeOthers()).statusCode).toBe(401);
  });
});
