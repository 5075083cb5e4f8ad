import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import type { AdminDashboard } from '@workhub/shared/schemas/admin';
import { PanelEmpty } from '../../../components/panel.tsx';
import { weekLabel } from '../../../lib/labels.ts';

type Figure = { label: string; value: number };

/** The chart's figures as a table, for screen readers (the chart itself is hidden from them). */
const FigureTable = ({
  caption,
  header,
  rows,
}: {
  caption: string;
  header: [string, string];
  rows: Figure[];
}) => (
  <VisuallyHidden>
    <Table>
      <caption>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{header[0]}</Table.Th>
          <Table.Th>{header[1]}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </VisuallyHidden>
);

/** New accounts per week, the last 12 weeks, as a line. */
export const SignupsChart = ({ weeks }: { weeks: AdminDashboard['signups_per_week'] }) => {
  if (weeks.length === 0) return <PanelEmpty>No sign-ups yet.</PanelEmpty>;
  const data = weeks.map((week) => ({ week: weekLabel(week.week_start), 'Sign-ups': week.signups }));
  return (
    <>
      <LineChart
        h={220}
        data={data}
        dataKey="week"
        series={[{ name: 'Sign-ups', color: 'indigo.6' }]}
        curveType="linear"
        yAxisProps={{ allowDecimals: false }}
        aria-hidden
      />
      <FigureTable
        caption="Sign-ups per week"
        header={['Week of', 'Sign-ups']}
        rows={data.map((row) => ({ label: row.week, value: row['Sign-ups'] }))}
      />
    </>
  );
};

/** Running subscriptions per plan, as bars. */
export const SubscriptionsChart = ({ plans }: { plans: AdminDashboard['active_subscriptions'] }) => {
  if (plans.length === 0) return <PanelEmpty>No plans yet.</PanelEmpty>;
  const data = plans.map((plan) => ({ plan: plan.title, Subscriptions: plan.count }));
  return (
    <>
      <BarChart
        h={220}
        data={data}
        dataKey="plan"
        series={[{ name: 'Subscriptions', color: 'teal.6' }]}
        tickLine="y"
        yAxisProps={{ allowDecimals: false }}
        aria-hidden
      />
      <FigureTable
        caption="Active subscriptions per plan"
        header={['Plan', 'Subscriptions']}
        rows={data.map((row) => ({ label: row.plan, value: row.Subscriptions }))}
      />
    </>
  );
};
