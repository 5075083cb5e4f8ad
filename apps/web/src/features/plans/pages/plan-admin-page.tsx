import { Button, Paper, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
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
  /** The plan about to be taken off the pricing page, while the confirmation is open. */
  const [deactivating, setDeactivating] = useState<Plan | null>(null);

  const changeStatus = async (plan: Plan) => {
    try {
      const answer = await setStatus.mutateAsync({
        id: plan.subscription_id,
        status: plan.status === 'active' ? 'inactive' : 'active',
      });
      notify.success(answer.message || messages.statusToggled);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDeactivating(null);
    }
  };
  // Switching a plan off takes it off the pricing page and out of checkout: it asks first.
  const onToggleStatus = (plan: Plan) => {
    if (plan.status === 'active') setDeactivating(plan);
    else void changeStatus(plan);
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
                onToggleStatus={onToggleStatus}
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
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (deactivating) void changeStatus(deactivating);
        }}
      >
        <Text size="sm">
          {deactivating?.title} leaves the pricing page and can no longer be bought or chosen. Accounts on it
          keep it until they change plan. You can make it active again at any time.
        </Text>
      </ConfirmDialog>
    </>
  );
};
