import { randomUUID } from 'node:crypto';
import { CODE_RESEND_SECONDS, TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type {
  forgotPasswordBody,
  loginBody,
  newPasswordBody,
  registerBody,
  resendCodeBody,
  verifyEmailBody,
} from '@workhub/shared/schemas/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { accounts, type UserRow, users } from '../../db/schema/users.ts';
import { enterTenant } from '../../db/tenant-context.ts';
import { accountConditions } from '../../db/tenant-scope.ts';
import { AppError, isAppError, isUniqueViolation } from '../../lib/app-error.ts';
import { addSeconds, secondsUntil } from '../../lib/clock.ts';
import { hashPassword, spendOneHash, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireActivePlan } from '../plans/plans.service.ts';
import { signupNoticeMail } from './auth.mails.ts';
import { attemptOf, type CodeService, wrongCode } from './codes.service.ts';
import { findUserByEmail } from './session-user.ts';
import type { ClientMeta, SessionService, SignedIn } from './sessions.service.ts';

/** A code sent (or said to be); `attemptId` names the sign-up attempt a verify code activates. */
export type CodeSent = { email: string; resendAvailableAt: Date; attemptId?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

const emailTaken = () =>
  new AppError(409, 'CONFLICT', messages.emailTaken, { fields: { email: messages.emailTaken } });

export function createAuthService(ctx: Ctx, codes: CodeService, sessions: SessionService) {
  const { db, now } = ctx;

  /**
   * The answer of register, forgot-password and resend, the same whether or not a code went out
   * (an unknown address, a verified one, a code asked for again too early): nothing to learn.
   */
  const nominal = (email: string, attemptId?: string): CodeSent => ({
    email,
    resendAvailableAt: addSeconds(now(), CODE_RESEND_SECONDS),
    ...(attemptId ? { attemptId } : {}),
  });

  /** A new account holder with the account and its trial; a provider sign-in (modules/sso) makes one too. */
  async function createHolder(
    input: Pick<z.output<typeof registerBody>, 'email' | 'first_name' | 'last_name' | 'subscription_id'>,
    passwordHash: string,
  ): Promise<UserRow> {
    const at = now();
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!user) throw new Error('user insert returned no row');
        const [account] = await tx
          .insert(accounts)
          .values({ ownerUserId: user.id, createdAt: at })
          .returning({ id: accounts.id });
        if (!account) throw new Error('account insert returned no row');
        // From here on the transaction writes in the new account, as its tenant.
        await enterTenant(tx, { accountId: account.id, workspaceId: null, userId: user.id });
        await tx.insert(subscriptions).values({
          ...accountConditions(account.id).accountValues(),
          planId: input.subscription_id,
          status: 'trialing',
          trialEndsAt: addSeconds(at, TRIAL_DAYS * 24 * 60 * 60),
          createdAt: at,
        });
        const [holder] = await tx
          .update(users)
          .set({ heldAccountId: account.id })
          .where(eq(users.id, user.id))
          .returning();
        if (!holder) throw new Error('user update returned no row');
        return holder;
      });
    } catch (err) {
      // Two sign-ups with one address at the same moment: the second is told it is taken.
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /** The user of a new address: the first attempt's data until a code activates one. */
  async function holderFor(input: z.output<typeof registerBody>, passwordHash: string): Promise<UserRow> {
    try {
      return await createHolder(input, passwordHash);
    } catch (err) {
      // Two sign-ups of one address at the same moment: the second joins the first's user.
      const existing = isAppError(err) && err.status === 409 && (await findUserByEmail(db, input.email));
      if (existing) return existing;
      throw err;
    }
  }

  /**
   * Every register is an attempt of its own: its names, password and plan travel with its code, and
   * only that code activates them (verifyEmail). An unverified user is never overwritten by a later
   * attempt, so whoever registers an address last does not own the account its owner verifies. A
   * verified address answers as a new one would (no enumeration) and its owner is told by mail.
   */
  async function register(input: z.output<typeof registerBody>): Promise<CodeSent> {
    await requireActivePlan(db, input.subscription_id);
    // Hashed in every case, so a taken address answers in the time a new one does.
    const passwordHash = await hashPassword(input.password);
    const attemptId = randomUUID();
    const existing = await findUserByEmail(db, input.email);
    if (existing?.emailVerifiedAt) {
      await ctx.mailer.send(signupNoticeMail(ctx.config.publicUrl, existing.email));
      return nominal(input.email, attemptId);
    }
    const user = existing ?? (await holderFor(input, passwordHash));
    await codes.issue(user, 'verify_email', {
      attemptId,
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash,
      planId: input.subscription_id,
    });
    return nominal(user.email, attemptId);
  }

  /**
   * Activates the attempt the code was mailed for (of `attempt_id` only, when the page holds one):
   * the user takes that attempt's names, password and plan, is verified, and every other attempt's
   * code dies. A verified address has no code left to use.
   */
  async function verifyEmail(input: z.output<typeof verifyEmailBody>, meta: ClientMeta): Promise<SignedIn> {
    const user = await findUserByEmail(db, input.email);
    if (!user || user.emailVerifiedAt) throw wrongCode();
    const attemptId = input.attempt_id;
    // An attempt id that is no id names no attempt: no code can match it.
    if (attemptId !== undefined && !isUuid(attemptId)) throw wrongCode();
    const row = await codes.consume(user.id, 'verify_email', input.code, attemptId);
    const attempt = attemptOf(row);
    const at = now();
    const verified = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          ...(attempt
            ? { firstName: attempt.firstName, lastName: attempt.lastName, passwordHash: attempt.passwordHash }
            : {}),
          emailVerifiedAt: at,
          updatedAt: at,
        })
        .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
        .returning();
      // Another attempt's code was used a moment before this one: this one activates nothing.
      if (!updated) throw wrongCode();
      if (attempt && updated.heldAccountId) {
        await enterTenant(tx, { accountId: updated.heldAccountId, workspaceId: null, userId: updated.id });
        await tx
          .update(subscriptions)
          .set({ planId: attempt.planId })
          .where(accountConditions(updated.heldAccountId).account(subscriptions));
      }
      return updated;
    });
    await codes.killAll(user.id, 'verify_email');
    return sessions.signIn(verified, meta);
  }

  /**
   * A new code of the same series. For a sign-up, only for the attempt the page holds: a resend
   * never mails a code of another attempt (a later register by someone else), and an unknown or
   * forged attempt is answered as a real one, with no mail. A reset code asked for again too early
   * is answered as an unknown address is (a 429 there would tell that the address exists).
   */
  async function resendCode(input: z.output<typeof resendCodeBody>): Promise<CodeSent> {
    const user = await findUserByEmail(db, input.email);
    if (input.purpose === 'reset_password') {
      await spendOneHash();
      if (user?.status === 'active') await codes.issue(user, 'reset_password');
      return nominal(input.email);
    }
    const attemptId = input.attempt_id;
    const attempt =
      user && !user.emailVerifiedAt && attemptId && isUuid(attemptId)
        ? await codes.findAttempt(user.id, attemptId)
        : undefined;
    if (!user || !attempt) return nominal(input.email, attemptId);
    const { sent, resendAvailableAt } = await codes.issue(user, 'verify_email', attempt);
    // Only the person holding the attempt id can be told to wait: it tells them nothing new.
    if (!sent) {
      throw new AppError(429, 'RATE_LIMITED', messages.codeResendTooEarly, {
        retryAfter: secondsUntil(resendAvailableAt, now()),
      });
    }
    return nominal(user.email, attempt.attemptId);
  }

  async function login(input: z.output<typeof loginBody>, meta: ClientMeta): Promise<SignedIn> {
    const user = await findUserByEmail(db, input.email);
    const matches = await verifyPassword(user?.passwordHash, input.password);
    const failed = async (reason: string, error: unknown) => {
      await recordSignInFailure(user, input.email, meta, reason);
      return error;
    };
    if (!user || !matches) {
      throw await failed(
        user ? 'wrong_password' : 'unknown_email',
        new AppError(401, 'UNAUTHORIZED', messages.loginFailed),
      );
    }
    if (!user.emailVerifiedAt) {
      throw await failed(
        'email_not_verified',
        new AppError(403, 'EMAIL_NOT_VERIFIED', messages.loginNotVerified),
      );
    }
    try {
      return await sessions.signIn(user, meta);
    } catch (error) {
      // An inactive user or account is refused by signIn; a 5xx is no sign-in attempt's outcome.
      if (isAppError(error) && error.status === 403) throw await failed(error.code.toLowerCase(), error);
      throw error;
    }
  }

  /**
   * A refused sign-in, in the log of the account the user holds, or the platform's for an unknown
   * address or a user who holds none. The address tried is kept; the password never is.
   */
  async function recordSignInFailure(
    user: UserRow | undefined,
    email: string,
    meta: ClientMeta,
    reason: string,
  ) {
    const [held] = user
      ? await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerUserId, user.id)).limit(1)
      : [];
    await recordAudit(db, {
      action: 'auth.sign_in_failed',
      accountId: held?.id ?? null,
      actor: { userId: user?.id ?? null, email, ip: meta.ip },
      entityType: 'user',
      entityId: user?.id ?? null,
      after: { reason },
      at: now(),
    });
  }

  /**
   * The same answer, in about the same time (one argon2 hash either way), whether or not the
   * address exists; a code goes out only when it does.
   */
  async function forgotPassword(input: z.output<typeof forgotPasswordBody>): Promise<CodeSent> {
    await spendOneHash();
    const user = await findUserByEmail(db, input.email);
    if (user?.status === 'active') await codes.issue(user, 'reset_password');
    return nominal(input.email);
  }

  async function newPassword(input: z.output<typeof newPasswordBody>, meta: ClientMeta): Promise<SignedIn> {
    const user = await findUserByEmail(db, input.email);
    if (!user) throw wrongCode();
    await codes.consume(user.id, 'reset_password', input.code);
    const passwordHash = await hashPassword(input.password);
    const [updated] = await db
      .update(users)
      .set({
        passwordHash,
        // The code reached the mailbox, which proves the address as well as a verify code would.
        emailVerifiedAt: user.emailVerifiedAt ?? now(),
        updatedAt: now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    // Verified now: no sign-up attempt's code may later replace this password.
    await codes.killAll(user.id, 'verify_email');
    await sessions.revokeAllOf(user.id);
    return sessions.signIn(updated ?? user, meta);
  }

  return { register, verifyEmail, resendCode, login, forgotPassword, newPassword, createHolder };
}

export type AuthService = ReturnType<typeof createAuthService>;
