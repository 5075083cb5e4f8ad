/**
 * The two keys the auth screens keep in the browser (listed with the others in lib/session-store.ts).
 * Storage can be unavailable (private mode, quota); every access falls back to "nothing stored".
 */

// 'Remember me' keeps the e-mail (never the password) in localStorage under `remember_email`,
// so the sign-in screen starts with it filled in next time; signing in unchecked removes it.
const REMEMBER_EMAIL_KEY = 'remember_email';

// sessionStorage `email`: the address a code was sent to, so /auth/verify and /auth/new-password
// still know it when the URL lacks it (spec: 'Email is missing in session storage').
const PENDING_EMAIL_KEY = 'email';

const read = (storage: () => Storage, key: string): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
};

const write = (storage: () => Storage, key: string, value: string | null): void => {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not kept.
  }
};

export const readRememberedEmail = () => read(() => localStorage, REMEMBER_EMAIL_KEY);
export const rememberEmail = (email: string | null) => write(() => localStorage, REMEMBER_EMAIL_KEY, email);

export const readPendingEmail = () => read(() => sessionStorage, PENDING_EMAIL_KEY);
export const savePendingEmail = (email: string | null) =>
  write(() => sessionStorage, PENDING_EMAIL_KEY, email);

// sessionStorage `signup_attempt`: the sign-up attempt register answered, with its e-mail. The
// verify screen sends it back with the code and with resend, so both act on the attempt made in
// this browser and never on one someone else made with the same address later.
const SIGNUP_ATTEMPT_KEY = 'signup_attempt';

/** The attempt this browser made for `email`, or null (another address, or none kept). */
export const readSignupAttempt = (email: string): string | null => {
  const kept = read(() => sessionStorage, SIGNUP_ATTEMPT_KEY);
  if (!kept) return null;
  try {
    const value = JSON.parse(kept) as { email?: unknown; attempt_id?: unknown };
    return value.email === email && typeof value.attempt_id === 'string' ? value.attempt_id : null;
  } catch {
    return null;
  }
};

export const saveSignupAttempt = (attempt: { email: string; attemptId: string } | null) =>
  write(
    () => sessionStorage,
    SIGNUP_ATTEMPT_KEY,
    attempt ? JSON.stringify({ email: attempt.email, attempt_id: attempt.attemptId }) : null,
  );
