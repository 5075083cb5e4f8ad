import { SimpleGrid } from '@mantine/core';
import type { OperationsDashboard } from '@workhub/shared/schemas/operations-mrp';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { WeekChart } from '../../../components/week-chart.tsx';
import { headed } from '../../../lib/currency.ts';
import { weekLabel } from '../../../lib/labels.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { DASHBOARD_WEEKS } from '../api/get-operations-dashboard.ts';
import { formatCompact, formatMoney } from '../operations-format.ts';

type SalesFigures = Pick<OperationsDashboard, 'sales_value_per_week' | 'orders_per_week'>;

/**
 * The dashboard's 'Sales value' and 'Total orders' panels (spec section 2), from the workspace's
 * customer orders: the value confirmed per week and the orders per week, or an empty state when
 * the weeks hold none. On the MRP dashboard, and on the shared dashboard of the other templates
 * that include operations (SalesPanelsSection).
 */
export const SalesPanels = ({ figures }: { figures: SalesFigures }) => {
  const currency = useWorkspaceCurrency();
  const sales = figures.sales_value_per_week.map((week) => ({
    week: week.week,
    label: weekLabel(week.week),
    value: Number(week.value),
    text: formatMoney(week.value),
  }));
  const orders = figures.orders_per_week.map((week) => ({
    week: week.week,
    label: weekLabel(week.week),
    value: week.count,
    text: String(week.count),
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Panel title="Sales value" seeAll="/operations/customer-orders">
        {sales.every((week) => week.value === 0) ? (
          <PanelEmpty>
            No sales in the last {DASHBOARD_WEEKS} weeks: confirm a customer order to see it here.
          </PanelEmpty>
        ) : (
          <WeekChart
            kind="line"
            caption="Sales value per week"
            valueHeader={headed('Sales value', currency)}
            points={sales}
            color="teal-8"
            format={formatCompact}
          />
        )}
      </Panel>
      <Panel title="Total orders" seeAll="/operations/customer-orders">
        {orders.every((week) => week.value === 0) ? (
          <PanelEmpty>No customer orders in the last {DASHBOARD_WEEKS} weeks.</PanelEmpty>
        ) : (
          <WeekChart
            kind="bar"
            caption="Customer orders per week"
            valueHeader="Orders"
            points={orders}
            color="indigo-6"
          />
        )}
      </Panel>
    </SimpleGrid>
  );
};
