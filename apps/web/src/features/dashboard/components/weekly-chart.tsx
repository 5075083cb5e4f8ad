import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { FigureBars } from '../../../components/figure-bars.tsx';
import { weekLabel } from '../../../lib/labels.ts';

type WeeklyChartProps = { weeks: DashboardStats['completed_per_week'] };

/**
 * 'Tasks completed per week': a bar per week (the last 8), and the same figures as a table for screen
 * readers. Shown only when some week has a completed task (dashboard-view.tsx shows the empty state).
 */
export const WeeklyChart = ({ weeks }: WeeklyChartProps) => (
  <FigureBars
    caption="Tasks completed per week"
    header={['Week of', 'Completed']}
    rows={weeks.map((week) => ({ label: weekLabel(week.week_start), value: week.completed }))}
    color="indigo.7"
  />
);
