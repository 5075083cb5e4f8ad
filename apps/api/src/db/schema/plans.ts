import { PLAN_STATUSES, SUBSCRIPTION_STATUSES } from '@workhub/shared/enums';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { accounts } from './users.ts';

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    // By default rather than always: the seed gives the free trial the id 1 the spec relies on.
    subscriptionId: integer('subscription_id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    subscription: text('subscription').notNull(),
    subheader: text('subheader'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    description: text('description').notNull(),
    buttonText: text('button_text').notNull(),
    buttonVariant: text('button_variant').notNull(),
    month: integer('month').notNull(),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('active'),
    /** The most workspaces (not archived) an account on the plan may have; null: unlimited. */
    maxWorkspaces: integer('max_workspaces'),
    /** The most people (active members and pending invitations, the holder included); null: unlimited. */
    maxMembers: integer('max_members'),
    /** The version an edit is made against (decision 039): every change of the plan moves it. */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('subscription_plans_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('subscription_plans_price_check', sql`${t.price} >= 0`),
    check('subscription_plans_month_check', sql`${t.month} >= 1`),
    check('subscription_plans_max_workspaces_check', sql`${t.maxWorkspaces} >= 1`),
    check('subscription_plans_max_members_check', sql`${t.maxMembers} >= 1`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.subscriptionId),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    trialEndsAt: timestamptz('trial_ends_at'),
    /** The paid period bought at checkout: `month` months of the plan from its start. */
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    planChosenAt: timestamptz('plan_chosen_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_account_id_key').on(t.accountId),
    index('subscriptions_plan_id_idx').on(t.planId),
    // The admin dashboard's trials ending in the next days.
    index('subscriptions_trial_ends_at_idx').on(t.trialEndsAt),
    check('subscriptions_status_check', sql`${t.status} in ('trialing', 'active', 'expired', 'canceled')`),
  ],
);

export type PlanRow = typeof subscriptionPlans.$inferSelect;
