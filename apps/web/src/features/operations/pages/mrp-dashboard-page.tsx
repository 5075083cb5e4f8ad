import { Anchor, SimpleGrid, Stack, Table } from '@mantine/core';
import { TEMPLATE_LABELS } from '@workhub/shared/enums';
import { CUSTOMER_ORDER_STATUSES, PURCHASE_ORDER_STATUSES } from '@workhub/shared/schemas/operations';
import type { OperationsDashboard } from '@workhub/shared/schemas/operations-mrp';
import { TEMPLATE_INTROS } from '@workhub/shared/template-intros';
import { Link } from 'react-router';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Panel } from '../../../components/panel.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOperationsDashboard } from '../api/get-operations-dashboard.ts';
import { SalesPanels } from '../components/sales-panels.tsx';
import { formatMoney } from '../operations-format.ts';
import { CUSTOMER_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUS_LABELS } from '../operations-options.ts';

const OPEN = ['draft', 'confirmed'] as const;

/** Every status either kind of order has, in flow order. */
const STATUS_ROWS = [...new Set([...PURCHASE_ORDER_STATUSES, ...CUSTOMER_ORDER_STATUSES])];
const statusLabel = (status: string) =>
  (PURCHASE_ORDER_STATUS_LABELS as Record<string, string>)[status] ??
  (CUSTOMER_ORDER_STATUS_LABELS as Record<string, string>)[status] ??
  status;

const OrdersByStatus = ({ figures }: { figures: OperationsDashboard['orders_by_status'] }) => (
  <Table aria-label="Orders by status" verticalSpacing={6}>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Status</Table.Th>
        <Table.Th ta="right">Purchase</Table.Th>
        <Table.Th ta="right">Customer</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {STATUS_ROWS.map((status) => (
        <Table.Tr key={status}>
          <Table.Td>{statusLabel(status)}</Table.Td>
          <Table.Td ta="right">
            {(figures.purchase as Record<string, number | undefined>)[status] ??
              (status in PURCHASE_ORDER_STATUS_LABELS ? 0 : '—')}
          </Table.Td>
          <Table.Td ta="right">
            {(figures.customer as Record<string, number | undefined>)[status] ??
              (status in CUSTOMER_ORDER_STATUS_LABELS ? 0 : '—')}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

const openCount = (byStatus: Partial<Record<string, number>>) =>
  OPEN.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);

export const MrpDashboardView = ({ figures }: { figures: OperationsDashboard }) => {
  const late = figures.late_orders;
  const currency = useWorkspaceCurrency();
  const lateTotal = late.purchase + late.customer + late.work;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        <StatCard
          label="Stock value"
          value={formatMoney(figures.stock_value)}
          currency={currency}
          detail="On hand × price, active products"
        />
        <StatCard
          label="Below safety stock"
          value={figures.below_safety_stock}
          detail="Products to replenish"
        />
        <StatCard
          label="Late orders"
          value={lateTotal}
          detail={`${late.purchase} purchase, ${late.customer} customer, ${late.work} work`}
        />
        <StatCard
          label="Open customer orders"
          value={openCount(figures.orders_by_status.customer)}
          detail="Draft or confirmed"
        />
        <StatCard
          label="Open purchase orders"
          value={openCount(figures.orders_by_status.purchase)}
          detail="Draft or confirmed"
        />
      </SimpleGrid>
      <SalesPanels figures={figures} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel title="Orders by status">
          <OrdersByStatus figures={figures.orders_by_status} />
        </Panel>
        <Panel title="Late orders">
          <Table aria-label="Late orders" verticalSpacing={6}>
            <Table.Tbody>
              {(
                [
                  ['Purchase orders', late.purchase, '/operations/purchase-orders?status=confirmed'],
                  ['Customer orders', late.customer, '/operations/customer-orders?status=confirmed'],
                  ['Work orders', late.work, '/operations/work-orders'],
                ] as const
              ).map(([label, count, to]) => (
                <Table.Tr key={label}>
                  <Table.Td>
                    <Anchor component={Link} to={to} size="sm">
                      {label}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" c={count > 0 ? 'red.8' : undefined} fw={count > 0 ? 700 : undefined}>
                    {count}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
};

/**
 * /dashboard_mrp: the MRP workspace's figures from its operations (GET /api/operations/dashboard), in
 * place of the shared template dashboard; the top bar names the workspace.
 */
export const MrpDashboardPage = () => {
  const title = `${TEMPLATE_LABELS.mrp} dashboard`;
  useDocumentTitle(title);
  const dashboard = useOperationsDashboard();
  return (
    <>
      <PageHeader title={title} description={TEMPLATE_INTROS.mrp.purpose} />
      <QueryState query={dashboard} errorTitle="The dashboard could not be loaded">
        {(figures) => <MrpDashboardView figures={figures} />}
      </QueryState>
    </>
  );
};
