import type { CustomerOrderStatus, PurchaseOrderStatus } from '@workhub/shared/schemas/operations';
import {
  CUSTOMER_ORDER_STEPS,
  orderStepRefusal,
  PURCHASE_ORDER_STEPS,
} from '@workhub/shared/schemas/operations-orders';
import type { SelectOption } from '../../lib/labels.ts';
import type { OrderDetail, OrderItem, OrderKind, OrderStep } from './api/orders.ts';
import { CUSTOMER_ORDER_STATUS_OPTIONS, PURCHASE_ORDER_STATUS_OPTIONS } from './operations-options.ts';

/** What differs between purchase and customer orders on screen. */
export type OrderTexts = {
  title: string;
  noun: string;
  plural: string;
  /** The other party's column and field. */
  party: string;
  path: string;
  statusOptions: SelectOption[];
  /** The step that moves goods: receive (into stock) or ship (out of it). */
  delivery: 'receive' | 'ship';
  deliveredHeader: string;
};

export const ORDER_TEXTS: Record<OrderKind, OrderTexts> = {
  purchase: {
    title: 'Purchase orders',
    noun: 'purchase order',
    plural: 'purchase orders',
    party: 'Supplier',
    path: '/operations/purchase-orders',
    statusOptions: PURCHASE_ORDER_STATUS_OPTIONS,
    delivery: 'receive',
    deliveredHeader: 'Received',
  },
  customer: {
    title: 'Customer orders',
    noun: 'customer order',
    plural: 'customer orders',
    party: 'Customer',
    path: '/operations/customer-orders',
    statusOptions: CUSTOMER_ORDER_STATUS_OPTIONS,
    delivery: 'ship',
    deliveredHeader: 'Shipped',
  },
};

/** The supplier or the customer of an order ('' for a purchase order with none yet: an MRP draft). */
export const partyOf = (order: OrderItem): string =>
  'customer_name' in order ? order.customer_name : (order.supplier_name ?? '');

/** How much of a line arrived or left. */
export const deliveredOf = (line: OrderDetail['lines'][number]): string =>
  'received_qty' in line ? line.received_qty : line.shipped_qty;

/**
 * The status steps the order allows now, in the flow's order: its status, and for a confirmed order
 * whether anything was received or shipped (cancel before, close after), as the API decides
 * (orderStepRefusal): a button the server would refuse is not offered.
 */
export const allowedSteps = (kind: OrderKind, order: OrderDetail): OrderStep[] => {
  const facts = {
    status: order.status,
    delivered: order.lines.some((line) => Number(deliveredOf(line)) > 0),
  };
  return kind === 'purchase'
    ? (['confirm', 'receive', 'close', 'cancel'] as const).filter(
        (step) =>
          orderStepRefusal(
            PURCHASE_ORDER_STEPS,
            step,
            facts as { status: PurchaseOrderStatus; delivered: boolean },
            'received',
          ) === null,
      )
    : (['confirm', 'ship', 'close', 'cancel'] as const).filter(
        (step) =>
          orderStepRefusal(
            CUSTOMER_ORDER_STEPS,
            step,
            facts as { status: CustomerOrderStatus; delivered: boolean },
            'shipped',
          ) === null,
      );
};

export const STEP_LABELS: Record<OrderStep, string> = {
  confirm: 'Confirm',
  receive: 'Receive',
  ship: 'Ship',
  close: 'Close',
  cancel: 'Cancel order',
};
