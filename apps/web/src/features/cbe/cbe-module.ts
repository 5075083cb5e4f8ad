import { createElement } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';
import type { WebModule } from '../../lib/web-module.ts';

// Every page is its own chunk, fetched when opened: nothing of the school rides on a public route.
const StudentsPage = lazyPage(() => import('./pages/students-page.tsx'), 'StudentsPage');
const SetupPage = lazyPage(() => import('./pages/setup-page.tsx'), 'SetupPage');
const RegisterPage = lazyPage(() => import('./pages/register-page.tsx'), 'RegisterPage');
const GradebookPage = lazyPage(() => import('./pages/gradebook-page.tsx'), 'GradebookPage');
const FeesPage = lazyPage(() => import('./pages/fees-page.tsx'), 'FeesPage');
const ChildrenPage = lazyPage(() => import('./pages/children-page.tsx'), 'ChildrenPage');
const CbeDashboardPage = lazyPage(() => import('./pages/cbe-dashboard-page.tsx'), 'CbeDashboardPage');

/**
 * The CBE School module in the browser; its manifest (template, actions, sidebar entries, the
 * /dashboard_cbe route) is in packages/shared/src/modules.ts. Forms open in dialogs on their list
 * pages, which hide them from who may not write.
 */
export const cbeModule: WebModule<'cbe'> = {
  key: 'cbe',
  pages: [
    { path: '/cbe/students', action: 'cbe:read', element: createElement(StudentsPage), page: StudentsPage },
    { path: '/cbe/classes', action: 'cbe:read', element: createElement(SetupPage), page: SetupPage },
    { path: '/cbe/register', action: 'cbe:read', element: createElement(RegisterPage), page: RegisterPage },
    {
      path: '/cbe/gradebook',
      action: 'cbe:read',
      element: createElement(GradebookPage),
      page: GradebookPage,
    },
    { path: '/cbe/fees', action: 'cbe:fees', element: createElement(FeesPage), page: FeesPage },
    { path: '/cbe/children', action: 'cbe:own', element: createElement(ChildrenPage), page: ChildrenPage },
  ],
  dashboards: { cbe: { element: createElement(CbeDashboardPage), page: CbeDashboardPage } },
};
