import { INVITABLE_ROLES, MEMBER_STATUSES, TEMPLATES, WORKSPACE_ROLES } from '@workhub/shared/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from './columns.ts';
import { accounts, users } from './users.ts';

// Tenant tables: every one carries account_id, and every key and index starts with it, so the
// tables can later be distributed by account_id (Citus, design.md's scale-out path). Primary keys
// are (account_id, id) and references between tenant tables carry account_id too, which also
// makes the database refuse a row that points into another account.
//
// Three indexes deliberately do not start with account_id; each answers "which tenant?" before the
// tenant is known: a user's memberships (the picker, choosing a workspace), an invitation's token
// (the public link) and a workspace's public slug (a kiosk or booking page). Only
// db/tenant-scope.ts, the invitation lookup and plugins/public-gate.ts use them.

export const workspaces = pgTable(
  'workspaces',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    template: text('template', { enum: TEMPLATES }).notNull(),
    description: text('description').notNull(),
    /** File name under DATA_DIR/uploads/logos; null means the default logo. */
    logoPath: text('logo_path'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    archived: boolean('archived').notNull().default(false),
    /**
     * The workspace's name in the addresses of its public pages (a ticket kiosk at /q/{slug}, a
     * booking page at /book/{slug}): the name's letters and a random tail, set at creation and
     * never changed (a printed QR code keeps working when the workspace is renamed).
     */
    publicSlug: text('public_slug').notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    /**
     * The IANA zone the workspace was created in (its creator's browser's), the day a template
     * module keeps until it is given its own (a salon's, a school's, a queue's settings); null for
     * a workspace created without one: each module's own default.
     */
    timeZone: text('time_zone'),
    /** What its amounts (a salon's prices, a school's fees) are shown in, ISO 4217; null: none. */
    currency: text('currency'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'workspaces_pkey', columns: [t.accountId, t.id] }),
    // The third lookup before the tenant is known: a public page's slug (plugins/public-gate.ts).
    uniqueIndex('workspaces_public_slug_key').on(t.publicSlug),
    // The list: one account's active (or archived) workspaces, newest first.
    index('workspaces_account_archived_created_idx').on(t.accountId, t.archived, t.createdAt),
    check('workspaces_template_check', sql`${t.template} in (${inList(TEMPLATES)})`),
    check('workspaces_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'workspace_members_pkey', columns: [t.accountId, t.workspaceId, t.userId] }),
    foreignKey({
      name: 'workspace_members_workspace_fk',
      columns: [t.accountId, t.workspaceId],
      foreignColumns: [workspaces.accountId, workspaces.id],
    }).onDelete('cascade'),
    // The team list, in the order people joined.
    index('workspace_members_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt),
    // Cross-tenant by design (see the top of this file): the workspaces a user belongs to.
    index('workspace_members_user_workspace_idx').on(t.userId, t.workspaceId),
    check('workspace_members_role_check', sql`${t.role} in (${inList(WORKSPACE_ROLES)})`),
    check('workspace_members_status_check', sql`${t.status} in (${inList(MEMBER_STATUSES)})`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: INVITABLE_ROLES }).notNull(),
    /** SHA-256 of the link's token; the token itself is only ever in the mail. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSentAt: timestamptz('last_sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invitations_pkey', columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'invitations_workspace_fk',
      columns: [t.accountId, t.workspaceId],
      foreignColumns: [workspaces.accountId, workspaces.id],
    }).onDelete('cascade'),
    // The open invitations of a workspace, newest first.
    index('invitations_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt),
    // At most one open invitation per address and workspace: inviting again replaces it.
    uniqueIndex('invitations_open_email_key')
      .on(t.accountId, t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    // Cross-tenant by design (see the top of this file): the public link names no tenant.
    index('invitations_token_hash_idx').on(t.tokenHash),
    check('invitations_role_check', sql`${t.role} in (${inList(INVITABLE_ROLES)})`),
    check('invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
