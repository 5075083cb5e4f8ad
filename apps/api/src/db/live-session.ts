import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { refreshTokens } from './schema/auth.ts';
import { accounts, users } from './schema/users.ts';

/**
 * Whether the sign-in an access token belongs to still holds:
 * - 'live': its refresh-token family has a token neither revoked nor expired, and its user is active;
 * - 'ended': signed out (logout, "sign out other sessions", a new password, reuse of a rotated
 *   token), expired, or the user was made inactive or deleted;
 * - 'account_inactive': the user holds accounts and platform staff made every one of them inactive
 *   (refused, not ended: reactivating lets the same sign-in go on, as refresh does).
 */
export type SessionState = 'live' | 'ended' | 'account_inactive';

/**
 * One query per authenticated request, on the family index: the access token is short-lived but
 * must not outlive the sign-in that issued it.
 */
export async function sessionState(
  db: Db,
  userId: string,
  familyId: string,
  now: Date,
): Promise<SessionState> {
  const [row] = await db
    .select({
      userStatus: users.status,
      holdsAccounts: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.ownerUserId} = ${users.id})`,
      holdsActiveAccount: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.ownerUserId} = ${users.id} and ${accounts.status} = 'active')`,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (row?.userStatus !== 'active') return 'ended';
  if (row.holdsAccounts && !row.holdsActiveAccount) return 'account_inactive';
  return 'live';
}
