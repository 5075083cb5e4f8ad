import type { TokenRole } from '@workhub/shared/enums';
import type { SignedInSession } from './session-store.ts';

/** The role the user acts in: the token's claim, else the user record's. */
export const roleOf = (session: SignedInSession): TokenRole => session.claims?.role ?? session.user.role;

/** Spec section 3: an `accounts` claim of 1 or more means the user holds an account. */
export const isAccountHolder = (session: SignedInSession): boolean =>
  (session.claims?.accounts ?? session.user.accounts) >= 1;

/** Platform staff. A workspace 'admin' role is not platform staff, so only platform_role counts. */
export const isPlatformAdmin = (session: SignedInSession): boolean =>
  session.user.platform_role === 'admin' || session.user.platform_role === 'super_admin';

export const isSuperAdmin = (session: SignedInSession): boolean =>
  session.user.platform_role === 'super_admin';
