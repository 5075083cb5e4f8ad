/**
 * The public plan list's address (get-plans.ts), apart from the query so that the app's entry can
 * start it with /pricing's scripts (routes.tsx preloadRoute) without loading the query's chunk.
 */
export const PLANS_PATH = '/api/plans?limit=100';
