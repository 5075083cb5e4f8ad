import { createElement } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';
import type { WebModule } from '../../lib/web-module.ts';

// Every page is its own chunk, fetched when opened: nothing of the salon rides on a public route.
const CalendarPage = lazyPage(() => import('./pages/calendar-page.tsx'), 'CalendarPage');
const AppointmentsPage = lazyPage(() => import('./pages/appointments-page.tsx'), 'AppointmentsPage');
const WalkInsPage = lazyPage(() => import('./pages/walk-ins-page.tsx'), 'WalkInsPage');
const CustomersPage = lazyPage(() => import('./pages/customers-page.tsx'), 'CustomersPage');
const ServicesPage = lazyPage(() => import('./pages/services-page.tsx'), 'ServicesPage');
const StaffPage = lazyPage(() => import('./pages/staff-page.tsx'), 'StaffPage');
const MyAppointmentsPage = lazyPage(() => import('./pages/my-appointments-page.tsx'), 'MyAppointmentsPage');
const BarberDashboardPage = lazyPage(
  () => import('./pages/barber-dashboard-page.tsx'),
  'BarberDashboardPage',
);

/**
 * Barber Shop & Spa in the browser; its manifest (templates, actions, sidebar entries, the barber
 * dashboard route) is in packages/shared/src/modules.ts. A sidebar entry shows once its page is
 * listed here. The public booking page lives in ./public/, routed in app/routes.tsx.
 */
export const barberModule: WebModule<'barber'> = {
  key: 'barber',
  pages: [
    {
      path: '/barber/calendar',
      action: 'barber:read',
      element: createElement(CalendarPage),
      page: CalendarPage,
    },
    {
      path: '/barber/appointments',
      action: 'barber:read',
      element: createElement(AppointmentsPage),
      page: AppointmentsPage,
    },
    {
      path: '/barber/walk-ins',
      action: 'barber:read',
      element: createElement(WalkInsPage),
      page: WalkInsPage,
    },
    {
      path: '/barber/customers',
      action: 'barber:read',
      element: createElement(CustomersPage),
      page: CustomersPage,
    },
    {
      path: '/barber/services',
      action: 'barber:read',
      element: createElement(ServicesPage),
      page: ServicesPage,
    },
    { path: '/barber/staff', action: 'barber:read', element: createElement(StaffPage), page: StaffPage },
    {
      path: '/barber/my-appointments',
      action: 'barber:own',
      element: createElement(MyAppointmentsPage),
      page: MyAppointmentsPage,
    },
  ],
  dashboards: { barber: { element: createElement(BarberDashboardPage), page: BarberDashboardPage } },
};
