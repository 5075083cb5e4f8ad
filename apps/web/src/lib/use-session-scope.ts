import { authOf } from './auth.ts';
import { useSession } from './use-session.ts';

/**
 * Who is asking, and (for `tenant`) in which account and workspace: a part of every query key, so
 * that after choosing another workspace (or signing in as someone else) no cached answer of the
 * previous one is ever shown, while each query family can still be invalidated by its first key
 * part. The role is part of it too: the API answers by role (the dashboard's team panel, which
 * tasks a worker sees), so a member made admin meanwhile never reads the member's cached answer.
 * `place` is the person in a workspace whatever their role: what this browser keeps for them there
 * (the counter they work at). `user` is for what belongs to the person whatever workspace they act
 * in (the picker's list).
 */
export const useSessionScope = (level: 'tenant' | 'place' | 'user' = 'tenant'): string => {
  const session = useSession();
  if (session.status !== 'signed_in') return 'signed-out';
  const auth = authOf(session);
  if (level === 'user') return auth.user_id;
  const place = `${auth.user_id}/${auth.account_id ?? '-'}/${auth.workspace_id ?? '-'}`;
  return level === 'place' ? place : `${place}/${auth.role}`;
};
