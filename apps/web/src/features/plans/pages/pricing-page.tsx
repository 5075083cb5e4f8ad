import { Button, Container, Text, Title } from '@mantine/core';
import { TRIAL_DAYS } from '@workhub/shared/constants';
import type { Plan } from '@workhub/shared/schemas/plans';
import { Link } from 'react-router';
import { wrappingButtonStyles } from '../../../components/wrapping-button.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PlanGrid } from '../components/plan-grid.tsx';
import { buttonVariant, isPlanAvailable, planDestination } from '../plan-rules.ts';

const PlanButton = ({ plan }: { plan: Plan }) =>
  isPlanAvailable(plan) ? (
    <Button
      component={Link}
      to={planDestination(plan)}
      variant={buttonVariant(plan.button_variant)}
      fullWidth
      styles={wrappingButtonStyles}
    >
      {plan.button_text}
    </Button>
  ) : (
    <Button disabled fullWidth styles={wrappingButtonStyles}>
      {plan.button_text}
    </Button>
  );

/** /pricing: plan cards from GET /api/plans (spec section 2). */
export const PricingPage = () => {
  useDocumentTitle('Pricing');
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        Plans and pricing
      </Title>
      <Text c="dimmed" mb="xl">
        Every plan starts with a free {TRIAL_DAYS}-day trial. No credit card needed to begin.
      </Text>
      <PlanGrid action={(plan) => <PlanButton plan={plan} />} />
    </Container>
  );
};
