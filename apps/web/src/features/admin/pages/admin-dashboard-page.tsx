import { SimpleGrid, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadingState, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Panel } from '../../../components/panel.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminDashboard } from '../api/get-admin-dashboard.ts';
import { SubscribersPanel, SubscriptionsPanel, TrialsPanel } from '../components/admin-panels.tsx';
import { AdminStatCards } from '../components/admin-stat-cards.tsx';

// @mantine/charts and recharts load beside the figures, not before them.
const SignupsChart = lazy(async () => ({
  default: (await import('../components/admin-charts.tsx')).SignupsChart,
}));
const SubscriptionsChart = lazy(async () => ({
  default: (await import('../components/admin-charts.tsx')).SubscriptionsChart,
}));

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
                <Suspense fallback={<LoadingState />}>
                  <SignupsChart weeks={figures.signups_per_week} />
                </Suspense>
              </Panel>
              <Panel title="Active subscriptions per plan">
                <Suspense fallback={<LoadingState />}>
                  <SubscriptionsChart plans={figures.active_subscriptions} />
                </Suspense>
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
