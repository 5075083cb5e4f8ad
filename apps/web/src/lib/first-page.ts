import { useSyncExternalStore } from 'react';

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
