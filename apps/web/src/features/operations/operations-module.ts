import { createElement } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';
import type { WebModule } from '../../lib/web-module.ts';

// Every page is its own chunk (this file is .ts, not .tsx: vite.config.ts's shell group names it), fetched when opened: nothing of operations rides on a public route.
const ProductListPage = lazyPage(() => import('./pages/product-list-page.tsx'), 'ProductListPage');
const ProductFormPage = lazyPage(() => import('./pages/product-form-page.tsx'), 'ProductFormPage');
const ProductDetailPage = lazyPage(() => import('./pages/product-detail-page.tsx'), 'ProductDetailPage');
const MrpRunPage = lazyPage(() => import('./pages/mrp-run-page.tsx'), 'MrpRunPage');
const MrpDashboardPage = lazyPage(() => import('./pages/mrp-dashboard-page.tsx'), 'MrpDashboardPage');

/**
 * Operations in the browser; its manifest (templates, actions, sidebar entries, the MRP dashboard
 * route) is in packages/shared/src/modules.ts. A sidebar entry shows once its page is listed here.
 */
export const operationsModule: WebModule<'operations'> = {
  key: 'operations',
  pages: [
    {
      path: '/operations/products',
      action: 'operations:read',
      element: createElement(ProductListPage),
      page: ProductListPage,
    },
    {
      path: '/operations/products/new',
      action: 'operations:write',
      element: createElement(ProductFormPage),
      page: ProductFormPage,
      edits: true,
    },
    {
      path: '/operations/products/:id/edit',
      action: 'operations:write',
      element: createElement(ProductFormPage),
      page: ProductFormPage,
      edits: true,
    },
    {
      path: '/operations/products/:id',
      action: 'operations:read',
      element: createElement(ProductDetailPage),
      page: ProductDetailPage,
    },
    {
      path: '/operations/mrp',
      action: 'operations:plan',
      element: createElement(MrpRunPage),
      page: MrpRunPage,
    },
  ],
  dashboards: { mrp: { element: createElement(MrpDashboardPage), page: MrpDashboardPage } },
};
