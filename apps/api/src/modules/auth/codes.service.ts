import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
} from '@workhub/shared/constants';
import type { CodePurpose } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { type VerificationCodeRow, verificationCodes } from '../../db/schema/auth.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import { randomCode, sameDigest, sha256 } from '../../lib/crypto.ts';
import { codeMail } from './auth.mails.ts';

export type CodeIssue = { sent: boolean; resendAvailableAt: Date };

/** What verifying a sign-up's code makes of the user: the attempt it was mailed for. */
export type SignupAttempt = {
  attemptId: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  planId: number;
};

const codeError = (code: 'CODE_WRONG' | 'CODE_EXPIRED' | 'CODE_DEAD') => {
  const message = {
    CODE_WRONG: messages.codeWrong,
    CODE_EXPIRED: messages.codeExpired,
    CODE_DEAD: messages.codeDead,
  }[code];
  return new AppError(400, code, message, { fields: { code: message } });
};

export const wrongCode = () => codeError('CODE_WRONG');

/** How many live codes one try is checked against: one per open sign-up attempt of the address. */
const LIVE_CODES_CHECKED = 20;

/**
 * One-time codes: 6 characters A-Z0-9, stored as SHA-256, valid 15 minutes, dead at the fifth wrong
 * try, and a new one at most every 60 s per user, purpose and sign-up attempt (a new one kills the
 * old one of the same attempt). A sign-up's codes carry their attempt (codes of different attempts
 * live side by side, each activating its own).
 */
export function createCodeService(ctx: Ctx) {
  const { db, now } = ctx;

  /** The codes of the same series: this user and purpose, and this attempt (or none). */
  const series = (userId: string, purpose: CodePurpose, attemptId: string | null) =>
    and(
      eq(verificationCodes.userId, userId),
      eq(verificationCodes.purpose, purpose),
      attemptId ? eq(verificationCodes.attemptId, attemptId) : isNull(verificationCodes.attemptId),
    );

  /**
   * Sends a fresh code unless the last one of its series is younger than 60 s; then it sends
   * nothing and says when the next may be asked for.
   */
  async function issue(user: UserRow, purpose: CodePurpose, attempt?: SignupAttempt): Promise<CodeIssue> {
    const code = randomCode(CODE_LENGTH);
    const attemptId = attempt?.attemptId ?? null;
    const outcome = await db.transaction(async (tx) => {
      // Serialises two requests for the same user, so only one of them can pass the 60 s check.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [latest] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(series(user.id, purpose, attemptId))
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
        .where(and(series(user.id, purpose, attemptId), isNull(verificationCodes.consumedAt)));
      await tx.insert(verificationCodes).values({
        userId: user.id,
        purpose,
        codeHash: sha256(code),
        expiresAt: addSeconds(at, CODE_TTL_SECONDS),
        createdAt: at,
        attemptId,
        firstName: attempt?.firstName ?? null,
        lastName: attempt?.lastName ?? null,
        passwordHash: attempt?.passwordHash ?? null,
        planId: attempt?.planId ?? null,
      });
      return { sent: true, resendAvailableAt: addSeconds(at, CODE_RESEND_SECONDS) };
    });
    if (outcome.sent) await ctx.mailer.send(codeMail(purpose, ctx.config.publicUrl, user.email, code));
    return outcome;
  }

  /** The attempt a sign-up code was mailed for, read from its newest code; undefined when unknown. */
  async function findAttempt(userId: string, attemptId: string): Promise<SignupAttempt | undefined> {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(series(userId, 'verify_email', attemptId))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row ? attemptOf(row) : undefined;
  }

  /**
   * Consumes the live code of this purpose that `code` matches (of `attemptId` only, when given)
   * and answers its row; otherwise throws why not. A wrong try counts against every live code it
   * was checked against.
   */
  async function consume(
    userId: string,
    purpose: CodePurpose,
    code: string,
    attemptId?: string,
  ): Promise<VerificationCodeRow> {
    const live = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          attemptId ? eq(verificationCodes.attemptId, attemptId) : undefined,
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(LIVE_CODES_CHECKED);
    const newest = live[0];
    if (!newest) throw codeError('CODE_WRONG');
    const at = now();
    const usable = (row: VerificationCodeRow) => row.attempts < CODE_MAX_ATTEMPTS && row.expiresAt > at;
    const digest = sha256(code.toUpperCase());
    const match = live.find((row) => sameDigest(row.codeHash, digest));

    if (!match) {
      const counted = live.filter(usable);
      if (counted.length === 0) {
        throw codeError(newest.attempts >= CODE_MAX_ATTEMPTS ? 'CODE_DEAD' : 'CODE_EXPIRED');
      }
      const tries = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          inArray(
            verificationCodes.id,
            counted.map((row) => row.id),
          ),
        )
        .returning({ attempts: verificationCodes.attempts });
      const left = tries.some((row) => row.attempts < CODE_MAX_ATTEMPTS);
      throw codeError(left ? 'CODE_WRONG' : 'CODE_DEAD');
    }
    if (match.attempts >= CODE_MAX_ATTEMPTS) throw codeError('CODE_DEAD');
    if (match.expiresAt <= at) throw codeError('CODE_EXPIRED');

    const [consumed] = await db
      .update(verificationCodes)
      .set({ consumedAt: at })
      .where(
        and(
          eq(verificationCodes.id, match.id),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: verificationCodes.id });
    // Another request got there first: it used the code, or its wrong tries killed it meanwhile.
    if (!consumed) throw codeError('CODE_WRONG');
    return match;
  }

  /** Kills every live code of the user and purpose (once one of them has been used). */
  async function killAll(userId: string, purpose: CodePurpose): Promise<void> {
    await db
      .update(verificationCodes)
      .set({ consumedAt: now() })
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
  }

  return { issue, consume, findAttempt, killAll };
}

/** The attempt a code row carries, if it is a sign-up's. */
export function attemptOf(row: VerificationCodeRow): SignupAttempt | undefined {
  const { attemptId, firstName, lastName, passwordHash, planId } = row;
  if (!attemptId || firstName === null || lastName === null || !passwordHash || planId === null) {
    return undefined;
  }
  return { attemptId, firstName, lastName, passwordHash, planId };
}

export type CodeService = ReturnType<typeof createCodeService>;
