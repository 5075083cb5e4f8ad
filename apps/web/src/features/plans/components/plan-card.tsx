import { Badge, Card, Stack, Text, Title } from '@mantine/core';
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
        {/* Every card keeps a line for the subheader and one for the period under the price, so
            that the prices, the descriptions and the buttons of a row line up whichever plans have
            them (a plan without a subheader had its price a line higher than its neighbours'). */}
        <Text c="dimmed" data-plan-part="subheader">
          {plan.subheader || '\u00a0'}
        </Text>
        <Stack gap={0} data-plan-part="price">
          <Text fz={32} fw={800} lh={1.2}>
            {formatPrice(plan.price)}
          </Text>
          <Text c="dimmed" size="sm">
            {plan.price > 0 ? formatPeriod(plan.month) : '\u00a0'}
          </Text>
        </Stack>
        <Text size="sm" style={{ flex: 1, whiteSpace: 'pre-line' }}>
          {plan.description}
        </Text>
        {action}
      </Stack>
    </Card>
  );
};
