import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@workhub/shared/schemas/plans';
import { type ReactNode, useId } from 'react';
import { formatPeriod, formatPrice } from '../plan-rules.ts';

type PlanCardProps = { plan: Plan; action: ReactNode; highlighted?: boolean };

/** One plan: title, period, price, what it includes, and the page's button. */
export const PlanCard = ({ plan, action, highlighted = false }: PlanCardProps) => {
  const titleId = useId();
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        {/* The period above the title, not beside it: beside a long title (Professional) in a
            quarter of the row it dropped to a line of its own, and the cards no longer lined up. */}
        <Badge variant="light">{plan.subscription}</Badge>
        <Title order={2} fz="h3" id={titleId} mt={-4}>
          {plan.title}
        </Title>
        {plan.subheader ? <Text c="dimmed">{plan.subheader}</Text> : null}
        <Group gap={6} align="baseline">
          <Text fz={32} fw={800}>
            {formatPrice(plan.price)}
          </Text>
          {plan.price > 0 ? <Text c="dimmed">{formatPeriod(plan.month)}</Text> : null}
        </Group>
        <Text size="sm" style={{ flex: 1, whiteSpace: 'pre-line' }}>
          {plan.description}
        </Text>
        {action}
      </Stack>
    </Card>
  );
};
