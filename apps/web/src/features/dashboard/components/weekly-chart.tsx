import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { PanelEmpty } from '../../../components/panel.tsx';
import { weekLabel } from '../../../lib/labels.ts';

type WeeklyChartProps = { weeks: DashboardStats['completed_per_week'] };

/** 'Tasks completed per week': a bar per week (the last 8), and the same figures as a table for screen readers. */
export const WeeklyChart = ({ weeks }: WeeklyChartProps) => {
  if (weeks.length === 0) return <PanelEmpty>No tasks completed yet.</PanelEmpty>;
  const data = weeks.map((week) => ({ week: weekLabel(week.week_start), Completed: week.completed }));
  const none = weeks.every((week) => week.completed === 0);
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
      {none ? (
        <Text size="sm" c="dimmed" ta="center" mt="xs">
          No task was completed in the last {weeks.length} weeks.
        </Text>
      ) : null}
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
