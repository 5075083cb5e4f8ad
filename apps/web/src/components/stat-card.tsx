import { Paper, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { formatNumber } from '../lib/labels.ts';

type StatCardProps = {
  label: string;
  value: string | number;
  detail: string;
  /** An amount's currency (its ISO code), written small before the value: 'KES 15,230.25'. */
  currency?: string | null;
};

/**
 * The figure's size: 28px, smaller for a long one so that a five-card row keeps it on one line
 * (14,375,073.00 at 1280 px); longer still, it breaks between its digits rather than leave the card.
 */
export const figureSize = (shown: string) => (shown.length <= 9 ? 28 : shown.length <= 12 ? 22 : 18);

/**
 * One figure of a dashboard: a label, the value, and what it counts; named by its label. A number
 * is shown with its thousands separated (34,080), as counted() writes them in the details. An
 * amount's currency is smaller than its figure, so that 'EUR 999.60' keeps to one line in a card.
 */
/**
 * The figure with a line break allowed after each thousands separator: a huge amount that cannot
 * keep to one line wraps between its groups ('99,999,999,' / '998,000,162.00'), not inside one.
 */
const breakableFigure = (figure: string): ReactNode => {
  const groups = figure.split(',');
  return groups.map((group, index) =>
    index < groups.length - 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one figure, in their order.
      <Fragment key={index}>
        {group},<wbr />
      </Fragment>
    ) : (
      group
    ),
  );
};

export const StatCard = ({ label, value, detail, currency }: StatCardProps) => {
  const shown = typeof value === 'number' ? formatNumber(value) : value;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text
        fz={figureSize(shown)}
        fw={800}
        lh={1.3}
        style={{ overflowWrap: 'break-word' }}
        data-testid={`stat-${label}`}
      >
        {currency ? (
          <Text span fz="md" fw={700} c="dimmed">
            {currency}{' '}
          </Text>
        ) : null}
        {breakableFigure(shown)}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
};
