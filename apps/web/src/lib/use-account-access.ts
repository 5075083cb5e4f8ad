import type { AccountAccess } from '@workhub/shared/enums';
import type { SessionSubscription } from '@workhub/shared/schemas/billing';
import { getSession, patchUser } from './session-store.ts';
import { useSession } from './use-session.ts';

export type AccountAccessState = {
  /** 'full' also when the session acts in no account (staff, a member at home): nothing to limit. */
  access: AccountAccess;
  readOnly: boolean;
  subscription: SessionSubscription | null;
};

/**
 * What the account the session acts in may do (SessionUser.subscription). Pages hide or disable
 * their create buttons when `readOnly`; the API refuses such changes anyway (403 READ_ONLY).
 */
export const useAccountAccess = (): AccountAccessState => {
  const session = useSession();
  const subscription = session.status === 'signed_in' ? (session.user.subscription ?? null) : null;
  const access = subscription?.access ?? 'full';
  return { access, readOnly: access === 'read_only', subscription };
};

/**
 * The API said READ_ONLY (the trial or paid period ended while this tab was open): the session
 * learns it at once, so the banner shows and create buttons hide without waiting for a refresh.
 */
export const markAccountReadOnly = (): void => {
  const session = getSession();
  if (session.status !== 'signed_in' || !session.user.subscription) return;
  if (session.user.subscription.access === 'read_only') return;
  patchUser({ subscription: { ...session.user.subscription, access: 'read_only', days_left: 0 } });
};
