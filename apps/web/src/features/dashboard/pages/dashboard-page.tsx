import { TEMPLATE_LABELS, type Template } from '@workhub/shared/enums';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { DashboardView } from '../components/dashboard-view.tsx';

type DashboardPageProps = {
  template: Template;
  /** The 'Sales value' and 'Total orders' panels of a module the template includes, if any. */
  sales?: ReactNode;
};

/**
 * /dashboard, /dashboard_erp, ...: the shared dashboard of a template whose dashboard no module
 * owns, guarded by its template (signed-in-routes.tsx).
 */
export const DashboardPage = ({ template, sales }: DashboardPageProps) => {
  const title = `${TEMPLATE_LABELS[template]} dashboard`;
  useDocumentTitle(title);
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader title={title} description={dashboard.data?.workspace.workspace_name} />
      <QueryState query={dashboard} errorTitle="The dashboard could not be loaded">
        {(stats) => <DashboardView template={template} stats={stats} sales={sales} />}
      </QueryState>
    </>
  );
};
