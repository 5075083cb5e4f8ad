import { Card, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import type { ReactNode } from 'react';
import { EmptyList, ErrorState, useFirstAnswerDeferred } from '../../../components/data-states.tsx';
import { usePlans } from '../api/get-plans.ts';
import { PlanCard } from './plan-card.tsx';

type PlanGridProps = { action: (plan: Plan) => ReactNode; highlighted?: (plan: Plan) => boolean };

const GRID_COLS = { base: 1, sm: 2 } as const;

/**
 * While the plans load: cards of the plans' shape where they will stand, so that what follows them
 * (the page's footer) is already where it ends up. A spinner in their place let the footer show
 * and then jump down when the cards came (Lighthouse: a layout shift of 0.24 on /pricing).
 */
const PlanGridSkeleton = () => (
  <SimpleGrid cols={{ ...GRID_COLS, lg: 3 }} spacing="lg" role="status" aria-live="polite">
    <VisuallyHidden>{messages.loading}</VisuallyHidden>
    {[0, 1, 2].map((key) => (
      <Card key={key} withBorder padding="lg" radius="md" aria-hidden data-testid="plan-card-placeholder">
        <Stack gap="sm">
          <Skeleton height={28} width="60%" />
          <Skeleton height={16} width="80%" />
          <Skeleton height={40} width="40%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
          <Skeleton height={36} mt="sm" />
        </Stack>
      </Card>
    ))}
  </SimpleGrid>
);

/** The public plan list with its loading, error and empty states. */
export const PlanGrid = ({ action, highlighted }: PlanGridProps) => {
  const plans = usePlans();
  // The cards' first render is deferred, as QueryState defers a list's.
  const ready = useFirstAnswerDeferred(plans);
  if (plans.isPending) return <PlanGridSkeleton />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  if (!ready) return <PlanGridSkeleton />;
  if (plans.data.length === 0) {
    return (
      <EmptyList title="No plans are available right now" description="Please come back a little later." />
    );
  }
  return (
    <SimpleGrid cols={{ ...GRID_COLS, lg: Math.min(plans.data.length, 4) }} spacing="lg">
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
