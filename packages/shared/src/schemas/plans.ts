import { z } from 'zod';
import { billingMessages } from '../billing-messages.ts';
import { PLAN_DESCRIPTION_MIN } from '../constants.ts';
import { PLAN_STATUSES, SUBSCRIPTION_STATUSES } from '../enums.ts';
import { messages } from '../messages.ts';
import { int32, plainText, requiredString, textRules } from './common.ts';

/** A subscription plan as the public pricing page and the admin pages see it (spec section 3). */
export const plan = z.object({
  subscription_id: z.number().int(),
  title: z.string(),
  subscription: z.string(),
  subheader: z.string().nullable(),
  price: z.number(),
  description: z.string(),
  button_text: z.string(),
  button_variant: z.string(),
  month: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** The most workspaces (not archived) the account may have; null: unlimited. */
  max_workspaces: z.number().int().nullable(),
  /** The most people (active members and pending invitations, the holder included); null: unlimited. */
  max_members: z.number().int().nullable(),
});
export type Plan = z.infer<typeof plan>;

/** A plan as platform staff read it to edit it: with its version, which an edit sends as If-Match. */
export const adminPlan = plan.extend({ updated_at: z.string() });
export type AdminPlan = z.infer<typeof adminPlan>;

export const pickPlanBody = z.object({
  subscription_id: int32({ message: 'Choose a plan' }),
});
export type PickPlanBody = z.input<typeof pickPlanBody>;

export const accountSubscription = z.object({
  subscription_id: z.number().int(),
  plan_title: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  plan_chosen: z.boolean(),
});
export type AccountSubscription = z.infer<typeof accountSubscription>;

/**
 * A plan limit as the form sends it: empty (or null) means unlimited, else a whole number from 1.
 * The API answers null for unlimited, and takes it back.
 */
const planLimit = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce
    .number({ error: messages.planLimitInvalid })
    .int({ error: messages.planLimitInvalid })
    .min(1, { error: messages.planLimitInvalid })
    .max(1_000_000, { error: messages.planLimitInvalid })
    .nullable(),
);

/** The plan form's fields, without defaults: PATCH takes any subset of them. */
const planFields = {
  title: requiredString(messages.planTitleRequired, 100),
  subscription: plainText(60),
  // Null is what GET answers for "no subheader", so it is taken back (a read is always writable).
  subheader: plainText(200).nullable(),
  // Coercion would read null and '' as 0: a price cleared is a price missing, not a free plan.
  price: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.coerce
      .number({ error: messages.planPriceRequired })
      .min(0, { error: 'The price cannot be negative' })
      .max(1_000_000, { error: 'The price is too high' })
      // numeric(12,2) would round a third decimal away (9.999 saved as 10.00): refused instead.
      .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, {
        error: billingMessages.planPriceCents,
      }),
  ),
  description: textRules(
    z
      .string({ error: messages.planDescriptionRequired })
      .trim()
      .min(1, { error: messages.planDescriptionRequired })
      .min(PLAN_DESCRIPTION_MIN, { error: messages.planDescriptionMin })
      .max(2000, { error: 'Must be at most 2000 characters' }),
    'multi',
  ),
  button_text: requiredString(messages.planButtonTextRequired, 60),
  button_variant: requiredString(messages.planButtonVariantRequired, 30),
  // Left empty it is required (the spec's message); a number typed is held to 1-120 months.
  month: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: messages.planMonthRequired })
      .int({ error: messages.planMonthWhole })
      .min(1, { error: messages.planMonthMin })
      .max(120, { error: 'At most 120 months' }),
  ),
  status: z.enum(PLAN_STATUSES),
  max_workspaces: planLimit,
  max_members: planLimit,
};

/** Plan create (spec section 5): every message of the spec; subheader, status and limits optional. */
export const planBody = z.object({
  ...planFields,
  subscription: planFields.subscription.default(''),
  subheader: planFields.subheader.optional(),
  status: planFields.status.default('active'),
  max_workspaces: planFields.max_workspaces.optional(),
  max_members: planFields.max_members.optional(),
});
export type PlanBody = z.input<typeof planBody>;

/**
 * Plan edit: any subset of the fields (GET's answer, `subscription_id` included, is taken back
 * as is); a field left out keeps its value.
 */
export const planUpdateBody = z.object({
  title: planFields.title.optional(),
  subscription: planFields.subscription.optional(),
  subheader: planFields.subheader.optional(),
  price: planFields.price.optional(),
  description: planFields.description.optional(),
  button_text: planFields.button_text.optional(),
  button_variant: planFields.button_variant.optional(),
  month: planFields.month.optional(),
  status: planFields.status.optional(),
  max_workspaces: planFields.max_workspaces.optional(),
  max_members: planFields.max_members.optional(),
});
export type PlanUpdateBody = z.input<typeof planUpdateBody>;

/** `:id` of a plan. */
export const planIdParams = z.object({ id: int32() });

/** The spec sends '1' (active) or '0' (inactive); the words are taken too. */
export const planStatusBody = z.object({
  status: z
    .enum(['1', '0', 'active', 'inactive'], { error: "status must be '1' or '0'" })
    .transform((value) => (value === '1' || value === 'active' ? 'active' : 'inactive')),
});
