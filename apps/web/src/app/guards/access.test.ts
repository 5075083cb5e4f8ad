import { describe, expect, it } from 'vitest';
import type { SessionState, SignedInSession } from '../../lib/session-store.ts';
import { fakeSubscription, fakeToken, fakeUser } from '../../test/fixtures.ts';
import { type AccessCondition, decideAccess, decideGuestAccess, meetsCondition } from './access.ts';

type Claims = Parameters<typeof fakeToken>[0];
type User = Parameters<typeof fakeUser>[0];

const signedIn = (claims: Claims = {}, user: User = {}): SignedInSession => {
  const token = fakeToken(claims);
  const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
  return { status: 'signed_in', accessToken: token, claims: payload, user: fakeUser(user) };
};

const signInRedirect = { kind: 'redirect', to: '/auth/user/login', rememberFrom: true };

describe('decideAccess', () => {
  it('waits while the session is being restored', () => {
    expect(decideAccess({ status: 'restoring' })).toEqual({ kind: 'wait' });
  });

  it('sends a visitor without a session to the sign-in screen, remembering where from', () => {
    expect(decideAccess({ status: 'signed_out', reason: 'none' })).toEqual(signInRedirect);
    expect(decideAccess({ status: 'signed_out', reason: 'expired' })).toEqual(signInRedirect);
  });

  it('sends a tab that just logged out to the public site, and other tabs to /signin', () => {
    expect(decideAccess({ status: 'signed_out', reason: 'logout' })).toEqual({
      kind: 'redirect',
      to: '/',
      rememberFrom: false,
    });
    expect(decideAccess({ status: 'signed_out', reason: 'other_tab' })).toEqual({
      kind: 'redirect',
      to: '/signin',
      rememberFrom: false,
    });
  });

  it('lets anyone with a token in by default', () => {
    expect(decideAccess(signedIn({ role: 'worker', accounts: 0 }))).toEqual({ kind: 'allow' });
  });

  it('refuses a session whose token is empty under the token condition', () => {
    const session: SessionState = { ...signedIn(), accessToken: '' };
    expect(decideAccess(session, { anyOf: ['token'] })).toEqual(signInRedirect);
  });

  it('checks the account condition against the accounts claim (1 or more)', () => {
    expect(decideAccess(signedIn({ accounts: 1 }), { anyOf: ['account'] })).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn({ accounts: 3 }), { anyOf: ['account'] })).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn({ accounts: 0 }, { accounts: 0 }), { anyOf: ['account'] })).toEqual(
      signInRedirect,
    );
  });

  it('treats only platform staff as admin, not a workspace admin', () => {
    const rule = { anyOf: ['admin'] as const };
    expect(decideAccess(signedIn({ role: 'admin' }, { platform_role: 'admin' }), rule)).toEqual({
      kind: 'allow',
    });
    expect(decideAccess(signedIn({ role: 'super_admin' }, { platform_role: 'super_admin' }), rule)).toEqual({
      kind: 'allow',
    });
    expect(decideAccess(signedIn({ role: 'admin' }, { platform_role: null }), rule)).toEqual(signInRedirect);
  });

  it.each(['member', 'worker', 'customer', 'guest'] as const)(
    'passes the %s condition only for that role',
    (role) => {
      expect(decideAccess(signedIn({ role }), { anyOf: [role] })).toEqual({ kind: 'allow' });
      expect(decideAccess(signedIn({ role: 'owner' }), { anyOf: [role] })).toEqual(signInRedirect);
    },
  );

  it('passes a template condition only in a workspace of that template', () => {
    const rule = { anyOf: [{ template: 'mrp' }] as const };
    expect(decideAccess(signedIn({ template: 'mrp' }), rule)).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn({ template: 'crm' }), rule)).toEqual(signInRedirect);
    expect(decideAccess(signedIn({ template: null }), rule)).toEqual(signInRedirect);
  });

  it('passes when any one of several conditions holds', () => {
    const rule = { anyOf: ['admin', 'worker'] as const };
    expect(decideAccess(signedIn({ role: 'worker' }), rule)).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn({ role: 'member' }), rule)).toEqual(signInRedirect);
  });

  it('sends an account holder without a plan to /subscription_type when the route requires one', () => {
    const noPlan = signedIn({ accounts: 1 }, { plan_chosen: false });
    expect(decideAccess(noPlan, { requirePlan: true })).toEqual({
      kind: 'redirect',
      to: '/subscription_type',
      rememberFrom: false,
    });
    expect(decideAccess(noPlan)).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn({ accounts: 1 }, { plan_chosen: true }), { requirePlan: true })).toEqual({
      kind: 'allow',
    });
  });

  it('does not send a holder who never picked a plan to the picker once the trial is over or a plan is paid', () => {
    for (const subscription of [
      fakeSubscription({ access: 'read_only', days_left: 0 }),
      fakeSubscription({ plan_id: 2, status: 'active', current_period_end: '2027-01-01T00:00:00.000Z' }),
    ]) {
      const session = signedIn({ accounts: 1 }, { plan_chosen: false, subscription });
      expect(decideAccess(session, { requirePlan: true })).toEqual({ kind: 'allow' });
    }
    const inTrial = signedIn({ accounts: 1 }, { plan_chosen: false, subscription: fakeSubscription() });
    expect(decideAccess(inTrial, { requirePlan: true })).toMatchObject({ to: '/subscription_type' });
  });

  it('asks a holder for their plan only where they act for their own account', () => {
    const inTrial = { plan_chosen: false, subscription: fakeSubscription() };
    const ownWorkspace = signedIn({ accounts: 1, role: 'owner', workspace_id: 'w-own' }, inTrial);
    expect(decideAccess(ownWorkspace, { requirePlan: true })).toMatchObject({ to: '/subscription_type' });
    // Signed up, then accepted an invitation: a worker in someone else's workspace, whose plan
    // (and whose subscription the session carries) is that account's, not theirs to pick.
    for (const role of ['admin', 'member', 'worker', 'guest', 'customer'] as const) {
      const invited = signedIn({ accounts: 1, role, workspace_id: 'w-other' }, inTrial);
      expect(decideAccess(invited, { requirePlan: true }), role).toEqual({ kind: 'allow' });
    }
  });

  it('does not ask for a plan from someone who holds no account', () => {
    const member = signedIn({ accounts: 0, role: 'member' }, { accounts: 0, plan_chosen: false });
    expect(decideAccess(member, { requirePlan: true })).toEqual({ kind: 'allow' });
  });
});

describe('meetsCondition', () => {
  it('falls back to the user record when the token could not be decoded', () => {
    const session: SignedInSession = {
      ...signedIn(),
      claims: null,
      user: fakeUser({ role: 'worker', accounts: 2 }),
    };
    const conditions: AccessCondition[] = ['worker', 'account', 'token'];
    for (const condition of conditions) expect(meetsCondition(session, condition)).toBe(true);
    expect(meetsCondition(session, { template: 'workspace' })).toBe(false);
  });
});

describe('decideGuestAccess', () => {
  it('lets visitors see the sign-in screens', () => {
    expect(decideGuestAccess({ status: 'signed_out', reason: 'none' })).toEqual({ kind: 'allow' });
    expect(decideGuestAccess({ status: 'signed_out', reason: 'logout' })).toEqual({ kind: 'allow' });
  });

  it('sends a user who arrives signed in to /workspace', () => {
    expect(decideGuestAccess(signedIn())).toEqual({
      kind: 'redirect',
      to: '/workspace',
      rememberFrom: false,
    });
  });

  it('waits while the session is being restored', () => {
    expect(decideGuestAccess({ status: 'restoring' })).toEqual({ kind: 'wait' });
  });
});
