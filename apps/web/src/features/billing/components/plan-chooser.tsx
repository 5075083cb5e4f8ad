import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PLAN_ID } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { Link } from 'react-router';
import { EmptyList, ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { wrappingButtonStyles } from '../../../components/wrapping-button.ts';
import { usePlanChoices } from '../api/get-plan-choices.ts';
import { formatAmount, formatMonths } from '../billing-format.ts';

/** A limit as the chooser states it. */
const limitLine = (max: number | null, one: string, many: string): string =>
  max === null ? `Unlimited ${many}` : `${max} ${max === 1 ? one : many}`;

/**
 * The in-app plan chooser of /user/billing: the paid plans on sale, each leading to its checkout,
 * so the holder never leaves the app for the public pricing page.
 */
export const PlanChooser = ({
  currentPlanId,
  currentPaid,
}: {
  currentPlanId: number;
  /** Whether the current plan was ever bought: 'Renew' it then, else 'Buy' it (a trial's pick). */
  currentPaid: boolean;
}) => {
  const plans = usePlanChoices(true);
  if (plans.isPending) return <LoadingState />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  const paid = plans.data.filter((plan) => plan.subscription_id > DEFAULT_PLAN_ID);
  if (paid.length === 0) {
    return (
      <EmptyList title="No plans are available right now" description="Please come back a little later." />
    );
  }
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="choose-plan">
      <Title order={2} fz="h4" mb="sm" id="choose-plan">
        {messages.choosePlan}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(paid.length, 3) }} spacing="md">
        {paid.map((plan) => {
          const current = plan.subscription_id === currentPlanId;
          return (
            <Card
              key={plan.subscription_id}
              withBorder
              padding="md"
              radius="md"
              component="article"
              aria-label={plan.title}
            >
              <Stack gap="xs" h="100%">
                <Group justify="space-between">
                  <Text fw={700}>{plan.title}</Text>
                  {current ? <Badge variant="light">{messages.currentPlan}</Badge> : null}
                </Group>
                <Text>
                  {formatAmount(plan.price)} for {formatMonths(plan.month)}
                </Text>
                <Text size="sm" c="dimmed">
                  {limitLine(plan.max_workspaces, 'workspace', 'workspaces')} ·{' '}
                  {limitLine(plan.max_members, 'member', 'members')}
                </Text>
                <Button
                  component={Link}
                  to={`/checkout/${plan.subscription_id}`}
                  mt="auto"
                  variant={current ? 'light' : 'filled'}
                  styles={wrappingButtonStyles}
                >
                  {current ? `${currentPaid ? 'Renew' : 'Buy'} ${plan.title}` : `Choose ${plan.title}`}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Card>
  );
};
