/**
 * The signed-in session, kept in memory only.
 *
 * Everything this web app keeps in the browser (for docs/deviations.md, against spec section 9):
 * - memory only: the access token, its decoded claims and the signed-in user. A reload loses them;
 *   the app then restores them with POST /api/auth/session, which reads the refresh cookie.
 * - cookie `refresh_token`: set and cleared by the API (httpOnly, SameSite=Strict, path /api/auth);
 *   this code cannot read it.
 * - localStorage `logout`: the time (ms since the epoch) of the last sign-out in any tab; the other
 *   tabs see its `storage` event and go to /signin (lib/tab-sync.ts).
 * - localStorage `remember_email`: the e-mail of the sign-in screen, only while 'Remember me' was
 *   checked at the last sign-in (features/auth/remember-email.ts).
 * - sessionStorage `email`: the address being verified, between sign-up (or the sign-in screen's
 *   'Resend code') and /auth/verify; removed once verified.
 * - sessionStorage `signup_attempt`: `{ email, attempt_id }` of the sign-up made in this browser; the
 *   verify screen sends the attempt with the code and with resend (features/auth/browser-keys.ts).
 * - sessionStorage `workhub.lost-workspace`: `{ name, reason }` of the workspace this tab's session
 *   was just put out of (lib/lost-workspace.ts), until a workspace is entered or the user signs out.
 * - localStorage `workhub.ticketing.counter:<user>/<account>/<workspace>`: the counter a queue
 *   member chose in the counter console, so that it opens on it again (features/ticketing/pages/
 *   use-chosen-counter.ts); a counter's id only, per user and workspace.
 * - history state (not storage): `resendAvailableAt` handed from register / forgot-password /
 *   resend to the code screens, and `from` (where the guard sent the user from).
 * No token is ever written to localStorage or sessionStorage (spec keys accessToken / refresh_token
 * are dropped on purpose). Nor are the spec's workspace id and template keys: the current workspace
 * and its template travel in the access token (`workspace_id`, `template`) and in
 * `SessionUser.workspace`, both in memory, and the refresh cookie keeps them across a reload;
 * choosing another workspace replaces the whole session (features/workspace/api/choose-workspace.ts).
 */
import type { AccessTokenClaims, AuthSession, SessionUser } from '@workhub/shared/schemas/auth';
import { decodeClaims } from './jwt.ts';

/**
 * Why there is no session: never was one (`none`), the user signed out in this tab (`logout`),
 * in another tab (`other_tab`), or the refresh failed (`expired`). The guards route on it.
 */
export type SignedOutReason = 'none' | 'logout' | 'other_tab' | 'expired';

export type SessionState =
  | { status: 'restoring' }
  | { status: 'signed_out'; reason: SignedOutReason }
  | { status: 'signed_in'; accessToken: string; claims: AccessTokenClaims | null; user: SessionUser };

export type SignedInSession = Extract<SessionState, { status: 'signed_in' }>;

type Listener = () => void;

let state: SessionState = { status: 'restoring' };
const listeners = new Set<Listener>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const getSession = (): SessionState => state;

export const subscribeSession = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const getAccessToken = (): string | null => (state.status === 'signed_in' ? state.accessToken : null);

export const setSignedIn = (auth: AuthSession): SignedInSession => {
  const next: SignedInSession = {
    status: 'signed_in',
    accessToken: auth.access_token,
    claims: decodeClaims(auth.access_token),
    user: auth.user,
  };
  state = next;
  emit();
  return next;
};

export const setSignedOut = (reason: SignedOutReason = 'none'): void => {
  state = { status: 'signed_out', reason };
  emit();
};

/** The user has reached the page a sign-out sent them to; later guard decisions treat it as 'none'. */
export const acknowledgeSignOut = (): void => {
  if (state.status !== 'signed_out' || state.reason === 'none') return;
  state = { status: 'signed_out', reason: 'none' };
  emit();
};

/** Merges what the server answered about the user (e.g. plan_chosen after picking a plan). */
export const patchUser = (patch: Partial<SessionUser>): void => {
  if (state.status !== 'signed_in') return;
  state = { ...state, user: { ...state.user, ...patch } };
  emit();
};

/** For tests: back to the state of a fresh page load. */
export const resetSessionForTests = (): void => {
  state = { status: 'restoring' };
  listeners.clear();
};
