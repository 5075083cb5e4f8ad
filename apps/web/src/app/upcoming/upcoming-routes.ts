import type { AccessRule } from '../guards/access.ts';

/**
 * The protected pages that later issues build. Each gets a real route now (guard, page header,
 * honest empty state); to build one, give it its own page in its feature and delete its line here.
 */
export type UpcomingRoute = {
  path: string;
  title: string;
  /** What the page will be for, shown under the title. */
  purpose: string;
  rule?: AccessRule;
};

const account: AccessRule = { anyOf: ['account'] };
const admin: AccessRule = { anyOf: ['admin'] };

export const upcomingRoutes: readonly UpcomingRoute[] = [
  { path: '/tags', title: 'Tags', purpose: 'Tags of this workspace.' },
  { path: '/user/billing', title: 'Billing', purpose: 'Your plan and invoices.', rule: account },
  { path: '/dashboard_admin', title: 'Admin dashboard', purpose: 'Subscribers and plans.', rule: admin },
  { path: '/checkout/:id', title: 'Checkout', purpose: 'Pay for the plan you chose.' },
];
