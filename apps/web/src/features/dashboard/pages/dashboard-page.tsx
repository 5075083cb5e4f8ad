import { TEMPLATE_LABELS, type Template } from '@workhub/shared/enums';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { DashboardView } from '../components/dashboard-view.tsx';

/** /dashboard, /dashboard_mrp, ... /dashboard_ticketing: one page, guarded by its template (routes.tsx). */
export const DashboardPage = ({ template }: { template: Template }) => {
  const title = `${TEMPLATE_LABELS[template]} dashboard`;
  useDocumentTitle(title);
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader title={title} description={dashboard.data?.workspace.workspace_name} />
      <QueryState query={dashboard} errorTitle="The dashboard could not be loaded">
        {(stats) => <DashboardView template={template} stats={stats} />}
      </QueryState>
    </>
  );
};
