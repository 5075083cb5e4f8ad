import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { AuthSession } from '@workhub/shared/schemas/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { type RefreshTokenRow, refreshTokens } from '../../db/schema/auth.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { unauthorized } from '../../plugins/errors.ts';
import { findUserById, sessionUserOf } from './session-user.ts';

/** Two tabs restoring at once both present the same token; the slower one is not a thief. */
export const ROTATION_GRACE_SECONDS = 30;
const REFRESH_TTL_SECONDS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60;

export type ClientMeta = { userAgent: string | undefined; ip: string };

/** A signed-in answer; `refreshToken` is set when a new cookie must be sent. */
export type SignedIn = { session: AuthSession; refreshToken: string | undefined };

const sessionEnded = () => unauthorized(messages.sessionExpired);

export function createSessionService(ctx: Ctx) {
  const { db, now, tokens } = ctx;

  async function authSession(user: UserRow): Promise<AuthSession> {
    const sessionUser = await sessionUserOf(db, user);
    const { token, expiresIn } = await tokens.sign({
      user_id: sessionUser.user_id,
      role: sessionUser.role,
      accounts: sessionUser.accounts,
      account_id: sessionUser.account_id,
    });
    return { access_token: token, expires_in: expiresIn, user: sessionUser };
  }

  async function insertToken(userId: string, familyId: string | undefined, meta: ClientMeta, database = db) {
    const token = randomToken();
    const at = now();
    await database.insert(refreshTokens).values({
      userId,
      familyId: familyId ?? randomUUID(),
      tokenHash: sha256(token),
      expiresAt: addSeconds(at, REFRESH_TTL_SECONDS),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
      createdAt: at,
      lastUsedAt: at,
    });
    return token;
  }

  /** Signs an active user in: a new token family, an access token and the user's session data. */
  async function signIn(user: UserRow, meta: ClientMeta): Promise<SignedIn> {
    if (user.status !== 'active') throw new AppError(403, 'ACCOUNT_INACTIVE', messages.loginInactive);
    const refreshToken = await insertToken(user.id, undefined, meta);
    return { session: await authSession(user), refreshToken };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
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

  /**
   * Trades a refresh token for a new one and an access token. A token rotated more than 30 s ago
   * that comes back is taken as stolen: its whole family is revoked.
   */
  async function refresh(raw: string | undefined, meta: ClientMeta): Promise<SignedIn> {
    const row = await findToken(raw);
    const at = now();
    if (!row || row.revokedAt || row.expiresAt <= at) throw sessionEnded();

    if (row.rotatedAt) {
      if (at.getTime() - row.rotatedAt.getTime() > ROTATION_GRACE_SECONDS * 1000) {
        await revokeFamily(row.familyId);
        ctx.log.warn(
          { userId: row.userId, familyId: row.familyId },
          'rotated refresh token reused: family revoked',
        );
        throw sessionEnded();
      }
      return { session: await authSession(await activeUser(row)), refreshToken: undefined };
    }

    const user = await activeUser(row);
    const refreshToken = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ rotatedAt: at, lastUsedAt: at })
        .where(
          and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      // A concurrent request rotated it a moment ago: answer as within the grace period.
      if (!claimed) return undefined;
      return insertToken(row.userId, row.familyId, meta, tx);
    });
    return { session: await authSession(user), refreshToken };
  }

  /** Signs out the sign-in the token belongs to (every device keeps its own family). */
  async function logout(raw: string | undefined): Promise<void> {
    const row = await findToken(raw);
    if (row) await revokeFamily(row.familyId);
  }

  async function revokeAllOf(userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  return { signIn, refresh, logout, revokeAllOf, authSession };
}

export type SessionService = ReturnType<typeof createSessionService>;
