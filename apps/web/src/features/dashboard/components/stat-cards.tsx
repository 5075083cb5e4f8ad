import { SimpleGrid } from '@mantine/core';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { StatCard } from '../../../components/stat-card.tsx';

/**
 * Every stored project status, so the parts add up to the total (on hold was left out: '30 - 19 not
 * started, 2 in progress, 0 complete' for 30); on hold, cancelled and archived only when there are any.
 */
const projectParts = ({
  not_started,
  in_progress,
  complete,
  on_hold,
  cancelled,
  archived,
}: DashboardStats['projects']) =>
  [
    `${not_started} not started`,
    `${in_progress} in progress`,
    `${complete} complete`,
    ...(on_hold > 0 ? [`${on_hold} on hold`] : []),
    ...(cancelled > 0 ? [`${cancelled} cancelled`] : []),
    ...(archived > 0 ? [`${archived} archived`] : []),
  ].join(', ');

/** The stat cards (spec section 2), with the workspace's real figures. */
export const StatCards = ({ stats }: { stats: DashboardStats }) => (
  <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
    <StatCard label="Members" value={String(stats.members.total)} detail={`${stats.members.active} active`} />
    <StatCard label="Projects" value={String(stats.projects.total)} detail={projectParts(stats.projects)} />
    <StatCard
      label="Tasks"
      value={String(stats.tasks.total)}
      detail={`${stats.tasks.completed} completed, ${stats.tasks.in_progress} in progress, ${stats.tasks.pending} pending`}
    />
    <StatCard label="Overdue tasks" value={String(stats.tasks.overdue)} detail="Past their due date" />
    <StatCard label="Completion" value={`${stats.tasks.completion}%`} detail="Of all tasks completed" />
  </SimpleGrid>
);
