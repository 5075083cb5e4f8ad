import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledUrls, mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../test/fixtures.ts';
import { getLostWorkspace, setLostWorkspace } from './lost-workspace.ts';
import { expireSession, restoreSession, setSessionLostHandler, signIn, signOut } from './session.ts';
import { getSession } from './session-store.ts';
import { LOGOUT_KEY, listenForLogout } from './tab-sync.ts';

const fetchMock = mockFetchPerTest();
const urls = () => calledUrls(fetchMock);

afterEach(() => setSessionLostHandler(() => {}));

describe('session restore on page load', () => {
  it('trades the refresh cookie for a session', async () => {
    const auth = fakeAuthSession();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: auth }));
    expect(getSession()).toEqual({ status: 'restoring' });
    await restoreSession();
    expect(urls()).toEqual(['/api/auth/session']);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(getSession()).toMatchObject({ status: 'signed_in', accessToken: auth.access_token });
  });

  it('remembers the workspace the restore says the device was put out of (removed meanwhile), and why', async () => {
    const auth = {
      ...fakeAuthSession({ role: 'member', accounts: 0 }, { role: 'member', accounts: 0, workspace: null }),
      left_workspace: { workspace_name: 'Acme Works', reason: 'removed' as const },
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: auth }));
    await restoreSession();
    expect(getLostWorkspace()).toEqual({ name: 'Acme Works', reason: messages.notAMember });
    setLostWorkspace(null);
  });

  it('ends signed out, without a request error, when there is no cookie ({ data: null })', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: null }));
    await restoreSession();
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'none' });
  });

  it('ends signed out when the cookie is not valid', async () => {
    const lost = vi.fn();
    setSessionLostHandler(lost);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    await restoreSession();
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'none' });
    expect(lost).not.toHaveBeenCalled();
  });

  it('says why when the server refuses the session (a deactivated account), once the app listens', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, { error: { code: 'ACCOUNT_INACTIVE', message: messages.accountInactiveMember } }),
    );
    setSessionLostHandler(null);
    await restoreSession();
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'none' });
    // The restore runs before the app renders: its handler, set later, is told then, and once.
    const lost = vi.fn();
    setSessionLostHandler(lost);
    expect(lost).toHaveBeenCalledWith('refused', messages.accountInactiveMember);
    setSessionLostHandler(lost);
    expect(lost).toHaveBeenCalledTimes(1);
  });
});

describe('silent refresh', () => {
  it('refreshes 120 s before the token expires, then plans the next one', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    signIn(fakeAuthSession({ exp: Math.floor(now / 1000) + 900 }));
    const next = fakeAuthSession({ exp: Math.floor(now / 1000) + 1800, user_id: 'next' });
    fetchMock.mockResolvedValue(jsonResponse(200, { data: next }));

    await vi.advanceTimersByTimeAsync(779_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(urls()).toEqual(['/api/auth/refresh']);
    expect(getSession()).toMatchObject({ status: 'signed_in', accessToken: next.access_token });

    await vi.advanceTimersByTimeAsync(900_000);
    expect(urls()).toEqual(['/api/auth/refresh', '/api/auth/refresh']);
  });

  it('signs out and reports the loss when the silent refresh fails', async () => {
    vi.useFakeTimers();
    const lost = vi.fn();
    setSessionLostHandler(lost);
    signIn(fakeAuthSession({ exp: Math.floor(Date.now() / 1000) + 130 }));
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'expired' });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledWith('expired');
  });

  it("reports a refresh refused for a deactivated account with the server's words, not as an expiry", async () => {
    vi.useFakeTimers();
    const lost = vi.fn();
    setSessionLostHandler(lost);
    signIn(fakeAuthSession({ exp: Math.floor(Date.now() / 1000) + 130 }));
    fetchMock.mockResolvedValue(
      jsonResponse(403, { error: { code: 'ACCOUNT_INACTIVE', message: messages.accountInactive } }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'expired' });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledWith('refused', messages.accountInactive);
  });

  it("takes a refused refresh for another tab's sign-out when one came after this tab's sign-in", async () => {
    vi.useFakeTimers();
    const lost = vi.fn();
    setSessionLostHandler(lost);
    signIn(fakeAuthSession({ exp: Math.floor(Date.now() / 1000) + 130 }));
    // Another tab signed out (its marker written) before this tab's refresh reached the server.
    await vi.advanceTimersByTimeAsync(1_000);
    localStorage.setItem(LOGOUT_KEY, String(Date.now()));
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'other_tab' });
    expect(lost).toHaveBeenCalledWith('other_tab');
  });
});

describe('logout', () => {
  it('writes the logout marker, then revokes on the server and forgets the session', async () => {
    signIn(fakeAuthSession());
    let markerWhenRevoking: string | null = null;
    fetchMock.mockImplementationOnce(async () => {
      markerWhenRevoking = localStorage.getItem(LOGOUT_KEY);
      return new Response(null, { status: 204 });
    });
    await signOut();
    expect(urls()).toEqual(['/api/auth/logout']);
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'logout' });
    // The other tabs are told before the server revokes: none of them can see a refused request first.
    expect(Number(markerWhenRevoking)).toBeGreaterThan(0);
  });

  it("takes a request refused during this tab's own sign-out for that sign-out, not another tab's", async () => {
    const lost = vi.fn();
    setSessionLostHandler(lost);
    signIn(fakeAuthSession());
    let revoke: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (revoke = resolve)));
    const signingOut = signOut();
    // The server revoked the session; a request of this tab was refused and its refresh too.
    expireSession();
    expect(lost).not.toHaveBeenCalled();
    revoke(new Response(null, { status: 204 }));
    await signingOut;
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'logout' });
    expect(lost).not.toHaveBeenCalled();
    // Once it is done, a later refused refresh is reported again.
    signIn(fakeAuthSession());
    expireSession();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('still signs out locally when the server cannot be reached', async () => {
    signIn(fakeAuthSession());
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await signOut();
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'logout' });
  });

  it("tells other tabs through the 'logout' storage event", () => {
    const onLogout = vi.fn();
    const stop = listenForLogout(onLogout);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '1' }));
    window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_KEY, newValue: null }));
    expect(onLogout).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_KEY, newValue: String(Date.now()) }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_KEY, newValue: String(Date.now()) }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
