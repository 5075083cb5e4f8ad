import type { AdminDashboard } from '@workhub/shared/schemas/admin';
import { FigureBars } from '../../../components/figure-bars.tsx';
import { PanelEmpty } from '../../../components/panel.tsx';
import { weekLabel } from '../../../lib/labels.ts';

/** New accounts per week, the last 12 weeks, a bar per week. */
export const SignupsChart = ({ weeks }: { weeks: AdminDashboard['signups_per_week'] }) => {
  if (weeks.length === 0) return <PanelEmpty>No sign-ups yet.</PanelEmpty>;
  return (
    <FigureBars
      caption="Sign-ups per week"
      header={['Week of', 'Sign-ups']}
      rows={weeks.map((week) => ({ label: weekLabel(week.week_start), value: week.signups }))}
      color="indigo.7"
    />
  );
};

/** Running subscriptions per plan, as bars. */
export const SubscriptionsChart = ({ plans }: { plans: AdminDashboard['active_subscriptions'] }) => {
  if (plans.length === 0) return <PanelEmpty>No plans yet.</PanelEmpty>;
  return (
    <FigureBars
      caption="Active subscriptions per plan"
      header={['Plan', 'Subscriptions']}
      rows={plans.map((plan) => ({ label: plan.title, value: plan.count }))}
      color="teal.9"
    />
  );
};
