import { INVOICE_STATUSES } from '@workhub/shared/enums';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from './columns.ts';
import { subscriptionPlans } from './plans.ts';
import { accounts } from './users.ts';

/**
 * One invoice per checkout (and later per renewal): what the account owes for one period of a
 * plan, and which payment provider collects it. A tenant table keyed by account_id first.
 * The amount and plan title are copied from the plan at checkout: editing a plan later never
 * rewrites an issued invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    /** Human number, unique platform-wide: INV-<year>-<6 digits>. */
    number: text('number').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.subscriptionId),
    planTitle: text('plan_title').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The PaymentProvider that collects it ('manual_invoice' built in). */
    provider: text('provider').notNull(),
    /** The provider's own reference (a card provider's charge id); null for a manual invoice. */
    providerReference: text('provider_reference'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    paidAt: timestamptz('paid_at'),
    /**
     * The client's key for one checkout: a retry with the same key finds this invoice instead of
     * issuing (and charging) another. Null on invoices issued before keys existed.
     */
    idempotencyKey: text('idempotency_key'),
    /**
     * When the provider's answer was recorded (and the subscription extended, once). Null while the
     * provider is being asked: checkout calls it outside any transaction (docs/decisions.md).
     */
    collectedAt: timestamptz('collected_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invoices_pkey', columns: [t.accountId, t.id] }),
    // The billing page: an account's invoices, newest first.
    index('invoices_account_issued_idx').on(t.accountId, t.issuedAt, t.id),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_account_idempotency_key').on(t.accountId, t.idempotencyKey),
    check('invoices_status_check', sql`${t.status} in (${inList(INVOICE_STATUSES)})`),
    check('invoices_amount_check', sql`${t.amount} >= 0`),
    check('invoices_period_check', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
