import { Button, Paper } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { Link } from 'react-router';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminPlans } from '../api/get-admin-plans.ts';
import { useSetPlanStatus } from '../api/set-plan-status.ts';
import { PlanAdminTable } from '../components/plan-admin-table.tsx';

const AddPlanButton = () => (
  <Button component={Link} to="/subscription/new">
    Add plan
  </Button>
);

/** /subscription_type for platform staff: every plan, active or not, with its status switch. */
export const PlanAdminPage = () => {
  useDocumentTitle('Plans');
  const plans = useAdminPlans();
  const setStatus = useSetPlanStatus();

  const onToggleStatus = async (plan: Plan) => {
    try {
      const answer = await setStatus.mutateAsync({
        id: plan.subscription_id,
        status: plan.status === 'active' ? 'inactive' : 'active',
      });
      notify.success(answer.message || messages.statusToggled);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title="Plans"
        description="The subscription plans. Only active plans show on the pricing page."
        actions={<AddPlanButton />}
      />
      <QueryState query={plans} errorTitle="The plans could not be loaded">
        {(data) =>
          data.length === 0 ? (
            <EmptyList title={messages.noRecord} description="Add the first plan for the pricing page.">
              <AddPlanButton />
            </EmptyList>
          ) : (
            <Paper withBorder p="md" radius="md">
              <PlanAdminTable
                plans={data}
                togglingId={setStatus.isPending ? (setStatus.variables?.id ?? null) : null}
                onToggleStatus={(plan) => void onToggleStatus(plan)}
              />
            </Paper>
          )
        }
      </QueryState>
    </>
  );
};
