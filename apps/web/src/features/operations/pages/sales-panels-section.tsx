import { QueryState } from '../../../components/data-states.tsx';
import { useMay } from '../../../lib/use-may.ts';
import { useOperationsDashboard } from '../api/get-operations-dashboard.ts';
import { SalesPanels } from '../components/sales-panels.tsx';

const SalesFromOrders = () => {
  const dashboard = useOperationsDashboard();
  return (
    <QueryState query={dashboard} errorTitle="Sales and orders could not be loaded">
      {(figures) => <SalesPanels figures={figures} />}
    </QueryState>
  );
};

/**
 * The shared dashboard's 'Sales value' and 'Total orders' panels in a workspace whose template
 * includes operations but has no dashboard of its own (ERP, CRM, SRM): the customer orders' figures
 * (GET /api/operations/dashboard), for who may read operations; nothing for the others (a guest).
 */
export const SalesPanelsSection = () => {
  const may = useMay();
  return may('operations:read') ? <SalesFromOrders /> : null;
};
