import { useSyncExternalStore } from 'react';
import { getSession } from './session-store.ts';

/**
 * Whether the chunks of the page the visit opened on have loaded (or failed to), so that the routes'
 * first render finds them loaded and shows the page without suspending (lazy-page.ts). main.tsx
 * holds the first render on them (holdFirstRender) while the session is restored; until then the
 * app shows its loader, which is not a Suspense fallback and starts no 300 ms hold of its own.
 * Without a hold (a test, a render outside main.tsx) it is true.
 */
let waiting = false;
const listeners = new Set<() => void>();

export const holdFirstRender = (loading: Promise<unknown>): void => {
  waiting = true;
  const release = () => {
    waiting = false;
    for (const listener of listeners) listener();
  };
  loading.then(release, release);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loaded = () => !waiting;

export const useFirstPageLoaded = (): boolean => useSyncExternalStore(subscribe, loaded, loaded);

/**
 * What the first render of an address behind sign-in waits for: its page's chunks (`page`), unless
 * the session's restore (`restoring`) finds no session first. The guard then sends the visitor to
 * the sign-in page, and only what that shows (`signInPage()`) is waited for, not the page's chunks
 * (a phone's download of the shell and the page before the sign-in page could even render).
 */
export const signedInFirstRender = (
  page: Promise<unknown>,
  restoring: Promise<unknown>,
  signInPage: () => Promise<unknown>,
): Promise<unknown> =>
  Promise.race([
    page,
    restoring.catch(() => {}).then(() => (getSession().status === 'signed_out' ? signInPage() : page)),
  ]);
