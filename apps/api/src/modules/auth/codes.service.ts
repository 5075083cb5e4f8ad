import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
} from '@workhub/shared/constants';
import type { CodePurpose } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { verificationCodes } from '../../db/schema/auth.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import { randomCode, sameDigest, sha256 } from '../../lib/crypto.ts';
import { codeMail } from './auth.mails.ts';

export type CodeIssue = { sent: boolean; resendAvailableAt: Date };

const codeError = (code: 'CODE_WRONG' | 'CODE_EXPIRED' | 'CODE_DEAD') => {
  const message = {
    CODE_WRONG: messages.codeWrong,
    CODE_EXPIRED: messages.codeExpired,
    CODE_DEAD: messages.codeDead,
  }[code];
  return new AppError(400, code, message, { fields: { code: message } });
};

export const wrongCode = () => codeError('CODE_WRONG');

/**
 * One-time codes: 6 characters A-Z0-9, stored as SHA-256, valid 15 minutes, dead at the fifth wrong
 * try, and a new one at most every 60 s per user and purpose (a new one kills the old).
 */
export function createCodeService(ctx: Ctx) {
  const { db, now } = ctx;

  /**
   * Sends a fresh code unless the last one of this purpose is younger than 60 s; then it sends
   * nothing and says when the next may be asked for.
   */
  async function issue(user: UserRow, purpose: CodePurpose): Promise<CodeIssue> {
    const code = randomCode(CODE_LENGTH);
    const outcome = await db.transaction(async (tx) => {
      // Serialises two requests for the same user, so only one of them can pass the 60 s check.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [latest] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      const at = now();
      if (latest) {
        const resendAvailableAt = addSeconds(latest.createdAt, CODE_RESEND_SECONDS);
        if (at < resendAvailableAt) return { sent: false, resendAvailableAt };
      }
      await tx
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(
          and(
            eq(verificationCodes.userId, user.id),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        userId: user.id,
        purpose,
        codeHash: sha256(code),
        expiresAt: addSeconds(at, CODE_TTL_SECONDS),
        createdAt: at,
      });
      return { sent: true, resendAvailableAt: addSeconds(at, CODE_RESEND_SECONDS) };
    });
    if (outcome.sent) await ctx.mailer.send(codeMail(purpose, ctx.config.publicUrl, user.email, code));
    return outcome;
  }

  /** Consumes the user's live code of this purpose if `code` matches it; otherwise throws why not. */
  async function consume(userId: string, purpose: CodePurpose, code: string): Promise<void> {
    const [live] = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!live) throw codeError('CODE_WRONG');
    if (live.attempts >= CODE_MAX_ATTEMPTS) throw codeError('CODE_DEAD');
    const at = now();
    if (live.expiresAt <= at) throw codeError('CODE_EXPIRED');

    if (!sameDigest(live.codeHash, sha256(code.toUpperCase()))) {
      const [counted] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, live.id))
        .returning({ attempts: verificationCodes.attempts });
      throw codeError(
        (counted?.attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS ? 'CODE_DEAD' : 'CODE_WRONG',
      );
    }

    const [consumed] = await db
      .update(verificationCodes)
      .set({ consumedAt: at })
      .where(
        and(
          eq(verificationCodes.id, live.id),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: verificationCodes.id });
    // Another request got there first: it used the code, or its wrong tries killed it meanwhile.
    if (!consumed) throw codeError('CODE_WRONG');
  }

  return { issue, consume };
}

export type CodeService = ReturnType<typeof createCodeService>;
