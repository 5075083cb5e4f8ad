import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { CUSTOMER_ORDER_STATUSES, PURCHASE_ORDER_STATUSES } from '@workhub/shared/schemas/operations';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { headed } from '../../../lib/currency.ts';
import { formatDate } from '../../../lib/labels.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { CALENDAR_DAY, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { exportList } from '../api/export-csv.ts';
import { ORDER_PATHS, type OrderKind, type OrderListParams, useOrders } from '../api/orders.ts';
import { OpsFilterBar } from '../components/ops-filter-bar.tsx';
import { LateBadge, OrderStatusBadge } from '../components/ops-status-badge.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { formatMoney } from '../operations-format.ts';
import { ORDER_TEXTS, partyOf } from '../order-kinds.ts';

const SORTS = [
  { value: '-number', label: 'Newest number first' },
  { value: 'number', label: 'Oldest number first' },
  { value: 'due_date', label: 'Due date (soonest first)' },
  { value: '-due_date', label: 'Due date (latest first)' },
  { value: '-order_date', label: 'Order date (latest first)' },
  { value: 'order_date', label: 'Order date (earliest first)' },
];
const rules = (kind: OrderKind) =>
  ({
    status: kind === 'purchase' ? PURCHASE_ORDER_STATUSES : CUSTOMER_ORDER_STATUSES,
    due_after: CALENDAR_DAY,
    due_before: CALENDAR_DAY,
    sort: SORTS.slice(1).map((sort) => sort.value),
  }) as const;
const RULES = { purchase: rules('purchase'), customer: rules('customer') };

/**
 * /operations/purchase-orders and /operations/customer-orders: number, party, dates (late ones
 * flagged), lines, total and status; searched by number or party, filtered by status and due date,
 * sorted, 14 a page, exported. New order for who may write; the number opens the order.
 */
export const OrderListPage = ({ kind }: { kind: OrderKind }) => {
  const texts = ORDER_TEXTS[kind];
  useDocumentTitle(texts.title);
  const mayWrite = useMay()('operations:write');
  const currency = useWorkspaceCurrency();
  const [page, setPage] = usePageParam();
  const filters = useUrlFilters(RULES[kind]);
  const orders = useOrders(kind, { ...filters.query, page } as OrderListParams);
  usePageInRange(orders.data?.meta);

  const create = mayWrite ? (
    <Button component={Link} to={`${texts.path}/new`}>
      + New {texts.noun}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={texts.title} actions={create} />
      <Paper withBorder p="md" radius="md">
        <OpsFilterBar
          state={filters}
          searchLabel={`Search by number or ${texts.party.toLowerCase()}`}
          sorts={SORTS}
          controls={[
            {
              key: 'status',
              kind: 'select',
              label: 'Status',
              any: 'All statuses',
              options: texts.statusOptions,
            },
            { key: 'due_after', kind: 'date', label: 'Due after' },
            { key: 'due_before', kind: 'date', label: 'Due before' },
          ]}
        >
          <ExportCsvButton onExport={() => exportList(ORDER_PATHS[kind], filters.query)} />
        </OpsFilterBar>
        <PagedList
          query={orders}
          errorTitle={`The ${texts.plural} could not be loaded`}
          noun={[texts.noun, texts.plural]}
          filters={filters}
          page={page}
          onPage={setPage}
          empty={
            <EmptyList
              title={`No ${texts.plural} yet`}
              description={
                kind === 'purchase'
                  ? 'Order what you buy, or confirm the purchase proposals of an MRP run.'
                  : 'Take the orders of your customers: the MRP run plans for them.'
              }
            >
              {create}
            </EmptyList>
          }
        >
          {(rows) => (
            <DataTable
              label={texts.title}
              minWidth={860}
              rows={rows}
              rowKey={(order) => order.id}
              columns={[
                {
                  key: 'number',
                  header: 'Number',
                  nowrap: true,
                  cell: (order) => (
                    <Anchor component={Link} to={`${texts.path}/${order.id}`} fw={600} size="sm">
                      {order.number_label}
                    </Anchor>
                  ),
                },
                { key: 'party', header: texts.party, cell: (order) => partyOf(order) || '—' },
                {
                  key: 'order_date',
                  header: 'Order date',
                  cell: (order) => formatDate(order.order_date),
                },
                {
                  key: 'due_date',
                  header: 'Due date',
                  cell: (order) => (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{formatDate(order.due_date)}</Text>
                      {order.late ? <LateBadge /> : null}
                    </Group>
                  ),
                },
                { key: 'lines', header: 'Lines', cell: (order) => order.line_count },
                {
                  key: 'total',
                  header: headed('Total', currency),
                  cell: (order) => formatMoney(order.total),
                },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (order) => <OrderStatusBadge order={order} />,
                },
              ]}
            />
          )}
        </PagedList>
      </Paper>
    </>
  );
};
