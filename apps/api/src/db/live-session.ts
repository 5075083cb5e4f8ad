import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { refreshTokens } from './schema/auth.ts';
import { subscriptions } from './schema/plans.ts';
import { accounts, users } from './schema/users.ts';
import { workspaceMembers, workspaces } from './schema/workspaces.ts';
import { onCurrentConnection } from './tenant-context.ts';
import { type LiveMembership, liveMembershipColumns, workspaceOfMember } from './tenant-scope.ts';

/**
 * Whether the sign-in an access token belongs to still holds:
 * - 'live': its refresh-token family has a token neither revoked nor expired, and its user is active;
 * - 'ended': signed out (logout, "sign out other sessions", a new password, reuse of a rotated
 *   token), expired, or the user was made inactive or deleted;
 * - 'account_inactive': the user holds accounts and platform staff made every one of them inactive
 *   (refused, not ended: reactivating lets the same sign-in go on, as refresh does).
 */
export type SessionState = 'live' | 'ended' | 'account_inactive';

/** The token's session, and for a workspace session its membership as the tenant scope reads it. */
export type LiveSession = { state: SessionState; membership: LiveMembership | undefined };

/** The session's query, with or without the membership of the workspace the token acts in. */
function sessionQuery(db: Db, inWorkspace: boolean) {
  // Joined on nothing (no row) when the token acts in no workspace.
  const memberOn: SQL = inWorkspace
    ? (and(
        eq(workspaceMembers.accountId, sql.placeholder('accountId')),
        eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')),
        eq(workspaceMembers.userId, users.id),
      ) as SQL)
    : sql`false`;
  return db
    .select({
      userStatus: users.status,
      holdsAccounts: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.ownerUserId} = ${users.id})`,
      holdsActiveAccount: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.ownerUserId} = ${users.id} and ${accounts.status} = 'active')`,
      ...liveMembershipColumns,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .leftJoin(workspaceMembers, memberOn)
    .leftJoin(workspaces, workspaceOfMember)
    .leftJoin(accounts, eq(accounts.id, workspaceMembers.accountId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, workspaceMembers.accountId))
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('familyId')),
        eq(refreshTokens.userId, sql.placeholder('userId')),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1);
}

/**
 * Prepared once per database (the statement is the same for every request; PostgreSQL plans it
 * once per connection), not built again for each request.
 */
const prepared = new WeakMap<Db, { inWorkspace: PreparedSession; atHome: PreparedSession }>();
type PreparedSession = ReturnType<ReturnType<typeof sessionQuery>['prepare']>;

function statementsOf(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = {
      inWorkspace: sessionQuery(db, true).prepare('live_session_in_workspace'),
      atHome: sessionQuery(db, false).prepare('live_session'),
    };
    prepared.set(db, statements);
  }
  return statements;
}

/**
 * One query per authenticated request, on the family index: the access token is short-lived but
 * must not outlive the sign-in that issued it. A token that acts in a workspace has its membership
 * (with the workspace, the account and its subscription) read in the same query, for the tenant
 * scope (db/tenant-scope.ts primeMembership), so a request costs one round trip before its work.
 */
export async function liveSession(db: Db, claims: AccessTokenClaims, now: Date): Promise<LiveSession> {
  const statements = statementsOf(db);
  const session = { familyId: claims.sid ?? '', userId: claims.user_id, now: now.toISOString() };
  const [row] =
    claims.account_id && claims.workspace_id
      ? await onCurrentConnection(db, statements.inWorkspace).execute({
          ...session,
          accountId: claims.account_id,
          workspaceId: claims.workspace_id,
        })
      : await onCurrentConnection(db, statements.atHome).execute(session);
  if (row?.userStatus !== 'active') return { state: 'ended', membership: undefined };
  const { userStatus, holdsAccounts, holdsActiveAccount, role, status, accountStatus, ...rest } = row;
  const membership =
    role && status && accountStatus
      ? ({ ...rest, role, status, accountStatus } as LiveMembership)
      : undefined;
  if (holdsAccounts && !holdsActiveAccount) return { state: 'account_inactive', membership };
  return { state: 'live', membership };
}
