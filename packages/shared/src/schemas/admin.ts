import { z } from 'zod';
import { ACCOUNT_ACCESS, ACCOUNT_STATUSES, SUBSCRIPTION_STATUSES } from '../enums.ts';
import { idField, paginationQuery, searchQuery } from './common.ts';

/** The admin dashboard (GET /api/admin/dashboard): real figures of the whole platform. */
export const adminDashboard = z.object({
  /** Accounts (one per holder), by accounts.status. */
  accounts: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
  /** New accounts in each of the last 12 weeks, oldest first; weeks start on Monday (UTC). */
  signups_per_week: z.array(z.object({ week_start: z.string(), signups: z.number().int() })),
  /**
   * Accounts on each plan whose subscription gives access now: trialing with the trial not over,
   * or active with the paid period not over. Every plan is listed, in id order, 0 included.
   */
  active_subscriptions: z.array(
    z.object({ subscription_id: z.number().int(), title: z.string(), count: z.number().int() }),
  ),
  /** Trials ending within the next 7 days: how many, and the first 10 by trial end. */
  trials_ending: z.object({
    count: z.number().int(),
    rows: z.array(
      z.object({
        account_id: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        plan_title: z.string(),
        trial_ends_at: z.string(),
      }),
    ),
  }),
  /** The plans for the Subscriptions panel, in id order. */
  plans: z.array(z.object({ subscription_id: z.number().int(), title: z.string(), price: z.number() })),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** One account holder as the Subscribers table shows them. */
export const subscriber = z.object({
  account_id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Whether the holder has entered the code mailed at sign-up (until then they cannot sign in). */
  email_verified: z.boolean(),
  /** Null only for an account that has no subscription row. */
  subscription_id: z.number().int().nullable(),
  plan_title: z.string().nullable(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /**
   * At the server's clock (subscription.ts): 'read_only' once the trial or the paid period is over
   * (the stored status stays 'trialing' after a trial ends), or with no subscription.
   */
  access: z.enum(ACCOUNT_ACCESS),
  /** accounts.status: inactive shuts the holder and every member of the account out. */
  status: z.enum(ACCOUNT_STATUSES),
  workspaces: z.number().int(),
  created_at: z.string(),
});
export type Subscriber = z.infer<typeof subscriber>;

/** The longest `q` of the subscribers list (the search box holds no more). */
export const SUBSCRIBER_SEARCH_MAX = 200;

/** GET /api/admin/subscribers: `q` matches first name, last name, full name or e-mail (any case). */
export const subscribersQuery = paginationQuery.extend({
  q: searchQuery(SUBSCRIBER_SEARCH_MAX),
});
export type SubscribersQuery = z.input<typeof subscribersQuery>;

export const subscriberParams = z.object({ accountId: idField('Not an account id') });

/** The toggle sends the words; the spec's '1' and '0' are taken too. */
export const subscriberStatusBody = z.object({
  status: z
    .enum(['active', 'inactive', '1', '0'], { error: "status must be 'active' or 'inactive'" })
    .transform((value) => (value === '1' || value === 'active' ? 'active' : 'inactive')),
});
export type SubscriberStatusBody = z.input<typeof subscriberStatusBody>;
