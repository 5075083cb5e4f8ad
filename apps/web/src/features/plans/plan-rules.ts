import { DEFAULT_PLAN_ID } from '@workhub/shared/constants';
import type { Plan } from '@workhub/shared/schemas/plans';

/** Spec section 2: a plan can be taken only while active. */
export const isPlanAvailable = (plan: Plan): boolean => plan.status === 'active';

/** Spec section 2: plans above the free one go to checkout, the free one to sign-up. */
export const planDestination = (plan: Plan): string =>
  plan.subscription_id > DEFAULT_PLAN_ID ? `/checkout/${plan.subscription_id}` : '/auth/register';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});

export const formatPrice = (price: number): string => (price === 0 ? 'Free' : money.format(price));

const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A price in a 'Price($)' column: 21.50 and 19.00, as the admin dashboard's panel and /pricing have it. */
export const formatPriceAmount = (price: number): string => dollars.format(price);

export const formatPeriod = (months: number): string =>
  months === 1
    ? 'per month'
    : months === 12
      ? 'per year'
      : months % 12 === 0
        ? `per ${months / 12} years`
        : `per ${months} months`;

/** Mantine button variant for the plan's `button_variant` (the old app's names included). */
export const buttonVariant = (value: string): 'filled' | 'outline' | 'light' => {
  switch (value) {
    case 'outlined':
    case 'outline':
      return 'outline';
    case 'light':
    case 'text':
      return 'light';
    default:
      return 'filled';
  }
};
