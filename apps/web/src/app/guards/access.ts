import type { Template } from '@workhub/shared/enums';
import { isAccountHolder, isPlatformStaff } from '@workhub/shared/roles';
import { authOf } from '../../lib/auth.ts';
import type { SessionState, SignedInSession } from '../../lib/session-store.ts';

/**
 * What a protected route may ask of the user (spec section 2, 'Route guard'). Role conditions
 * compare the token's `role` claim exactly; `admin` means platform staff (platform_role admin or
 * super_admin), not a workspace admin.
 */
export type AccessCondition =
  | 'token'
  | 'account'
  | 'admin'
  | 'member'
  | 'worker'
  | 'customer'
  | 'guest'
  | { template: Template };

export type AccessRule = {
  /** Passing any one of them is enough. Default: a token is present. */
  anyOf?: readonly AccessCondition[];
  /** An account holder who has not picked a plan yet is sent to /subscription_type first. */
  requirePlan?: boolean;
};

export type AccessDecision =
  | { kind: 'allow' }
  /** The session is still being restored: show the loader, decide later. */
  | { kind: 'wait' }
  /** Go elsewhere; `rememberFrom` asks the sign-in screen to bring the user back afterwards. */
  | { kind: 'redirect'; to: string; rememberFrom: boolean };

export const SIGN_IN_PATH = '/auth/user/login';
/** Where an account holder changes a plan once the trial is over or a plan is paid for. */
export const BILLING_PATH = '/user/billing';
export const CHOOSE_PLAN_PATH = '/subscription_type';
export const HOME_PATH = '/workspace';
/** Where this tab goes after its own logout: the public site (spec section 2). */
export const AFTER_LOGOUT_PATH = '/';
/** Where other tabs go when one tab logs out (spec section 2). */
export const SIGNED_OUT_ELSEWHERE_PATH = '/signin';

const signIn: AccessDecision = { kind: 'redirect', to: SIGN_IN_PATH, rememberFrom: true };

export const meetsCondition = (session: SignedInSession, condition: AccessCondition): boolean => {
  const auth = authOf(session);
  if (typeof condition === 'object') return auth.template === condition.template;
  switch (condition) {
    case 'token':
      return session.accessToken.length > 0;
    case 'account':
      return isAccountHolder(auth);
    case 'admin':
      return isPlatformStaff(auth);
    case 'member':
    case 'worker':
    case 'customer':
    case 'guest':
      return auth.role === condition;
  }
};

/**
 * Whether the session's account holder may still pick a plan on /subscription_type: while the free
 * trial runs (the API refuses a pick once it is over or a plan is paid for: the plan then changes
 * at checkout, on the billing page). A session that does not carry its subscription is let
 * through; the API decides.
 */
export const mayPickPlan = (session: SignedInSession): boolean => {
  const subscription = session.user.subscription;
  return subscription === null || (subscription.status === 'trialing' && subscription.access === 'full');
};

/**
 * Whether the session acts for the account its user holds: at home (no workspace), or in one of
 * that account's workspaces (as its owner; 'owner' is never a role given by invitation). A holder
 * who accepted an invitation acts in another account's workspace with the role given there: that
 * account's plan is not theirs to pick, and the API refuses the pick (403).
 */
export const actsForOwnAccount = (session: SignedInSession): boolean => {
  const auth = authOf(session);
  return auth.workspace_id === null || auth.role === 'owner';
};

/** The guard of every protected route, as a pure function of the session. */
export const decideAccess = (session: SessionState, rule: AccessRule = {}): AccessDecision => {
  switch (session.status) {
    case 'restoring':
      return { kind: 'wait' };
    case 'signed_out':
      switch (session.reason) {
        case 'logout':
          return { kind: 'redirect', to: AFTER_LOGOUT_PATH, rememberFrom: false };
        case 'other_tab':
          return { kind: 'redirect', to: SIGNED_OUT_ELSEWHERE_PATH, rememberFrom: false };
        case 'expired':
        case 'none':
          return signIn;
      }
      break;
    case 'signed_in': {
      const conditions = rule.anyOf && rule.anyOf.length > 0 ? rule.anyOf : (['token'] as const);
      if (!conditions.some((condition) => meetsCondition(session, condition))) return signIn;
      if (
        rule.requirePlan &&
        isAccountHolder(authOf(session)) &&
        actsForOwnAccount(session) &&
        !session.user.plan_chosen &&
        mayPickPlan(session)
      ) {
        return { kind: 'redirect', to: CHOOSE_PLAN_PATH, rememberFrom: false };
      }
      return { kind: 'allow' };
    }
  }
};

/**
 * The guard of the sign-in, sign-up and code screens: someone who arrives already signed in goes
 * to /workspace. It looks at the session as it was when the screen opened, so a sign-in made on the
 * screen itself is followed by the screen's own navigation (e.g. verify -> /subscription_type).
 */
export const decideGuestAccess = (sessionOnEntry: SessionState): AccessDecision => {
  switch (sessionOnEntry.status) {
    case 'restoring':
      return { kind: 'wait' };
    case 'signed_in':
      return { kind: 'redirect', to: HOME_PATH, rememberFrom: false };
    case 'signed_out':
      return { kind: 'allow' };
  }
};
