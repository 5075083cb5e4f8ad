import { Button, Paper, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useConfirmedSwitchOff } from '../../../lib/use-confirmed-switch-off.ts';
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
  // Switching a plan off takes it off the pricing page and out of checkout: it asks first.
  const deactivation = useConfirmedSwitchOff(
    (plan: Plan) => plan.status === 'active',
    (plan: Plan) =>
      setStatus.mutateAsync({
        id: plan.subscription_id,
        status: plan.status === 'active' ? 'inactive' : 'active',
      }),
    messages.statusToggled,
  );
  const deactivating = deactivation.asking;

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
                onToggleStatus={deactivation.toggle}
              />
            </Paper>
          )
        }
      </QueryState>
      <ConfirmDialog
        opened={deactivating !== null}
        title="Make this plan inactive?"
        confirmLabel="Make inactive"
        busy={setStatus.isPending}
        onCancel={deactivation.cancel}
        onConfirm={deactivation.confirm}
      >
        <Text size="sm">
          {deactivating?.title} leaves the pricing page and can no longer be bought or chosen. Accounts on it
          keep it until they change plan. You can make it active again at any time.
        </Text>
      </ConfirmDialog>
    </>
  );
};
