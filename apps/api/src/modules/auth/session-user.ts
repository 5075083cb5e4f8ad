import type { SessionUser } from '@workhub/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { accounts, type UserRow, users } from '../../db/schema/users.ts';
import { findMembership, type Membership } from '../../db/tenant-scope.ts';
import { unauthorized } from '../../plugins/errors.ts';

/** The workspace a session acts in: the membership it was opened with. */
export type WorkspaceContext = Pick<
  Membership,
  'accountId' | 'workspaceId' | 'role' | 'template' | 'workspaceName'
>;

/**
 * Who the user is for the client and for the token. At home (no workspace chosen): role = platform
 * role, else 'owner' for an account holder, else 'member', and account_id = the account they hold.
 * In a workspace: role and account_id are those of the membership. plan_chosen is false only for
 * a holder who has not picked a plan.
 */
export async function sessionUserOf(
  db: Db,
  user: UserRow,
  workspace: WorkspaceContext | null = null,
): Promise<SessionUser> {
  const held = await db
    .select({ accountId: accounts.id, planChosenAt: subscriptions.planChosenAt })
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.ownerUserId, user.id));
  const main = held.find((a) => a.accountId === user.accountId) ?? held[0];
  const homeRole = user.platformRole ?? (held.length > 0 ? 'owner' : 'member');
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: workspace ? workspace.role : homeRole,
    platform_role: user.platformRole,
    account_id: workspace ? workspace.accountId : user.accountId,
    accounts: held.length,
    email_verified: user.emailVerifiedAt !== null,
    plan_chosen: user.platformRole !== null || !main || main.planChosenAt !== null,
    workspace: workspace
      ? {
          workspace_id: workspace.workspaceId,
          workspace_name: workspace.workspaceName,
          template: workspace.template,
          role: workspace.role,
        }
      : null,
  };
}

/**
 * The workspace a session may act in now, or null: the membership must exist and be active and
 * the workspace must not be archived. Refresh and session restore fall back to home on null.
 */
export async function usableWorkspace(
  db: Db,
  userId: string,
  workspaceId: string | null,
): Promise<WorkspaceContext | null> {
  if (!workspaceId) return null;
  const membership = await findMembership(db, userId, workspaceId);
  if (membership?.status !== 'active' || membership.archived) return null;
  return membership;
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
