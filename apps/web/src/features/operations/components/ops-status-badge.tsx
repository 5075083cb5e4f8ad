import { Badge, type MantineColor } from '@mantine/core';
import type {
  CustomerOrderStatus,
  OperationsRecordStatus,
  PurchaseOrderStatus,
  WorkOrderStatus,
} from '@workhub/shared/schemas/operations';
import type { OrderItem } from '../api/orders.ts';
import {
  CUSTOMER_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_STATUS_LABELS,
  RECORD_STATUS_LABELS,
  WORK_ORDER_STATUS_LABELS,
} from '../operations-options.ts';

type OpsStatusBadgeProps =
  | { kind: 'record'; status: OperationsRecordStatus }
  | { kind: 'purchase'; status: PurchaseOrderStatus }
  | { kind: 'customer'; status: CustomerOrderStatus }
  | { kind: 'work'; status: WorkOrderStatus };

type AnyStatus = OperationsRecordStatus | PurchaseOrderStatus | CustomerOrderStatus | WorkOrderStatus;

const COLORS: Record<AnyStatus, MantineColor> = {
  active: 'green',
  inactive: 'gray',
  draft: 'gray',
  confirmed: 'blue',
  received: 'teal',
  shipped: 'teal',
  closed: 'dark',
  cancelled: 'red',
  planned: 'gray',
  released: 'blue',
  completed: 'green',
};

const label = (props: OpsStatusBadgeProps): string => {
  switch (props.kind) {
    case 'record':
      return RECORD_STATUS_LABELS[props.status];
    case 'purchase':
      return PURCHASE_ORDER_STATUS_LABELS[props.status];
    case 'customer':
      return CUSTOMER_ORDER_STATUS_LABELS[props.status];
    case 'work':
      return WORK_ORDER_STATUS_LABELS[props.status];
  }
};

/**
 * The status of an operations record, order or work order (StatusBadge's look). As wide as its word
 * at least: a Badge cuts its text short ('ACT…') when a table squeezes its column.
 */
export const OpsStatusBadge = (props: OpsStatusBadgeProps) => (
  <Badge variant="light" color={COLORS[props.status]} size="sm" miw="max-content" data-status={props.status}>
    {label(props)}
  </Badge>
);

/** 'Late' beside an order or work order past its due date and not complete; as wide as its word. */
export const LateBadge = () => (
  <Badge variant="filled" color="red" size="sm" miw="max-content">
    Late
  </Badge>
);

/** The status badge of a purchase or customer order (each kind has its own statuses). */
export const OrderStatusBadge = ({ order }: { order: OrderItem }) =>
  'customer_name' in order ? (
    <OpsStatusBadge kind="customer" status={order.status} />
  ) : (
    <OpsStatusBadge kind="purchase" status={order.status} />
  );
