import { SimpleGrid } from '@mantine/core';
import type { Plan } from '@workhub/shared/schemas/plans';
import type { ReactNode } from 'react';
import { EmptyList, ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { usePlans } from '../api/get-plans.ts';
import { PlanCard } from './plan-card.tsx';

type PlanGridProps = { action: (plan: Plan) => ReactNode; highlighted?: (plan: Plan) => boolean };

/** The public plan list with its loading, error and empty states. */
export const PlanGrid = ({ action, highlighted }: PlanGridProps) => {
  const plans = usePlans();
  if (plans.isPending) return <LoadingState />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  if (plans.data.length === 0) {
    return (
      <EmptyList title="No plans are available right now" description="Please come back a little later." />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(plans.data.length, 4) }} spacing="lg">
      {plans.data.map((plan) => (
        <PlanCard
          key={plan.subscription_id}
          plan={plan}
          action={action(plan)}
          highlighted={highlighted?.(plan) ?? false}
        />
      ))}
    </SimpleGrid>
  );
};
