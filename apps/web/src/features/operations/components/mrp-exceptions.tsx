import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import type { MrpException, MrpExceptionKind } from '@workhub/shared/schemas/operations-mrp';
import { useState } from 'react';

const EXCEPTION_LABELS: Record<MrpExceptionKind, { label: string; color: string }> = {
  past_due: { label: 'Past due', color: 'red' },
  demand_past_due: { label: 'Demand past due', color: 'red' },
  beyond_horizon: { label: 'Beyond horizon', color: 'yellow' },
  receipt_past_due: { label: 'Receipt late', color: 'orange' },
  below_safety: { label: 'Below safety', color: 'orange' },
  negative_stock: { label: 'Negative stock', color: 'red' },
  no_bom: { label: 'No BOM', color: 'orange' },
  unknown_product: { label: 'Not planned', color: 'gray' },
};

const SHOWN_FIRST = 8;

/** What the run could not plan as asked, most serious first (past due in red), each in words. */
export const MrpExceptions = ({ exceptions }: { exceptions: MrpException[] }) => {
  const [all, setAll] = useState(false);
  if (exceptions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No exceptions: every demand is covered in time.
      </Text>
    );
  }
  const red = (kind: MrpExceptionKind) => EXCEPTION_LABELS[kind].color === 'red';
  const sorted = [...exceptions].sort((a, b) => Number(red(b.kind)) - Number(red(a.kind)));
  const shown = all ? sorted : sorted.slice(0, SHOWN_FIRST);
  return (
    <>
      <List spacing={6} size="sm" listStyleType="none" aria-label="Exceptions">
        {shown.map((exception, index) => (
          <List.Item
            key={`${exception.kind}-${exception.product_id}-${exception.proposal_id ?? exception.line_id ?? index}`}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge
                color={EXCEPTION_LABELS[exception.kind].color}
                variant={red(exception.kind) ? 'filled' : 'light'}
                size="sm"
                miw={120}
              >
                {EXCEPTION_LABELS[exception.kind].label}
              </Badge>
              <Text size="sm" c={red(exception.kind) ? 'red.8' : undefined}>
                {exception.message}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      {sorted.length > SHOWN_FIRST ? (
        <Anchor component="button" type="button" size="sm" mt="xs" onClick={() => setAll((was) => !was)}>
          {all ? 'Show fewer' : `Show all ${sorted.length}`}
        </Anchor>
      ) : null}
    </>
  );
};
