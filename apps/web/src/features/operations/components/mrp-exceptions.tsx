import { Badge, Group, List, NativeSelect, Text } from '@mantine/core';
import {
  MRP_EXCEPTION_KINDS,
  MRP_SERIOUS_EXCEPTIONS,
  type MrpException,
  type MrpExceptionKind,
} from '@workhub/shared/schemas/operations-mrp';
import { useState } from 'react';
import { QueryState } from '../../../components/data-states.tsx';
import { NoMatch } from '../../../components/list-filters.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { withDatesShown } from '../../../lib/labels.ts';
import { useMrpExceptions } from '../api/mrp.ts';

const EXCEPTION_LABELS: Record<MrpExceptionKind, { label: string; color: string }> = {
  past_due: { label: 'Past due', color: 'red' },
  demand_past_due: { label: 'Demand past due', color: 'red' },
  beyond_horizon: { label: 'Beyond horizon', color: 'yellow' },
  receipt_past_due: { label: 'Receipt late', color: 'orange' },
  below_safety: { label: 'Below safety', color: 'orange' },
  negative_stock: { label: 'Negative stock', color: 'red' },
  no_bom: { label: 'No BOM', color: 'orange' },
  unknown_product: { label: 'Not planned', color: 'gray' },
  quantity_too_large: { label: 'Too large', color: 'red' },
};

const KIND_OPTIONS = [
  { value: '', label: 'Any kind' },
  ...MRP_EXCEPTION_KINDS.map((kind) => ({ value: kind, label: EXCEPTION_LABELS[kind].label })),
];

const SERIOUS: ReadonlySet<MrpExceptionKind> = new Set(MRP_SERIOUS_EXCEPTIONS);

const isKind = (value: string): value is MrpExceptionKind =>
  (MRP_EXCEPTION_KINDS as readonly string[]).includes(value);

const ExceptionList = ({ exceptions }: { exceptions: MrpException[] }) => (
  <List spacing={6} size="sm" listStyleType="none" aria-label="Exceptions">
    {exceptions.map((exception, index) => {
      const serious = SERIOUS.has(exception.kind);
      return (
        <List.Item
          key={`${exception.kind}-${exception.product_id}-${exception.proposal_id ?? exception.line_id ?? index}`}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge
              color={EXCEPTION_LABELS[exception.kind].color}
              variant={serious ? 'filled' : 'light'}
              size="sm"
              miw={120}
            >
              {EXCEPTION_LABELS[exception.kind].label}
            </Badge>
            <Text size="sm" c={serious ? 'red.8' : undefined}>
              {withDatesShown(exception.message)}
            </Text>
          </Group>
        </List.Item>
      );
    })}
  </List>
);

/**
 * What the run could not plan as asked, a page at a time: the serious ones first and in red (the
 * API orders them), each in words, with a filter by kind once the run has any.
 */
export const MrpExceptions = ({ runId }: { runId: string }) => {
  const [kind, setKind] = useState<MrpExceptionKind | ''>('');
  const [page, setPage] = useState(1);
  const exceptions = useMrpExceptions(runId, { kind: kind || undefined, page });
  const filtered = kind !== '';
  // Without a filter, the answer's total is the run's: no filter to offer a run without exceptions.
  const showFilter = filtered || (exceptions.data?.meta.total ?? 0) > 0;

  const chooseKind = (value: string) => {
    setKind(isKind(value) ? value : '');
    setPage(1);
  };

  return (
    <>
      {showFilter ? (
        <NativeSelect
          label="Kind"
          data={KIND_OPTIONS}
          value={kind}
          onChange={(event) => chooseKind(event.currentTarget.value)}
          w={200}
          mb="sm"
        />
      ) : null}
      <QueryState query={exceptions} errorTitle="The exceptions could not be loaded">
        {({ data, meta }) =>
          data.length === 0 ? (
            filtered ? (
              <NoMatch noun="exception" onClear={() => chooseKind('')} />
            ) : (
              <Text size="sm" c="dimmed">
                No exceptions: every demand is covered in time.
              </Text>
            )
          ) : (
            <>
              <ExceptionList exceptions={data} />
              <ListPagination meta={meta} page={page} onChange={setPage} noun={['exception', 'exceptions']} />
            </>
          )
        }
      </QueryState>
    </>
  );
};
