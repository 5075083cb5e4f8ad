import { z } from 'zod';
import { ACCOUNT_ACCESS, INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from '../enums.ts';
import { int32 } from './common.ts';

/**
 * The subscription of the account a session acts in (SessionUser.subscription): what the top bar's
 * trial badge and the read-only banner read. `access` and `days_left` are computed by the server
 * at the time of the answer (packages/shared/src/subscription.ts).
 */
export const sessionSubscription = z.object({
  plan_id: z.number().int(),
  plan_title: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  access: z.enum(ACCOUNT_ACCESS),
  days_left: z.number().int(),
});
export type SessionSubscription = z.infer<typeof sessionSubscription>;

export const invoice = z.object({
  invoice_id: z.string(),
  /** INV-<year>-<6 digits>. */
  number: z.string(),
  plan_id: z.number().int(),
  plan_title: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** The payment provider that collects it ('manual_invoice'). */
  provider: z.string(),
  status: z.enum(INVOICE_STATUSES),
  period_start: z.string(),
  period_end: z.string(),
  issued_at: z.string(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

/** How much of one plan limit the account uses; `max` null: unlimited. */
const limitUsage = z.object({ used: z.number().int(), max: z.number().int().nullable() });

/** The account's usage against its plan's limits (what the limits count: plan-limits.ts). */
export const planUsage = z.object({ workspaces: limitUsage, members: limitUsage });
export type PlanUsage = z.infer<typeof planUsage>;

/** GET /api/billing: the plan, where the subscription stands, and the usage against its limits. */
export const billingOverview = z.object({
  plan: z.object({
    plan_id: z.number().int(),
    title: z.string(),
    price: z.number(),
    month: z.number().int(),
  }),
  usage: planUsage,
  subscription: sessionSubscription.omit({ plan_id: true, plan_title: true }).extend({
    current_period_start: z.string().nullable(),
  }),
});
export type BillingOverview = z.infer<typeof billingOverview>;

export const checkoutParams = z.object({ planId: int32() });

export const checkoutBody = z.object({
  plan_id: int32({ message: 'Choose a plan' }),
  /**
   * The client's key for this checkout (one per visit of the checkout page): a retry with the
   * same key answers the first checkout's result instead of buying again.
   */
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'An idempotency key is 8 to 100 letters, digits, - or _' })
    .optional(),
  /**
   * The price and months the buyer was shown (the preview's `amount` and `plan.month`): when the
   * plan was edited since, the checkout is refused (409) rather than charging what was not shown.
   */
  expected_amount: z.number({ error: 'The amount shown must be a number' }).min(0).max(1_000_000).optional(),
  expected_month: int32({ message: 'The months shown must be a whole number' }).optional(),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** GET /api/billing/checkout/:planId: what POST /api/billing/checkout would buy, now. */
export const checkoutPreview = z.object({
  plan: z.object({
    plan_id: z.number().int(),
    title: z.string(),
    price: z.number(),
    month: z.number().int(),
  }),
  amount: z.number(),
  currency: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  provider: z.string(),
  /** When the invoice would fall due. */
  due_at: z.string(),
  /**
   * The account's usage against this plan's limits: a downgrade that leaves it over them (2
   * workspaces on a plan of 1) is said before the purchase, not found on the billing page after.
   */
  usage: planUsage,
});
export type CheckoutPreview = z.infer<typeof checkoutPreview>;

export const checkoutResult = z.object({
  subscription: billingOverview.shape.subscription.extend({ plan_id: z.number().int() }),
  invoice,
});
export type CheckoutResult = z.infer<typeof checkoutResult>;
