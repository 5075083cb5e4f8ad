import { SimpleGrid, Stack } from '@mantine/core';
import type { Template } from '@workhub/shared/enums';
import { can } from '@workhub/shared/permissions';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { type ReactNode, Suspense } from 'react';
import { LoadingState } from '../../../components/data-states.tsx';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { useAuth } from '../../../lib/use-auth.ts';
import { ProjectsPanel } from './projects-panel.tsx';
import { StatCards } from './stat-cards.tsx';
import { TeamPanel } from './team-panel.tsx';
import { TemplateIntro } from './template-intro.tsx';
import { WeeklyChart } from './weekly-chart.tsx';

type DashboardViewProps = {
  template: Template;
  stats: DashboardStats;
  /** The 'Sales value' and 'Total orders' panels, from a module the template includes (DashboardPage). */
  sales?: ReactNode;
};

/**
 * The dashboard layout of spec section 2 with real figures, under what the template is for. Sales
 * and orders come from a module the template includes (operations: ERP, CRM, SRM); a template with
 * none (Workspace) has no such panels rather than empty charts. The Subscribers and Subscriptions
 * panels are platform staff's (the admin dashboard).
 */
export const DashboardView = ({ template, stats, sales }: DashboardViewProps) => {
  const auth = useAuth();
  const showTeam = auth !== null && can(auth, 'team:view');
  const showProjects = auth !== null && can(auth, 'project:view');
  return (
    <Stack gap="lg">
      <TemplateIntro template={template} />
      <StatCards stats={stats} />
      {sales ? <Suspense fallback={<LoadingState />}>{sales}</Suspense> : null}
      <Panel title="Tasks completed per week">
        {/* No chart without data behind it: an empty week row would draw an empty frame. */}
        {stats.completed_per_week.every((week) => week.completed === 0) ? (
          <PanelEmpty>
            {stats.completed_per_week.length === 0
              ? 'No tasks completed yet.'
              : `No task was completed in the last ${stats.completed_per_week.length} weeks.`}
          </PanelEmpty>
        ) : (
          <WeeklyChart weeks={stats.completed_per_week} />
        )}
      </Panel>
      {showTeam || showProjects ? (
        <SimpleGrid cols={{ base: 1, md: showTeam && showProjects ? 2 : 1 }} spacing="lg">
          {showTeam ? <TeamPanel team={stats.team} /> : null}
          {showProjects ? <ProjectsPanel projects={stats.projects_recent} /> : null}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
};
