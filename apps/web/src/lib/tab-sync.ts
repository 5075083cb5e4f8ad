/** localStorage key written on sign-out; other tabs listen for it (spec section 9: `logout`). */
export const LOGOUT_KEY = 'logout';

/** Tells every other tab of this origin that the user signed out. */
export const broadcastLogout = (now: number = Date.now()): void => {
  try {
    localStorage.setItem(LOGOUT_KEY, String(now));
  } catch {
    // Storage can be unavailable (private mode, quota): the other tabs then notice on their next call.
  }
};

/** When a tab of this origin last signed out (ms since the epoch), or null. */
export const lastLogoutAt = (): number | null => {
  try {
    const value = Number(localStorage.getItem(LOGOUT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
};

/** Runs `onLogout` when another tab signs out. Returns the unsubscribe function. */
export const listenForLogout = (onLogout: () => void): (() => void) => {
  const handler = (event: StorageEvent) => {
    if (event.key === LOGOUT_KEY && event.newValue !== null) onLogout();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
};
