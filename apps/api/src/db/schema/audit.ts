import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The append-only audit log (issue 14, section 3): who did what to which record, before and
 * after, from which address, when. A row is written by modules/audit/audit.ts in the transaction
 * of the change it records, and never updated nor deleted (the app role holds no such grant).
 *
 * No foreign keys, on purpose: a row must outlive the user, workspace or record it names (the
 * actor's e-mail is copied for that), and a cascade would be a delete the log may not take.
 * `account_id` null is a platform-level event (a failed sign-in for an unknown address, staff
 * editing a plan); `action` is one of AUDIT_ACTIONS (packages/shared), checked by TypeScript so
 * that a new event needs no migration.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id'),
    workspaceId: uuid('workspace_id'),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, of one account (or, with account_id null, the platform's).
    index('audit_log_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    // The list filtered by action.
    index('audit_log_account_action_created_idx').on(t.accountId, t.action, t.createdAt.desc(), t.id.desc()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
