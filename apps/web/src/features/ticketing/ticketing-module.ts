import { createElement } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';
import type { WebModule } from '../../lib/web-module.ts';

// Every page its own chunk (this file is .ts, so vite.config.ts's shell group names it); the public
// pages (kiosk, board, ticket) are in public/, routed in app/routes.tsx.
const ConsolePage = lazyPage(() => import('./pages/console-page.tsx'), 'ConsolePage');
const TicketsPage = lazyPage(() => import('./pages/tickets-page.tsx'), 'TicketsPage');
const ServicesPage = lazyPage(() => import('./pages/services-page.tsx'), 'ServicesPage');
const CountersPage = lazyPage(() => import('./pages/counters-page.tsx'), 'CountersPage');
const TicketingSettingsPage = lazyPage(() => import('./pages/settings-page.tsx'), 'TicketingSettingsPage');
const MyTicketsPage = lazyPage(() => import('./pages/my-tickets-page.tsx'), 'MyTicketsPage');
const TicketingDashboardPage = lazyPage(
  () => import('./pages/ticketing-dashboard-page.tsx'),
  'TicketingDashboardPage',
);

/**
 * Queue Ticketing in the browser; its manifest (template, actions, sidebar entries, the dashboard
 * route) is in packages/shared/src/modules.ts. A sidebar entry shows once its page is listed here.
 */
export const ticketingModule: WebModule<'ticketing'> = {
  key: 'ticketing',
  pages: [
    {
      path: '/ticketing/console',
      action: 'ticketing:serve',
      element: createElement(ConsolePage),
      page: ConsolePage,
    },
    {
      path: '/ticketing/tickets',
      action: 'ticketing:read',
      element: createElement(TicketsPage),
      page: TicketsPage,
    },
    {
      path: '/ticketing/services',
      action: 'ticketing:read',
      element: createElement(ServicesPage),
      page: ServicesPage,
    },
    {
      path: '/ticketing/counters',
      action: 'ticketing:read',
      element: createElement(CountersPage),
      page: CountersPage,
    },
    {
      path: '/ticketing/settings',
      action: 'ticketing:manage',
      element: createElement(TicketingSettingsPage),
      page: TicketingSettingsPage,
      edits: true,
    },
    {
      path: '/ticketing/my-tickets',
      action: 'ticketing:own',
      element: createElement(MyTicketsPage),
      page: MyTicketsPage,
    },
  ],
  dashboards: {
    ticketing: { element: createElement(TicketingDashboardPage), page: TicketingDashboardPage },
  },
};
