import { Button, Paper } from '@mantine/core';
import { OPERATIONS_RECORD_STATUSES, PROCUREMENT_TYPES } from '@workhub/shared/schemas/operations';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/data-states.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { UUID, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { exportList } from '../api/export-csv.ts';
import { type ProductListParams, useProducts } from '../api/get-products.ts';
import { useNamedChoices } from '../api/named-records.ts';
import { OpsFilterBar } from '../components/ops-filter-bar.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { ProductTable } from '../components/product-table.tsx';
import { useStatusToggle } from '../components/status-toggle.tsx';
import { PROCUREMENT_OPTIONS, RECORD_STATUS_OPTIONS } from '../operations-options.ts';

const SORTS = [
  { value: 'product_name', label: 'Name (A–Z)' },
  { value: '-product_name', label: 'Name (Z–A)' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'product_qty', label: 'On hand (lowest first)' },
  { value: '-product_qty', label: 'On hand (highest first)' },
  { value: 'price', label: 'Price (lowest first)' },
  { value: '-price', label: 'Price (highest first)' },
];

const RULES = {
  status: OPERATIONS_RECORD_STATUSES,
  catalog_id: UUID,
  procurement_type: PROCUREMENT_TYPES,
  below_safety: ['true'],
  sort: SORTS.slice(1).map((sort) => sort.value),
} as const;

/**
 * /operations/products: the workspace's products, searched by name or group, filtered by status,
 * catalog, make or buy and stock below safety, sorted, 14 a page, exported as CSV (the import's
 * columns). New, Import, Edit and Activate/Deactivate for who may write (operations:write).
 */
export const ProductListPage = () => {
  useDocumentTitle('Products');
  const may = useMay();
  const mayWrite = may('operations:write');
  const [page, setPage] = usePageParam();
  const filters = useUrlFilters(RULES);
  const params = { ...filters.query, page } as ProductListParams;
  const products = useProducts(params);
  usePageInRange(products.data?.meta);
  const catalogs = useNamedChoices('catalogs');
  const status = useStatusToggle('products', 'product');

  const newProduct = mayWrite ? (
    <Button component={Link} to="/operations/products/new">
      + New Product
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Products"
        description="What you make and buy: stock on hand, cost and how it is procured."
        actions={
          mayWrite ? (
            <>
              <Button component={Link} to="/operations/import/bom-lines" variant="default">
                Import BOM lines
              </Button>
              <Button component={Link} to="/operations/import/products" variant="default">
                Import products
              </Button>
              {newProduct}
            </>
          ) : null
        }
      />
      <Paper withBorder p="md" radius="md">
        <OpsFilterBar
          state={filters}
          searchLabel="Search by name or group"
          sorts={SORTS}
          controls={[
            {
              key: 'status',
              kind: 'select',
              label: 'Status',
              any: 'All statuses',
              options: RECORD_STATUS_OPTIONS,
            },
            {
              key: 'catalog_id',
              kind: 'select',
              label: 'Catalog',
              any: 'Any catalog',
              options: (catalogs.data ?? []).map((catalog) => ({ value: catalog.id, label: catalog.name })),
            },
            {
              key: 'procurement_type',
              kind: 'select',
              label: 'Type',
              any: 'Make or buy',
              options: PROCUREMENT_OPTIONS,
            },
            { key: 'below_safety', kind: 'check', label: 'Below safety stock' },
          ]}
        >
          <ExportCsvButton onExport={() => exportList('products', filters.query)} />
        </OpsFilterBar>
        <PagedList
          query={products}
          errorTitle="The products could not be loaded"
          noun={['product', 'products']}
          filters={filters}
          page={page}
          onPage={setPage}
          empty={
            <EmptyList
              title="No products yet"
              description={
                mayWrite ? 'Add the first product, or import a CSV file of them.' : 'Products appear here.'
              }
            >
              {newProduct}
            </EmptyList>
          }
        >
          {(rows) => (
            <ProductTable
              products={rows}
              mayWrite={mayWrite}
              changingId={status.changingId}
              onToggleStatus={(product) =>
                status.toggle({ id: product.id, name: product.product_name, status: product.status })
              }
            />
          )}
        </PagedList>
      </Paper>
      {status.dialog}
    </>
  );
};
