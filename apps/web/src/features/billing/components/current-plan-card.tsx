import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { BillingOverview } from '@workhub/shared/schemas/billing';
import { formatDate } from '../../../lib/labels.ts';
import { daysLeftLabel, formatAmount, formatMonths, SUBSCRIPTION_STATUS_LABELS } from '../billing-format.ts';
import { PlanUsageMeters } from './plan-usage.tsx';

/**
 * Where the subscription stands: the trial's end only while trialing, the bought period's end once a
 * plan is bought ('Period ends': its invoice may still be open, net 30), else nothing (an old trial
 * date is no deadline).
 */
export const accessLine = ({ subscription }: BillingOverview): string | null => {
  const trial = subscription.status === 'trialing';
  const end = trial ? subscription.trial_ends_at : subscription.current_period_end;
  if (!end) return null;
  if (subscription.access === 'read_only')
    return `${trial ? 'Trial ended' : 'Period ended'} ${formatDate(end)}`;
  return `${trial ? 'Trial ends' : 'Period ends'} ${formatDate(end)} · ${daysLeftLabel(subscription.days_left)}`;
};

type CurrentPlanCardProps = { billing: BillingOverview; onChangePlan?: () => void };

/**
 * The plan card of /user/billing: plan, price, status, when the access ends, the usage against the
 * plan's limits, and 'Change plan' (which opens the in-app plan chooser).
 */
export const CurrentPlanCard = ({ billing, onChangePlan }: CurrentPlanCardProps) => {
  const { plan, subscription } = billing;
  const access = accessLine(billing);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="current-plan">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Current plan
            </Text>
            <Title order={2} fz="h3" id="current-plan">
              {plan.title}
            </Title>
          </Stack>
          <Badge variant="light" color={subscription.access === 'read_only' ? 'red' : 'green'}>
            {subscription.access === 'read_only'
              ? 'Read-only'
              : SUBSCRIPTION_STATUS_LABELS[subscription.status]}
          </Badge>
        </Group>
        <Text>
          {formatAmount(plan.price)}
          {plan.price > 0 ? ` for ${formatMonths(plan.month)}` : null}
        </Text>
        {access ? <Text c="dimmed">{access}</Text> : null}
        <PlanUsageMeters usage={billing.usage} />
        {onChangePlan ? (
          <Group mt="sm">
            <Button onClick={onChangePlan} variant="light">
              {messages.changePlan}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};
