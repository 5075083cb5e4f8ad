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

export const upcomingRoutes: readonly UpcomingRoute[] = [];
