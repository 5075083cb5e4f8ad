import type { WebModule } from '../../lib/web-module.ts';

/**
 * The CBE School module in the browser; its manifest (template, actions, sidebar entries, the
 * /dashboard_cbe route) is in packages/shared/src/modules.ts.
 */
export const cbeModule: WebModule<'cbe'> = {
  key: 'cbe',
  pages: [],
  dashboards: {},
};
