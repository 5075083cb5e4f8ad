import { SimpleGrid } from '@mantine/core';
import type { AdminDashboard } from '@workhub/shared/schemas/admin';
import { StatCard } from '../../../components/stat-card.tsx';

/** The admin dashboard's stat cards: the platform's real figures. */
export const AdminStatCards = ({ figures }: { figures: AdminDashboard }) => {
  const thisWeek = figures.signups_per_week.at(-1)?.signups ?? 0;
  const running = figures.active_subscriptions.reduce((sum, plan) => sum + plan.count, 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <StatCard
        label="Account holders"
        value={figures.accounts.total}
        detail={`${figures.accounts.active} active, ${figures.accounts.inactive} inactive`}
      />
      <StatCard label="New this week" value={thisWeek} detail="Accounts created since Monday" />
      <StatCard label="Running subscriptions" value={running} detail="Trials and paid periods not over" />
      <StatCard label="Trials ending soon" value={figures.trials_ending.count} detail="In the next 7 days" />
    </SimpleGrid>
  );
};
