import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { PanelEmpty } from './panel.tsx';

const weekFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2026-03-02' -> '2 Mar' (weeks start on Monday, UTC). */
export const weekLabel = (weekStart: string): string => {
  const date = new Date(weekStart);
  return Number.isNaN(date.getTime()) ? weekStart : weekFormat.format(date);
};

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
