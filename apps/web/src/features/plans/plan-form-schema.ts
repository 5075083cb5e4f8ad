import { planBody } from '@workhub/shared/schemas/plans';
import { z } from 'zod';

/** An empty number field is a missing value, not 0 (z.coerce would read '' as 0). */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The shared plan body for the form: price and month arrive as the text of their inputs, so an
 * empty one says 'Sorry the price is required' / 'Sorry the number month is required' (spec section 5).
 */
export const planForm = planBody.extend({
  price: z.preprocess(blankToUndefined, planBody.shape.price),
  month: z.preprocess(blankToUndefined, planBody.shape.month),
});

export const BUTTON_VARIANT_OPTIONS = [
  { value: '', label: 'Choose a variant' },
  { value: 'filled', label: 'Filled' },
  { value: 'outline', label: 'Outline' },
  { value: 'light', label: 'Light' },
];

export const PLAN_STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
