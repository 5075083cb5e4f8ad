import { SimpleGrid, Stack } from '@mantine/core';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Panel } from '../../../components/panel.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminDashboard } from '../api/get-admin-dashboard.ts';
import { SignupsChart, SubscriptionsChart } from '../components/admin-charts.tsx';
import { SubscribersPanel, SubscriptionsPanel, TrialsPanel } from '../components/admin-panels.tsx';
import { AdminStatCards } from '../components/admin-stat-cards.tsx';

/** /dashboard_admin: platform staff's dashboard, every figure real (routes.tsx guards it). */
export const AdminDashboardPage = () => {
  useDocumentTitle('Admin dashboard');
  const dashboard = useAdminDashboard();
  return (
    <>
      <PageHeader title="Admin dashboard" description="Subscribers and plans across the platform." />
      <QueryState query={dashboard} errorTitle="The dashboard could not be loaded">
        {(figures) => (
          <Stack gap="lg">
            <AdminStatCards figures={figures} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Panel title="Sign-ups per week">
                <SignupsChart weeks={figures.signups_per_week} />
              </Panel>
              <Panel title="Active subscriptions per plan">
                <SubscriptionsChart plans={figures.active_subscriptions} />
              </Panel>
            </SimpleGrid>
            <TrialsPanel trials={figures.trials_ending} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <SubscribersPanel />
              <SubscriptionsPanel plans={figures.plans} />
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </>
  );
};
