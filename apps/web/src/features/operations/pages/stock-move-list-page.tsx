import { Anchor, Button, Modal, Paper, Text } from '@mantine/core';
import { STOCK_MOVE_KINDS, type StockMove } from '@workhub/shared/schemas/operations';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { UUID, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { exportList } from '../api/export-csv.ts';
import { useProduct } from '../api/get-product.ts';
import { type StockMoveListParams, useStockMoves } from '../api/stock.ts';
import { OpsFilterBar } from '../components/ops-filter-bar.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { ProductSelect } from '../components/product-select.tsx';
import { StockAdjustmentForm } from '../components/stock-adjustment-form.tsx';
import { deltaColor, formatDelta, formatQty } from '../operations-format.ts';
import { STOCK_MOVE_KIND_LABELS, STOCK_MOVE_KIND_OPTIONS } from '../operations-options.ts';

const SORTS = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
];
const RULES = { product_id: UUID, kind: STOCK_MOVE_KINDS, sort: ['created_at'] } as const;

const REFERENCE_PATHS = {
  purchase_order: '/operations/purchase-orders',
  customer_order: '/operations/customer-orders',
  work_order: '/operations/work-orders',
} as const;

const referenceCell = (move: StockMove) => {
  if (!move.reference) return move.reason ?? '—';
  const base = REFERENCE_PATHS[move.reference.kind];
  const to = move.reference.kind === 'work_order' ? base : `${base}/${move.reference.id}`;
  return (
    <Anchor component={Link} to={to} size="sm">
      {move.reference.label}
    </Anchor>
  );
};

/**
 * /operations/stock-moves: every change of stock, newest first, with what made it (an order, a
 * work order or a count and its reason) and the figure after it; filtered by product (the product
 * page links here with its id) and kind, exported. A count (stock adjustment) for who may write.
 */
export const StockMoveListPage = () => {
  useDocumentTitle('Stock moves');
  const mayWrite = useMay()('operations:write');
  const [page, setPage] = usePageParam();
  const filters = useUrlFilters(RULES);
  const moves = useStockMoves({ ...filters.query, page } as StockMoveListParams);
  usePageInRange(moves.data?.meta);
  const productId = filters.values.product_id || undefined;
  const product = useProduct(productId);
  const [counting, setCounting] = useState(false);
  const chosen = product.data ? { id: product.data.id, name: product.data.product_name } : null;

  return (
    <>
      <PageHeader
        title="Stock moves"
        description={
          product.data ? (
            <>
              {product.data.product_name}: {formatQty(product.data.product_qty)} on hand.{' '}
              <Anchor component={Link} to={`/operations/products/${product.data.id}`} size="sm">
                Open the product
              </Anchor>
            </>
          ) : (
            'Every change of stock, and what made it.'
          )
        }
        actions={mayWrite ? <Button onClick={() => setCounting(true)}>Adjust stock</Button> : null}
      />
      <Paper withBorder p="md" radius="md">
        <OpsFilterBar
          state={filters}
          sorts={SORTS}
          leading={
            <ProductSelect
              key={chosen?.id ?? 'none'}
              label="Product"
              placeholder="Every product"
              clearable
              value={productId ?? ''}
              selectedName={chosen?.name ?? null}
              onChange={(choice) => filters.setFilter('product_id', choice?.id ?? '')}
              w={260}
            />
          }
          controls={[
            {
              key: 'kind',
              kind: 'select',
              label: 'Kind',
              any: 'Every kind',
              options: STOCK_MOVE_KIND_OPTIONS,
            },
          ]}
        >
          <ExportCsvButton onExport={() => exportList('stock-moves', filters.query)} />
        </OpsFilterBar>
        <PagedList
          query={moves}
          errorTitle="The stock moves could not be loaded"
          noun={['stock move', 'stock moves']}
          filters={filters}
          page={page}
          onPage={setPage}
          empty={
            <EmptyList
              title="No stock moves yet"
              description="Receiving, shipping, production and counts each record one."
            />
          }
        >
          {(rows) => (
            <DataTable
              label="Stock moves"
              minWidth={900}
              rows={rows}
              rowKey={(move) => move.id}
              columns={[
                { key: 'when', header: 'When', cell: (move) => formatDateTime(move.created_at) },
                {
                  key: 'product',
                  header: 'Product',
                  cell: (move) => (
                    <Anchor
                      component={Link}
                      to={`/operations/products/${move.product_id}`}
                      size="sm"
                      fw={600}
                    >
                      {move.product_name}
                    </Anchor>
                  ),
                },
                { key: 'kind', header: 'Kind', cell: (move) => STOCK_MOVE_KIND_LABELS[move.kind] },
                {
                  key: 'delta',
                  header: 'Change',
                  cell: (move) => (
                    <Text size="sm" fw={600} c={deltaColor(move.qty_delta)}>
                      {formatDelta(move.qty_delta)}
                    </Text>
                  ),
                },
                { key: 'after', header: 'On hand after', cell: (move) => formatQty(move.on_hand_after) },
                { key: 'reference', header: 'Reference or reason', cell: referenceCell },
                { key: 'by', header: 'By', cell: (move) => move.created_by_name ?? '—' },
              ]}
            />
          )}
        </PagedList>
      </Paper>
      <Modal opened={counting} onClose={() => setCounting(false)} title="Adjust stock" centered>
        {counting ? <StockAdjustmentForm product={chosen} onDone={() => setCounting(false)} /> : null}
      </Modal>
    </>
  );
};
