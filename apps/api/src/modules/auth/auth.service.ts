import { CODE_RESEND_SECONDS, TRIAL_DAYS } from '@workhub/shared/constants';
import type { CodePurpose } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type {
  forgotPasswordBody,
  loginBody,
  newPasswordBody,
  registerBody,
  resendCodeBody,
  verifyEmailBody,
} from '@workhub/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { accounts, type UserRow, users } from '../../db/schema/users.ts';
import { accountConditions } from '../../db/tenant-scope.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { addSeconds, secondsUntil } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { requireActivePlan } from '../plans/plans.service.ts';
import { type CodeService, wrongCode } from './codes.service.ts';
import { findUserByEmail } from './session-user.ts';
import type { ClientMeta, SessionService, SignedIn } from './sessions.service.ts';

export type CodeSent = { email: string; resendAvailableAt: Date };

const emailTaken = () =>
  new AppError(409, 'CONFLICT', messages.emailTaken, { fields: { email: messages.emailTaken } });

export function createAuthService(ctx: Ctx, codes: CodeService, sessions: SessionService) {
  const { db, now } = ctx;

  /** When a code may be asked for, told also for addresses that get no mail (nothing to learn). */
  const nominal = (email: string): CodeSent => ({
    email,
    resendAvailableAt: addSeconds(now(), CODE_RESEND_SECONDS),
  });

  async function sendCode(user: UserRow, purpose: CodePurpose): Promise<CodeSent> {
    const { resendAvailableAt } = await codes.issue(user, purpose);
    return { email: user.email, resendAvailableAt };
  }

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
        await tx.insert(subscriptions).values({
          ...accountConditions(account.id).accountValues(),
          planId: input.subscription_id,
          status: 'trialing',
          trialEndsAt: addSeconds(at, TRIAL_DAYS * 24 * 60 * 60),
          createdAt: at,
        });
        const [holder] = await tx
          .update(users)
          .set({ accountId: account.id })
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

  /** A second sign-up before verifying takes the new names, password and plan, and sends a code. */
  async function updateUnverified(user: UserRow, input: z.output<typeof registerBody>, passwordHash: string) {
    const [updated] = await db
      .update(users)
      .set({ firstName: input.first_name, lastName: input.last_name, passwordHash, updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    if (user.accountId) {
      await db
        .update(subscriptions)
        .set({ planId: input.subscription_id })
        .where(accountConditions(user.accountId).account(subscriptions));
    }
    return updated ?? user;
  }

  async function register(input: z.output<typeof registerBody>): Promise<CodeSent> {
    await requireActivePlan(db, input.subscription_id);
    const existing = await findUserByEmail(db, input.email);
    if (existing?.emailVerifiedAt) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    const user = existing
      ? await updateUnverified(existing, input, passwordHash)
      : await createHolder(input, passwordHash);
    return sendCode(user, 'verify_email');
  }

  async function verifyEmail(input: z.output<typeof verifyEmailBody>, meta: ClientMeta): Promise<SignedIn> {
    const user = await findUserByEmail(db, input.email);
    if (!user) throw wrongCode();
    await codes.consume(user.id, 'verify_email', input.code);
    const [verified] = await db
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? now(), updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    return sessions.signIn(verified ?? user, meta);
  }

  /** 429 before the countdown has run out; addresses that would get no code get the same answer. */
  async function resendCode(input: z.output<typeof resendCodeBody>): Promise<CodeSent> {
    const user = await findUserByEmail(db, input.email);
    const eligible =
      user?.status === 'active' && (input.purpose === 'reset_password' || user.emailVerifiedAt === null);
    if (!user || !eligible) return nominal(input.email);
    const { sent, resendAvailableAt } = await codes.issue(user, input.purpose);
    if (!sent) {
      throw new AppError(429, 'RATE_LIMITED', messages.codeResendTooEarly, {
        retryAfter: secondsUntil(resendAvailableAt, now()),
      });
    }
    return { email: user.email, resendAvailableAt };
  }

  async function login(input: z.output<typeof loginBody>, meta: ClientMeta): Promise<SignedIn> {
    const user = await findUserByEmail(db, input.email);
    const matches = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !matches) throw new AppError(401, 'UNAUTHORIZED', messages.loginFailed);
    if (!user.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', messages.loginNotVerified);
    return sessions.signIn(user, meta);
  }

  /** The same answer whether or not the address exists; a code goes out only when it does. */
  async function forgotPassword(input: z.output<typeof forgotPasswordBody>): Promise<CodeSent> {
    const user = await findUserByEmail(db, input.email);
    if (user?.status !== 'active') return nominal(input.email);
    return sendCode(user, 'reset_password');
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
    await sessions.revokeAllOf(user.id);
    return sessions.signIn(updated ?? user, meta);
  }

  return { register, verifyEmail, resendCode, login, forgotPassword, newPassword, createHolder };
}

export type AuthService = ReturnType<typeof createAuthService>;
