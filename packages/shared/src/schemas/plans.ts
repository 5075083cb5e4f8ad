import { z } from 'zod';
import { PLAN_STATUSES, SUBSCRIPTION_STATUSES } from '../enums.ts';

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
