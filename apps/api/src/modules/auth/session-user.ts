import type { LeftWorkspaceReason, SessionUser } from '@workhub/shared/schemas/auth';
import type { SessionSubscription } from '@workhub/shared/schemas/billing';
import { eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptionPlans, subscriptions } from '../../db/schema/plans.ts';
import { accounts, type UserRow, users } from '../../db/schema/users.ts';
import { toSessionSubscription } from '../../db/subscription-times.ts';
import { crossTenant } from '../../db/tenant-context.ts';
import { findMembership, type Membership, workspaceNameOf } from '../../db/tenant-scope.ts';
import { unauthorized } from '../../lib/app-error.ts';

/** The workspace a session acts in: the membership it was opened with. */
export type WorkspaceContext = Pick<
  Membership,
  'accountId' | 'workspaceId' | 'role' | 'template' | 'workspaceName' | 'publicSlug'
>;

type AccountRow = {
  accountId: string;
  ownerUserId: string;
  subscription: typeof subscriptions.$inferSelect | null;
  planTitle: string | null;
};

function sessionSubscriptionOf(row: AccountRow | undefined, now: Date): SessionSubscription | null {
  const subscription = row?.subscription;
  if (!subscription || row.planTitle === null) return null;
  return toSessionSubscription(subscription, row.planTitle, now);
}

/**
 * Who the user is for the client and for the token. At home (no workspace chosen): role = platform
 * role, else 'owner' for an account holder, else 'member', and account_id = the account they hold.
 * In a workspace: role and account_id are those of the membership. plan_chosen is false only for
 * a holder who has not picked a plan. `subscription` is that of the account the session acts in,
 * at `now`.
 */
export async function sessionUserOf(
  db: Db,
  user: UserRow,
  workspace: WorkspaceContext | null,
  now: Date,
): Promise<SessionUser> {
  const actingAccountId = workspace ? workspace.accountId : user.heldAccountId;
  // One query: the accounts the user holds and the one the session acts in, with their plans.
  const held: SQL = eq(accounts.ownerUserId, user.id);
  const rows: AccountRow[] = await crossTenant(
    db,
    'the accounts a user holds, and the one they act in',
    (tx) =>
      tx
        .select({
          accountId: accounts.id,
          ownerUserId: accounts.ownerUserId,
          subscription: subscriptions,
          planTitle: subscriptionPlans.title,
        })
        .from(accounts)
        .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
        .leftJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionId, subscriptions.planId))
        .where(actingAccountId ? or(held, eq(accounts.id, actingAccountId)) : held),
  );
  const heldRows = rows.filter((a) => a.ownerUserId === user.id);
  const main = heldRows.find((a) => a.accountId === user.heldAccountId) ?? heldRows[0];
  const homeRole = user.platformRole ?? (heldRows.length > 0 ? 'owner' : 'member');
  const acting = rows.find((a) => a.accountId === actingAccountId);
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: workspace ? workspace.role : homeRole,
    platform_role: user.platformRole,
    account_id: workspace ? workspace.accountId : user.heldAccountId,
    accounts: heldRows.length,
    email_verified: user.emailVerifiedAt !== null,
    plan_chosen: user.platformRole !== null || !main || (main.subscription?.planChosenAt ?? null) !== null,
    workspace: workspace
      ? {
          workspace_id: workspace.workspaceId,
          workspace_name: workspace.workspaceName,
          template: workspace.template,
          role: workspace.role,
          public_slug: workspace.publicSlug,
        }
      : null,
    subscription: user.platformRole !== null && !workspace ? null : sessionSubscriptionOf(acting, now),
  };
}

/**
 * The workspace a session may act in now, or null: the membership must exist and be active, the
 * workspace must not be archived and its account must be active. Refresh and session restore
 * fall back to home on null.
 */
export async function usableWorkspace(
  db: Db,
  userId: string,
  workspaceId: string | null,
): Promise<WorkspaceContext | null> {
  if (!workspaceId) return null;
  const membership = await findMembership(db, userId, workspaceId);
  if (membership?.status !== 'active' || membership.archived || membership.accountStatus !== 'active') {
    return null;
  }
  return membership;
}

/** A device's workspace it can no longer open: its name, and why (AuthSession.left_workspace). */
export type LeftWorkspace = { workspace_name: string; reason: LeftWorkspaceReason };

/**
 * The workspace a device acted in, if the user may still open it (as usableWorkspace), else why
 * not: a refresh that brings the device home says so once.
 */
export async function deviceWorkspace(
  db: Db,
  userId: string,
  workspaceId: string | null,
): Promise<{ workspace: WorkspaceContext | null; left: LeftWorkspace | null }> {
  if (!workspaceId) return { workspace: null, left: null };
  const membership = await findMembership(db, userId, workspaceId);
  if (!membership) {
    const name = await workspaceNameOf(db, workspaceId);
    return { workspace: null, left: name === undefined ? null : { workspace_name: name, reason: 'removed' } };
  }
  const reason: LeftWorkspaceReason | null =
    membership.status !== 'active'
      ? 'inactive'
      : membership.archived
        ? 'archived'
        : membership.accountStatus !== 'active'
          ? 'account_inactive'
          : null;
  if (reason) return { workspace: null, left: { workspace_name: membership.workspaceName, reason } };
  return { workspace: membership, left: null };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** The user of an access token, if still active: one deleted or deactivated since is signed out (401). */
export async function requireActiveUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (user?.status !== 'active') throw unauthorized();
  return user;
}
