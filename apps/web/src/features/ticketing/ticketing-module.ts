import type { WebModule } from '../../lib/web-module.ts';

/**
 * Queue Ticketing in the browser; its manifest (template, actions, sidebar entries, the dashboard
 * route) is in packages/shared/src/modules.ts. A sidebar entry shows once its page is listed here.
 * The public pages (kiosk, board, ticket) are in public/, routed in app/routes.tsx.
 */
export const ticketingModule: WebModule<'ticketing'> = {
  key: 'ticketing',
  pages: [],
  dashboards: {},
};
