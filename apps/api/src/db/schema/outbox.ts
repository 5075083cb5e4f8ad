import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;

/** Every mail the app writes, delivered or not: the record of what was sent, and the dev mailbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('outbox_created_at_idx').on(t.createdAt),
    index('outbox_to_idx').on(t.to, t.createdAt),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'logged')`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
