import type { Auth } from '@workhub/shared/permissions';
import { useMemo } from 'react';
import { authOf } from './auth.ts';
import { useSession } from './use-session.ts';

/** The signed-in user's `Auth` for `can()`, or null without a session. */
export const useAuth = (): Auth | null => {
  const session = useSession();
  return useMemo(() => (session.status === 'signed_in' ? authOf(session) : null), [session]);
};
