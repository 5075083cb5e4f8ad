import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { WORK_ORDER_STATUSES } from '@workhub/shared/schemas/operations';
import {
  stepAllowed,
  WORK_ORDER_STEPS,
  type WorkOrder,
  type WorkOrderStep,
} from '@workhub/shared/schemas/operations-orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { CALENDAR_DAY, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { exportList } from '../api/export-csv.ts';
import { useWorkOrderStep, useWorkOrders, type WorkOrderListParams } from '../api/work-orders.ts';
import { OpsFilterBar } from '../components/ops-filter-bar.tsx';
import { LateBadge, OpsStatusBadge } from '../components/ops-status-badge.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { formatQty } from '../operations-format.ts';
import { WORK_ORDER_STATUS_OPTIONS } from '../operations-options.ts';

const SORTS = [
  { value: 'need_date', label: 'Need date (soonest first)' },
  { value: '-need_date', label: 'Need date (latest first)' },
  { value: 'release_date', label: 'Release date (soonest first)' },
  { value: '-number', label: 'Newest number first' },
];
const RULES = {
  status: WORK_ORDER_STATUSES,
  due_after: CALENDAR_DAY,
  due_before: CALENDAR_DAY,
  sort: SORTS.slice(1).map((sort) => sort.value),
} as const;

const STEPS: readonly WorkOrderStep[] = ['release', 'complete', 'cancel'];
const STEP_TEXT: Record<WorkOrderStep, { label: string; success: string; explain: string }> = {
  release: {
    label: 'Release',
    success: operationsMessages.workOrderReleased,
    explain: 'Released work is on the floor: the MRP run counts it as supply on its need date.',
  },
  complete: {
    label: 'Complete',
    success: operationsMessages.workOrderCompleted,
    explain:
      'Its components leave stock and the product enters it, now. Nothing moves if a component lacks stock.',
  },
  cancel: {
    label: 'Cancel',
    success: operationsMessages.workOrderCancelled,
    explain: 'The work order is cancelled and no longer planned. This cannot be undone.',
  },
};

type Asking = { order: WorkOrder; step: WorkOrderStep } | null;

/**
 * /operations/work-orders: the work orders (made by confirming an MRP run's make proposals) with
 * their product, quantity, release and need dates (late ones flagged) and status; Release,
 * Complete and Cancel where the status allows, asked first, for who may write.
 */
export const WorkOrderListPage = () => {
  useDocumentTitle('Work orders');
  const mayWrite = useMay()('operations:write');
  const [page, setPage] = usePageParam();
  const filters = useUrlFilters(RULES);
  const orders = useWorkOrders({ ...filters.query, page } as WorkOrderListParams);
  usePageInRange(orders.data?.meta);
  const step = useWorkOrderStep();
  const [asking, setAsking] = useState<Asking>(null);

  const onConfirm = async () => {
    if (!asking) return;
    try {
      const answer = await step.mutateAsync({ id: asking.order.id, step: asking.step });
      notify.success(answer.message || STEP_TEXT[asking.step].success);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAsking(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Work orders"
        description="What to make: confirm the make proposals of an MRP run to plan more."
        actions={
          <Button component={Link} to="/operations/mrp" variant="default">
            MRP run
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        <OpsFilterBar
          state={filters}
          searchLabel="Search by number or product"
          sorts={SORTS}
          controls={[
            {
              key: 'status',
              kind: 'select',
              label: 'Status',
              any: 'All statuses',
              options: WORK_ORDER_STATUS_OPTIONS,
            },
            { key: 'due_after', kind: 'date', label: 'Needed after' },
            { key: 'due_before', kind: 'date', label: 'Needed before' },
          ]}
        >
          <ExportCsvButton onExport={() => exportList('work-orders', filters.query)} />
        </OpsFilterBar>
        <PagedList
          query={orders}
          errorTitle="The work orders could not be loaded"
          noun={['work order', 'work orders']}
          filters={filters}
          page={page}
          onPage={setPage}
          empty={
            <EmptyList
              title="No work orders yet"
              description="Run MRP and confirm its make proposals: each becomes a planned work order."
            />
          }
        >
          {(rows) => (
            <DataTable
              label="Work orders"
              minWidth={900}
              rows={rows}
              rowKey={(order) => order.id}
              columns={[
                {
                  key: 'number',
                  header: 'Number',
                  nowrap: true,
                  cell: (order) => (
                    <Text size="sm" fw={600}>
                      {order.number_label}
                    </Text>
                  ),
                },
                {
                  key: 'product',
                  header: 'Product',
                  cell: (order) => (
                    <Anchor component={Link} to={`/operations/products/${order.product_id}`} size="sm">
                      {order.product_name}
                    </Anchor>
                  ),
                },
                {
                  key: 'quantity',
                  header: 'Quantity',
                  cell: (order) =>
                    `${formatQty(order.quantity)}${order.uom_name ? ` ${order.uom_name}` : ''}`,
                },
                { key: 'release', header: 'Release', cell: (order) => formatDate(order.release_date) },
                {
                  key: 'need',
                  header: 'Need by',
                  cell: (order) => (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{formatDate(order.need_date)}</Text>
                      {order.late ? <LateBadge /> : null}
                    </Group>
                  ),
                },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (order) => <OpsStatusBadge kind="work" status={order.status} />,
                },
                mayWrite && {
                  key: 'steps',
                  header: 'Steps',
                  hideHeader: true,
                  cell: (order) => (
                    <Group gap={4} wrap="nowrap">
                      {STEPS.filter((name) => stepAllowed(WORK_ORDER_STEPS, name, order.status)).map(
                        (name) => (
                          <Button
                            key={name}
                            size="compact-xs"
                            variant={name === 'cancel' ? 'subtle' : 'light'}
                            color={name === 'cancel' ? 'red' : undefined}
                            aria-label={`${STEP_TEXT[name].label} ${order.number_label}`}
                            onClick={() => setAsking({ order, step: name })}
                          >
                            {STEP_TEXT[name].label}
                          </Button>
                        ),
                      )}
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </PagedList>
      </Paper>
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? `${STEP_TEXT[asking.step].label} ${asking.order.number_label}?` : ''}
        confirmLabel={asking ? `${STEP_TEXT[asking.step].label} work order` : ''}
        busy={step.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={onConfirm}
      >
        <Text size="sm">
          {asking
            ? `${formatQty(asking.order.quantity)} ${asking.order.product_name}. ${STEP_TEXT[asking.step].explain}`
            : null}
        </Text>
      </ConfirmDialog>
    </>
  );
};
