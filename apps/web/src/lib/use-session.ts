import { useSyncExternalStore } from 'react';
import { getSession, type SessionState, subscribeSession } from './session-store.ts';

/** The current session; re-renders on sign-in, refresh and sign-out. */
export const useSession = (): SessionState => useSyncExternalStore(subscribeSession, getSession, getSession);
