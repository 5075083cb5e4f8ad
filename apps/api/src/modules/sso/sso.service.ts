import { DEFAULT_PLAN_ID } from '@workhub/shared/constants';
import type { IdentityProvider } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type { SignInProvider } from '@workhub/shared/schemas/sso';
import { and, eq } from 'drizzle-orm';
import { oidcLabel } from '../../config.ts';
import type { Ctx } from '../../context.ts';
import { userIdentities } from '../../db/schema/auth.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { findUserByEmail, findUserById } from '../auth/session-user.ts';
import type { ClientMeta, SessionService, SignedIn } from '../auth/sessions.service.ts';
import type { ProviderProfile } from './sso-clients.ts';

export const emailUnverified = () =>
  new AppError(403, 'EMAIL_NOT_VERIFIED', messages.providerEmailUnverified);

/** A password hash nobody knows the password of: the user signs in with the provider (or resets it). */
const unusablePasswordHash = () => hashPassword(randomToken());

export function createSsoService(ctx: Ctx, auth: AuthService, sessions: SessionService) {
  const { db, now, config } = ctx;

  /** GET /api/auth/providers: both buttons, enabled when configured. */
  function providers(): SignInProvider[] {
    const { github, oidc } = config.sso;
    return [
      { id: 'github', label: 'GitHub', enabled: Boolean(github) },
      { id: 'oidc', label: oidc?.label ?? oidcLabel(undefined, undefined), enabled: Boolean(oidc) },
    ];
  }

  async function userOfIdentity(provider: IdentityProvider, subject: string): Promise<UserRow | undefined> {
    const [identity] = await db
      .select({ id: userIdentities.id, userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    if (!identity) return undefined;
    return findUserById(db, identity.userId);
  }

  /**
   * Links to the user of that address. The provider has verified it, so the user becomes verified;
   * one who had not verified it loses the password set at sign-up, because whoever typed it has not
   * proved the mailbox (someone could have registered another person's address in advance).
   */
  async function linkByEmail(user: UserRow): Promise<UserRow> {
    if (user.emailVerifiedAt) return user;
    const [verified] = await db
      .update(users)
      .set({ emailVerifiedAt: now(), passwordHash: await unusablePasswordHash(), updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    return verified ?? user;
  }

  /** A new account holder, verified, with the trial of a new registrant and no plan chosen yet. */
  async function createUser(profile: ProviderProfile): Promise<UserRow> {
    const holder = await auth.createHolder(
      {
        email: profile.email,
        first_name: profile.firstName,
        last_name: profile.lastName,
        subscription_id: DEFAULT_PLAN_ID,
      },
      await unusablePasswordHash(),
    );
    const [verified] = await db
      .update(users)
      .set({ emailVerifiedAt: now(), updatedAt: now() })
      .where(eq(users.id, holder.id))
      .returning();
    return verified ?? holder;
  }

  async function rememberIdentity(user: UserRow, profile: ProviderProfile, known: boolean): Promise<void> {
    const at = now();
    if (known) {
      await db
        .update(userIdentities)
        .set({ email: profile.email, lastUsedAt: at })
        .where(
          and(eq(userIdentities.provider, profile.provider), eq(userIdentities.subject, profile.subject)),
        );
      return;
    }
    try {
      await db.insert(userIdentities).values({
        userId: user.id,
        provider: profile.provider,
        subject: profile.subject,
        email: profile.email,
        createdAt: at,
        lastUsedAt: at,
      });
    } catch (err) {
      // The same identity signing in twice at once: the other request linked it already.
      if (!isUniqueViolation(err)) throw err;
    }
  }

  /**
   * The user a provider sign-in is for: the one linked to that identity, else the one with that
   * (provider-verified) address, else a new account holder; then a normal sign-in (a new session
   * family). 403 EMAIL_NOT_VERIFIED when the provider does not vouch for the address, 403
   * ACCOUNT_INACTIVE for an inactive user.
   */
  async function signInWith(profile: ProviderProfile, meta: ClientMeta): Promise<SignedIn> {
    if (!profile.emailVerified) throw emailUnverified();
    const linked = await userOfIdentity(profile.provider, profile.subject);
    const existing = linked ?? (await findUserByEmail(db, profile.email));
    if (existing && existing.status !== 'active') {
      throw new AppError(403, 'ACCOUNT_INACTIVE', messages.loginInactive);
    }
    const user = linked ?? (existing ? await linkByEmail(existing) : await createUser(profile));
    await rememberIdentity(user, profile, Boolean(linked));
    return sessions.signIn(user, meta);
  }

  return { providers, signInWith };
}

export type SsoService = ReturnType<typeof createSsoService>;
