import { ACCOUNT_STATUSES, PLATFORM_ROLES, USER_STATUSES } from '@workhub/shared/enums';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Users and accounts reference each other (a user holds an account, an account has an owner), so they
// live in one file: two files would import each other.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    platformRole: text('platform_role', { enum: PLATFORM_ROLES }),
    /** The account this person holds (not a tenant key: a user belongs to no one tenant). */
    heldAccountId: uuid('held_account_id').references((): AnyPgColumn => accounts.id, {
      onDelete: 'set null',
    }),
    emailVerifiedAt: timestamptz('email_verified_at'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    phone: text('phone'),
    address: text('address'),
    state: text('state'),
    country: text('country'),
    city: text('city'),
    zip: text('zip'),
    notes: text('notes'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_held_account_id_idx').on(t.heldAccountId),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('users_platform_role_check', sql`${t.platformRole} in ('super_admin', 'admin')`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** Set by platform staff (the Subscribers table): inactive shuts the holder and their members out. */
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('accounts_owner_user_id_idx').on(t.ownerUserId),
    // The admin dashboard's sign-ups per week.
    index('accounts_created_at_idx').on(t.createdAt),
    check('accounts_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
