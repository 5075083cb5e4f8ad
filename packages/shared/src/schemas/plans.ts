import { z } from 'zod';
import { PLAN_DESCRIPTION_MIN } from '../constants.ts';
import { PLAN_STATUSES, SUBSCRIPTION_STATUSES } from '../enums.ts';
import { messages } from '../messages.ts';
import { optionalString, requiredString } from './common.ts';

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
});
export type Plan = z.infer<typeof plan>;

export const pickPlanBody = z.object({
  subscription_id: z.coerce.number({ error: 'Choose a plan' }).int().positive({ error: 'Choose a plan' }),
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

/** Plan edit and create (spec section 5): every message of the spec; subheader and status optional. */
export const planBody = z.object({
  title: requiredString(messages.planTitleRequired, 100),
  subscription: optionalString(60).default(''),
  subheader: optionalString(200),
  price: z.coerce
    .number({ error: messages.planPriceRequired })
    .min(0, { error: 'The price cannot be negative' })
    .max(1_000_000, { error: 'The price is too high' }),
  description: z
    .string({ error: messages.planDescriptionRequired })
    .trim()
    .min(1, { error: messages.planDescriptionRequired })
    .min(PLAN_DESCRIPTION_MIN, { error: messages.planDescriptionMin })
    .max(2000),
  button_text: requiredString(messages.planButtonTextRequired, 60),
  button_variant: requiredString(messages.planButtonVariantRequired, 30),
  month: z.coerce
    .number({ error: messages.planMonthRequired })
    .int({ error: messages.planMonthRequired })
    .min(1, { error: messages.planMonthRequired })
    .max(120, { error: 'At most 120 months' }),
  status: z.enum(PLAN_STATUSES).default('active'),
});
export type PlanBody = z.input<typeof planBody>;

/** Plan edit: the same fields, but a status left out keeps the plan's status. */
export const planUpdateBody = planBody.extend({ status: z.enum(PLAN_STATUSES).optional() });
export type PlanUpdateBody = z.input<typeof planUpdateBody>;

/** `:id` of a plan. */
export const planIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The spec sends '1' (active) or '0' (inactive); the words are taken too. */
export const planStatusBody = z.object({
  status: z
    .enum(['1', '0', 'active', 'inactive'], { error: "status must be '1' or '0'" })
    .transform((value) => (value === '1' || value === 'active' ? 'active' : 'inactive')),
});
