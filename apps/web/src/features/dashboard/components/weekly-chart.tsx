import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { weekLabel } from '../../../lib/labels.ts';

type WeeklyChartProps = { weeks: DashboardStats['completed_per_week'] };

/**
 * 'Tasks completed per week': a bar per week (the last 8), and the same figures as a table for screen
 * readers. Shown only when some week has a completed task (dashboard-view.tsx shows the empty state).
 */
export const WeeklyChart = ({ weeks }: WeeklyChartProps) => {
  const data = weeks.map((week) => ({ week: weekLabel(week.week_start), Completed: week.completed }));
  return (
    <>
      <BarChart
        h={220}
        data={data}
        dataKey="week"
        series={[{ name: 'Completed', color: 'indigo.6' }]}
        tickLine="y"
        yAxisProps={{ allowDecimals: false }}
        aria-hidden
      />
      <VisuallyHidden>
        <Table>
          <caption>Tasks completed per week</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th>Completed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row.week}>
                <Table.Td>{row.week}</Table.Td>
                <Table.Td>{row.Completed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
};
