/**
 * Messages of plans and checkout added after the sign-in page's first load reached its budget,
 * apart from the core's `messages` as operationsMessages is: the sign-in page loads `messages`,
 * and these words are no part of signing in.
 */
export const billingMessages = {
  planPriceCents: 'The price can have at most 2 decimals (cents), e.g. 19.99',
  checkoutPlanChanged:
    'The price or period of this plan has changed since this page was opened. Check them and confirm again.',
  checkoutPlanAllowsLess: (current: string, plan: string) =>
    `Your ${current} plan is paid for and allows more than ${plan}: you can move to ${plan} once its paid period ends (see Billing). Buy ${current} again to extend it.`,
};
