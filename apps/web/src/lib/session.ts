import type { AuthSession } from '@workhub/shared/schemas/auth';
import { ApiError } from './api-error.ts';
import { requestJson, setStaleSessionHandler } from './http.ts';
import { lostWorkspaceWords, setLostWorkspace } from './lost-workspace.ts';
import { createRefreshScheduler, expiryFrom } from './refresh-schedule.ts';
import {
  getSession,
  type SignedInSession,
  type SignedOutReason,
  setSignedIn,
  setSignedOut,
} from './session-store.ts';
import { broadcastLogout, lastLogoutAt } from './tab-sync.ts';

type Envelope<T> = { data: T; message?: string };

/**
 * Why a tab lost its session: its refresh failed, another tab signed out, or the server refused the
 * session for a reason the user must read (`refused`, with the server's message: the account was
 * deactivated, and a new sign-in would be refused too).
 */
export type SessionLoss = 'expired' | 'other_tab' | 'refused';
type SessionLostHandler = (loss: SessionLoss, message?: string) => void;

let onSessionLost: SessionLostHandler | null = null;
/** A refusal met while restoring, before the app set its handler: told once it does. */
let untold: string | null = null;

/**
 * The app decides what losing the session means (a toast and /auth/login; /signin when another tab
 * signed out); lib stays router-free. Null: nobody listens (the app unmounted).
 */
export const setSessionLostHandler = (handler: SessionLostHandler | null): void => {
  onSessionLost = handler;
  if (untold === null || handler === null) return;
  const message = untold;
  untold = null;
  handler('refused', message);
};

/** The server's words when it refuses the session itself (403 ACCOUNT_INACTIVE), else null. */
const refusalOf = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 403 && error.code === 'ACCOUNT_INACTIVE'
    ? error.message
    : null;

/** When this tab's session began (its sign-in or restore), to tell a later sign-out elsewhere. */
let signedInAt = 0;

/**
 * This tab's own sign-out is under way: a request refused meanwhile (the server revoked the
 * session before this tab forgot it) is that sign-out, not an expiry nor another tab's.
 */
let signingOut = false;

const scheduler = createRefreshScheduler(() => {
  refreshSession().catch((error: unknown) => expireSession(error));
});

/** Keeps a session the API answered (sign-in, verify, new password, refresh, restore). */
export const signIn = (auth: AuthSession): SignedInSession => {
  signedInAt = Date.now();
  // A refresh or restore that brought the device home from a workspace it lost says which and why.
  const left = auth.left_workspace;
  if (auth.user.workspace) setLostWorkspace(null);
  else if (left) setLostWorkspace({ name: left.workspace_name, reason: lostWorkspaceWords(left.reason) });
  const session = setSignedIn(auth);
  scheduler.schedule(expiryFrom(session.claims?.exp, auth.expires_in));
  return session;
};

let inFlightRefresh: Promise<AuthSession> | null = null;

/**
 * POST /api/auth/refresh with the cookie. Concurrent callers (a burst of 401s, the timer) share one
 * request, because the server rotates the refresh token on every use.
 */
export const refreshSession = (): Promise<AuthSession> => {
  if (!inFlightRefresh) {
    inFlightRefresh = requestJson<Envelope<AuthSession>>('/api/auth/refresh', { method: 'POST' })
      .then((body) => {
        signIn(body.data);
        return body.data;
      })
      .finally(() => {
        inFlightRefresh = null;
      });
  }
  return inFlightRefresh;
};

/**
 * At most one refresh for stale claims per token, and none sooner than this after the last: a
 * refresh whose new token were still stale would otherwise refresh on every answer.
 */
export const STALE_REFRESH_GAP_MS = 2_000;
let staleRefresh = { token: '', at: Number.NEGATIVE_INFINITY };

/**
 * An answer said the token's workspace claims no longer hold (the API's X-Session-Stale: a new
 * role, a removal, an archived workspace): the session is refreshed once, and the navigation
 * follows the new token (a removed member's refresh comes back to their own account). The API
 * already applied the live membership to the request; only what the page shows was behind. A
 * refresh that leaves the workspace behind is remembered (lib/lost-workspace.ts), with the words
 * of the refusal that came with the answer, so the page can say why.
 */
setStaleSessionHandler((refusal) => {
  const session = getSession();
  const now = Date.now();
  if (session.status !== 'signed_in') return;
  if (session.accessToken === staleRefresh.token || now - staleRefresh.at < STALE_REFRESH_GAP_MS) return;
  staleRefresh = { token: session.accessToken, at: now };
  const left = session.user.workspace;
  refreshSession()
    .then((auth) => {
      if (left && !auth.user.workspace) setLostWorkspace({ name: left.workspace_name, reason: refusal });
    })
    .catch(() => {});
});

/**
 * On page load: trade the refresh cookie for a session. No cookie answers `{ data: null }` (an
 * anonymous visitor); any failure also means signed out. A session the server refuses for a reason
 * (a deactivated account) is reported, so the sign-in page says why rather than nothing.
 */
export const restoreSession = async (): Promise<void> => {
  try {
    const body = await requestJson<Envelope<AuthSession | null>>('/api/auth/session', { method: 'POST' });
    if (body.data) signIn(body.data);
    else clearSession('none');
  } catch (error) {
    clearSession('none');
    const message = refusalOf(error);
    if (message === null) return;
    if (onSessionLost) onSessionLost('refused', message);
    else untold = message;
  }
};

/** Forgets the session in this tab only (another tab signed out, or the refresh failed). */
export const clearSession = (reason: SignedOutReason): void => {
  scheduler.cancel();
  setLostWorkspace(null);
  setSignedOut(reason);
};

/**
 * The refresh failed while signed in: forget the session and let the app send the user on. When
 * another tab signed out since this one's session began, that is why (its request can be refused
 * before its 'logout' storage event arrives): the user goes where a sign-out elsewhere sends them,
 * not to "session expired". A refresh the server refused for a reason (`error`: a deactivated
 * account) is reported with its words: "sign in again" would be refused as well.
 */
export const expireSession = (error?: unknown): void => {
  if (signingOut) return;
  const wasSignedIn = getSession().status === 'signed_in';
  const refusal = refusalOf(error);
  const loss: SessionLoss = (lastLogoutAt() ?? 0) >= signedInAt ? 'other_tab' : 'expired';
  clearSession(loss);
  if (!wasSignedIn || !onSessionLost) return;
  if (refusal !== null && loss === 'expired') onSessionLost('refused', refusal);
  else onSessionLost(loss);
};

/**
 * Sign out everywhere: tell the other tabs, revoke on the server, forget here. The other tabs are
 * told first: told after, a tab whose request reached the server just after the revocation took
 * the refused refresh for an expired session.
 */
export const signOut = async (): Promise<void> => {
  signingOut = true;
  broadcastLogout();
  try {
    await requestJson<void>('/api/auth/logout', { method: 'POST' });
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  } finally {
    clearSession('logout');
    signingOut = false;
  }
};
