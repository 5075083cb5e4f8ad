import { CODE_PURPOSES, IDENTITY_PROVIDERS } from '@workhub/shared/enums';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /*
     * A verify_email code of a sign-up carries its attempt: what verifying it makes of the user
     * (names, password, plan). Each register is an attempt of its own and a resend copies the
     * attempt it is asked for, so a code activates the attempt it was mailed for and no other,
     * and a later register never changes what an earlier code activates. Null on reset codes.
     */
    attemptId: uuid('attempt_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    passwordHash: text('password_hash'),
    planId: integer('plan_id'),
  },
  (t) => [
    index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    index('verification_codes_attempt_idx').on(t.attemptId),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token descended from one sign-in shares the family; reuse of a rotated one revokes it. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    rotatedAt: timestamptz('rotated_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    /**
     * The workspace this device acts in (POST /api/auth/workspace-session), handed on at every
     * rotation so refresh and session restore keep it. No foreign key: workspaces are keyed by
     * (account_id, id), and the membership is checked again at every use anyway.
     */
    workspaceId: uuid('workspace_id'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * A sign-in through an external provider, linked to a user: GitHub's numeric user id, or an
 * OpenID Connect issuer's `sub` (the issuer is part of the subject key, so two issuers never
 * collide). A provider sign-in finds the user here first, then by verified e-mail.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: IDENTITY_PROVIDERS }).notNull(),
    /** For 'oidc': `<issuer>#<sub>`; for 'github': the numeric user id. */
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    index('user_identities_user_id_idx').on(t.userId),
    check('user_identities_provider_check', sql`${t.provider} in ('github', 'oidc')`),
  ],
);

export type UserIdentityRow = typeof userIdentities.$inferSelect;
