import { messages } from '@workhub/shared/messages';
import type { ActiveSession, changePasswordBody } from '@workhub/shared/schemas/account';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { requireActiveUser } from '../auth/session-user.ts';
import type { SessionService } from '../auth/sessions.service.ts';

/**
 * The security page: password change and the user's sessions. A session is a refresh-token
 * family; the one asking is the family named by the access token's `sid` claim.
 */
export function createSecurityService(ctx: Ctx, sessions: SessionService) {
  /** Checks the current password, sets the new one and signs out every other session. */
  async function changePassword(auth: AccessTokenClaims, input: z.output<typeof changePasswordBody>) {
    const user = await requireActiveUser(ctx.db, auth.user_id);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw new AppError(400, 'VALIDATION_FAILED', messages.currentPasswordWrong, {
        fields: { current_password: messages.currentPasswordWrong },
      });
    }
    // Set only over the hash just verified: of two changes at once, the second finds the password
    // no longer the one it was given (no row lock held while argon2 hashes).
    const [changed] = await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: ctx.now() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!changed) {
      throw new AppError(400, 'VALIDATION_FAILED', messages.currentPasswordWrong, {
        fields: { current_password: messages.currentPasswordWrong },
      });
    }
    await sessions.revokeOthersOf(user.id, auth.sid);
  }

  async function listSessions(auth: AccessTokenClaims): Promise<ActiveSession[]> {
    const user = await requireActiveUser(ctx.db, auth.user_id);
    return (await sessions.activeSessions(user.id)).map(({ row, startedAt }) => ({
      session_id: row.familyId,
      user_agent: row.userAgent,
      ip: row.ip,
      created_at: startedAt.toISOString(),
      last_used_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
      current: row.familyId === auth.sid,
    }));
  }

  /** 404 when the id is not a live session of the caller. */
  async function revokeSession(auth: AccessTokenClaims, sessionId: string): Promise<void> {
    const user = await requireActiveUser(ctx.db, auth.user_id);
    if (!(await sessions.revokeSessionOf(user.id, sessionId))) throw notFound();
  }

  async function revokeOtherSessions(auth: AccessTokenClaims): Promise<void> {
    const user = await requireActiveUser(ctx.db, auth.user_id);
    await sessions.revokeOthersOf(user.id, auth.sid);
  }

  return { changePassword, listSessions, revokeSession, revokeOtherSessions };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
