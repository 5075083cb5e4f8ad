import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { AuthSession } from '@workhub/shared/schemas/auth';
import { and, desc, eq, gt, inArray, isNull, min, ne, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { type RefreshTokenRow, refreshTokens } from '../../db/schema/auth.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  accountInactive,
  findMembership,
  shutOutByInactiveAccounts,
  workspaceUnavailable,
} from '../../db/tenant-scope.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { recordAudit } from '../audit/audit.ts';
import {
  deviceWorkspace,
  findUserById,
  type LeftWorkspace,
  sessionUserOf,
  usableWorkspace,
  type WorkspaceContext,
} from './session-user.ts';

/** Two tabs restoring at once both present the same token; the slower one is not a thief. */
export const ROTATION_GRACE_SECONDS = 30;
const REFRESH_TTL_SECONDS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60;

export type ClientMeta = { userAgent: string | undefined; ip: string };

/** A signed-in answer; `refreshToken` is set when a new cookie must be sent. */
export type SignedIn = { session: AuthSession; refreshToken: string | undefined };

const sessionEnded = () => unauthorized(messages.sessionExpired);

export function createSessionService(ctx: Ctx) {
  const { db, now, tokens } = ctx;

  /** The access token carries its family as `sid`, so /api/me/sessions knows which one is asking. */
  async function authSession(
    user: UserRow,
    workspace: WorkspaceContext | null,
    familyId: string,
    left: LeftWorkspace | null = null,
  ): Promise<AuthSession> {
    const sessionUser = await sessionUserOf(db, user, workspace, now());
    const { token, expiresIn } = await tokens.sign({
      sid: familyId,
      user_id: sessionUser.user_id,
      role: sessionUser.role,
      platform_role: sessionUser.platform_role,
      accounts: sessionUser.accounts,
      account_id: sessionUser.account_id,
      workspace_id: sessionUser.workspace?.workspace_id ?? null,
      template: sessionUser.workspace?.template ?? null,
    });
    return {
      access_token: token,
      expires_in: expiresIn,
      user: sessionUser,
      ...(left ? { left_workspace: left } : {}),
    };
  }

  async function insertToken(
    userId: string,
    familyId: string,
    workspaceId: string | null,
    meta: ClientMeta,
    database = db,
  ) {
    const token = randomToken();
    const at = now();
    await database.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256(token),
      expiresAt: addSeconds(at, REFRESH_TTL_SECONDS),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
      createdAt: at,
      lastUsedAt: at,
      workspaceId,
    });
    return token;
  }

  /**
   * The workspace of the user's most recently used sign-in (live, logged out or expired), if it is
   * still usable: signing in again reopens where they last worked. No table of its own is needed.
   */
  async function lastWorkspace(userId: string): Promise<WorkspaceContext | null> {
    const [last] = await db
      .select({ workspaceId: refreshTokens.workspaceId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))
      // A rotation stamps the old and the new token with one instant: the one not rotated wins.
      .orderBy(desc(refreshTokens.lastUsedAt), desc(sql`${refreshTokens.rotatedAt} is null`))
      .limit(1);
    return usableWorkspace(db, userId, last?.workspaceId ?? null);
  }

  /**
   * Signs an active user in: a new token family, an access token and the user's session data; in
   * `workspace` when given (accepting an invitation lands in its workspace, null is home), else in
   * the workspace of their last sign-in if still usable, else at home.
   */
  async function signIn(user: UserRow, meta: ClientMeta, chosen?: WorkspaceContext | null) {
    if (user.status !== 'active') throw new AppError(403, 'ACCOUNT_INACTIVE', messages.loginInactive);
    const shutOut = await shutOutByInactiveAccounts(db, user.id);
    if (shutOut) throw accountInactive(shutOut === 'holder');
    const workspace = chosen === undefined ? await lastWorkspace(user.id) : chosen;
    const familyId = randomUUID();
    const session = await authSession(user, workspace, familyId);
    const refreshToken = await db.transaction(async (tx) => {
      const token = await insertToken(user.id, familyId, workspace?.workspaceId ?? null, meta, tx);
      await recordAudit(tx, {
        action: 'auth.sign_in',
        // The account the session opens in (a workspace's, or the one the user holds; staff: none).
        accountId: session.user.account_id,
        workspaceId: workspace?.workspaceId ?? null,
        actor: { userId: user.id, email: user.email, ip: meta.ip },
        entityType: 'user',
        entityId: user.id,
        at: now(),
      });
      return token;
    });
    return { session, refreshToken } satisfies SignedIn;
  }

  /** Revokes the live tokens that meet every condition (at least one); says how many. */
  async function revokeWhere(...conditions: [SQL, ...(SQL | undefined)[]]): Promise<number> {
    const revoked = await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(...conditions, isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return revoked.length;
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await revokeWhere(eq(refreshTokens.familyId, familyId));
  }

  async function findToken(raw: string | undefined): Promise<RefreshTokenRow | undefined> {
    if (!raw) return undefined;
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(raw)))
      .limit(1);
    return row;
  }

  async function activeUser(row: RefreshTokenRow): Promise<UserRow> {
    const user = await findUserById(db, row.userId);
    if (user?.status === 'active') return user;
    await revokeFamily(row.familyId);
    throw sessionEnded();
  }

  /** A refresh token that may still be used; a rotated one back after the grace period revokes its family. */
  async function usableToken(raw: string | undefined): Promise<RefreshTokenRow> {
    const row = await findToken(raw);
    const at = now();
    if (!row || row.revokedAt || row.expiresAt <= at) throw sessionEnded();
    if (row.rotatedAt && at.getTime() - row.rotatedAt.getTime() > ROTATION_GRACE_SECONDS * 1000) {
      await revokeFamily(row.familyId);
      ctx.log.warn(
        { userId: row.userId, familyId: row.familyId },
        'rotated refresh token reused: family revoked',
      );
      throw sessionEnded();
    }
    return row;
  }

  /** The live tokens of a family (the one the browser holds) take the chosen workspace. */
  async function rememberWorkspace(familyId: string, workspaceId: string | null): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ workspaceId })
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      );
  }

  /**
   * Trades the token for a new one, which carries `workspace` on; within the grace period (or when
   * a concurrent request rotated it a moment ago) answers an access token and no new cookie.
   */
  async function rotate(
    row: RefreshTokenRow,
    user: UserRow,
    workspace: WorkspaceContext | null,
    meta: ClientMeta,
    remember: boolean,
    left: LeftWorkspace | null = null,
  ): Promise<SignedIn> {
    const at = now();
    const workspaceId = workspace?.workspaceId ?? null;
    const refreshToken = row.rotatedAt
      ? undefined
      : await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(refreshTokens)
            .set({ rotatedAt: at, lastUsedAt: at })
            .where(
              and(
                eq(refreshTokens.id, row.id),
                isNull(refreshTokens.rotatedAt),
                isNull(refreshTokens.revokedAt),
              ),
            )
            .returning({ id: refreshTokens.id });
          if (!claimed) return undefined;
          return insertToken(row.userId, row.familyId, workspaceId, meta, tx);
        });
    if (!refreshToken && remember) await rememberWorkspace(row.familyId, workspaceId);
    return { session: await authSession(user, workspace, row.familyId, left), refreshToken };
  }

  /**
   * Trades a refresh token for a new one and an access token, in the workspace the device chose,
   * or at home when that membership is no longer active or the workspace was archived. A token
   * rotated more than 30 s ago that comes back is taken as stolen: its whole family is revoked.
   */
  async function refresh(raw: string | undefined, meta: ClientMeta): Promise<SignedIn> {
    const row = await usableToken(raw);
    const user = await activeUser(row);
    // Refused, not revoked: reactivating the account lets the same sign-in go on.
    const shutOut = await shutOutByInactiveAccounts(db, user.id);
    if (shutOut) throw accountInactive(shutOut === 'holder');
    // A device put out of its workspace since is told which and why, once (its new token has none).
    const { workspace, left } = await deviceWorkspace(db, user.id, row.workspaceId);
    return rotate(row, user, workspace, meta, false, left);
  }

  /**
   * Chooses the workspace this device acts in (null: back home) and remembers it for later
   * refreshes. 404 not a member (or no such workspace), 403 membership inactive, 409 archived.
   */
  async function chooseWorkspace(
    raw: string | undefined,
    workspaceId: string | null,
    meta: ClientMeta,
  ): Promise<SignedIn> {
    const row = await usableToken(raw);
    const user = await activeUser(row);
    let workspace: WorkspaceContext | null = null;
    if (workspaceId) {
      const membership = await findMembership(db, user.id, workspaceId);
      if (!membership) throw notFound();
      if (membership.status !== 'active') throw forbidden(messages.memberInactive);
      if (membership.accountStatus !== 'active') throw accountInactive(membership.role === 'owner');
      if (membership.archived) throw workspaceUnavailable();
      workspace = membership;
    }
    return rotate(row, user, workspace, meta, true);
  }

  /** Signs out the sign-in the token belongs to (every device keeps its own family). */
  async function logout(raw: string | undefined): Promise<void> {
    const row = await findToken(raw);
    if (row) await revokeFamily(row.familyId);
  }

  async function revokeAllOf(userId: string): Promise<void> {
    await revokeWhere(eq(refreshTokens.userId, userId));
  }

  /** The live families of a user: not revoked, and holding a token that is neither rotated nor expired. */
  async function activeSessions(userId: string) {
    const rows = await db
      .select()
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          isNull(refreshTokens.rotatedAt),
          gt(refreshTokens.expiresAt, now()),
        ),
      )
      .orderBy(desc(refreshTokens.lastUsedAt));
    const firstOfFamily = await familyStarts(rows.map((r) => r.familyId));
    return rows.map((row) => ({ row, startedAt: firstOfFamily.get(row.familyId) ?? row.createdAt }));
  }

  /** When each family began (its first token): the sign-in time shown as `created_at`. */
  async function familyStarts(familyIds: string[]): Promise<Map<string, Date>> {
    if (familyIds.length === 0) return new Map();
    const rows = await db
      .select({ familyId: refreshTokens.familyId, startedAt: min(refreshTokens.createdAt) })
      .from(refreshTokens)
      .where(inArray(refreshTokens.familyId, familyIds))
      .groupBy(refreshTokens.familyId);
    return new Map(rows.flatMap((r) => (r.startedAt ? [[r.familyId, new Date(r.startedAt)] as const] : [])));
  }

  /** Revokes one family of the user; false when the user has no such live family. */
  async function revokeSessionOf(userId: string, familyId: string): Promise<boolean> {
    return (await revokeWhere(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId))) > 0;
  }

  /** Revokes every family of the user but `keepFamilyId` (all of them when it is undefined). */
  async function revokeOthersOf(userId: string, keepFamilyId: string | undefined): Promise<void> {
    const others = keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined;
    await revokeWhere(eq(refreshTokens.userId, userId), others);
  }

  return {
    signIn,
    refresh,
    chooseWorkspace,
    logout,
    revokeAllOf,
    authSession,
    activeSessions,
    revokeSessionOf,
    revokeOthersOf,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
