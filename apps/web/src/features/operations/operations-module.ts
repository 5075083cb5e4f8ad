import { createElement } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';
import type { ModulePage, WebModule } from '../../lib/web-module.ts';

// Every page is its own chunk (this file is .ts, not .tsx: vite.config.ts's shell group names it), fetched when opened: nothing of operations rides on a public route.
const ProductListPage = lazyPage(() => import('./pages/product-list-page.tsx'), 'ProductListPage');
const ProductFormPage = lazyPage(() => import('./pages/product-form-page.tsx'), 'ProductFormPage');
const ProductDetailPage = lazyPage(() => import('./pages/product-detail-page.tsx'), 'ProductDetailPage');
const NamedRecordListPage = lazyPage<'NamedRecordListPage', { kind: 'catalogs' | 'uoms' }>(
  () => import('./pages/named-record-list-page.tsx'),
  'NamedRecordListPage',
);
const OrderListPage = lazyPage<'OrderListPage', { kind: 'purchase' | 'customer' }>(
  () => import('./pages/order-list-page.tsx'),
  'OrderListPage',
);
const OrderDetailPage = lazyPage<'OrderDetailPage', { kind: 'purchase' | 'customer' }>(
  () => import('./pages/order-detail-page.tsx'),
  'OrderDetailPage',
);
const WorkOrderListPage = lazyPage(() => import('./pages/work-order-list-page.tsx'), 'WorkOrderListPage');
const StockMoveListPage = lazyPage(() => import('./pages/stock-move-list-page.tsx'), 'StockMoveListPage');
const ImportPage = lazyPage<'ImportPage', { kind: 'products' | 'bom-lines' }>(
  () => import('./pages/import-page.tsx'),
  'ImportPage',
);
const MrpRunPage = lazyPage(() => import('./pages/mrp-run-page.tsx'), 'MrpRunPage');
const MrpDashboardPage = lazyPage(() => import('./pages/mrp-dashboard-page.tsx'), 'MrpDashboardPage');
const SalesPanelsSection = lazyPage(() => import('./pages/sales-panels-section.tsx'), 'SalesPanelsSection');
const salesPanels = { element: createElement(SalesPanelsSection), page: SalesPanelsSection };

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
      path: '/operations/catalogs',
      action: 'operations:read',
      element: createElement(NamedRecordListPage, { kind: 'catalogs' }),
      page: NamedRecordListPage,
    },
    {
      path: '/operations/units',
      action: 'operations:read',
      element: createElement(NamedRecordListPage, { kind: 'uoms' }),
      page: NamedRecordListPage,
    },
    ...(['purchase', 'customer'] as const).flatMap((kind): ModulePage[] => {
      const base = `/operations/${kind}-orders`;
      const detail = createElement(OrderDetailPage, { kind });
      return [
        {
          path: base,
          action: 'operations:read',
          element: createElement(OrderListPage, { kind }),
          page: OrderListPage,
        },
        {
          path: `${base}/new`,
          action: 'operations:write',
          element: detail,
          page: OrderDetailPage,
          edits: true,
        },
        { path: `${base}/:id`, action: 'operations:read', element: detail, page: OrderDetailPage },
      ];
    }),
    {
      path: '/operations/work-orders',
      action: 'operations:read',
      element: createElement(WorkOrderListPage),
      page: WorkOrderListPage,
    },
    {
      path: '/operations/stock-moves',
      action: 'operations:read',
      element: createElement(StockMoveListPage),
      page: StockMoveListPage,
    },
    ...(['products', 'bom-lines'] as const).map(
      (kind): ModulePage => ({
        path: `/operations/import/${kind}`,
        action: 'operations:write',
        element: createElement(ImportPage, { kind }),
        page: ImportPage,
        edits: true,
      }),
    ),
    {
      path: '/operations/mrp',
      action: 'operations:plan',
      element: createElement(MrpRunPage),
      page: MrpRunPage,
    },
  ],
  dashboards: { mrp: { element: createElement(MrpDashboardPage), page: MrpDashboardPage } },
  // The other templates with operations keep the shared dashboard, its sales and orders from here.
  dashboardPanels: { erp: salesPanels, crm: salesPanels, srm: salesPanels },
};
