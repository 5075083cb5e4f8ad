import type { WebModule } from '../../lib/web-module.ts';

/**
 * Operations in the browser; its manifest (templates, actions, sidebar entries, the MRP dashboard
 * route) is in packages/shared/src/modules.ts. Its pages (products, catalogs, units, orders, stock
 * moves, the MRP run) and its MRP dashboard are added here as they are built (issue 13, part 5):
 * until a page is listed, its sidebar entry stays hidden, and /dashboard_mrp shows the shared
 * template dashboard.
 */
export const operationsModule: WebModule<'operations'> = {
  key: 'operations',
  pages: [],
  dashboards: {},
};
