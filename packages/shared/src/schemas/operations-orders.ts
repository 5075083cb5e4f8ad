// Purchase orders, customer orders and work orders (issue 13, docs/api.md 'Operations').

import { z } from 'zod';
import { messages } from '../messages.ts';
import { operationsMessages } from '../operations-messages.ts';
import {
  calendarDate,
  idField,
  nullableMultilineText,
  nullableText,
  paginationQuery,
  requiredString,
  searchQuery,
} from './common.ts';
import { decimalField, decimalString } from './decimal.ts';
import {
  CUSTOMER_ORDER_STATUSES,
  type CustomerOrderStatus,
  type OrderNumberSequence,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
  sortField,
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
} from './operations.ts';

/** How many lines one order may have (a form, one request under the 100 KB body limit). */
export const ORDER_LINES_MAX = 200;

const NUMBER_PREFIXES: Record<OrderNumberSequence, string> = {
  purchase_order: 'PO',
  customer_order: 'CO',
  work_order: 'WO',
};

/** What people call an order: 'PO-00012' (five digits at least; the number itself is per workspace). */
export const orderNumberLabel = (sequence: OrderNumberSequence, number: number): string =>
  `${NUMBER_PREFIXES[sequence]}-${String(number).padStart(5, '0')}`;

const dateField = (requiredMessage: string) => calendarDate(requiredMessage);

// ---------------------------------------------------------------- bodies

const orderLineBody = z.object({
  product_id: idField(operationsMessages.productUnknown),
  quantity: decimalField('positive', operationsMessages.quantityRequired),
  unit_price: decimalField('nonnegative').default('0'),
  /** Missing or '': the order's due date. */
  due_date: z
    .union([z.literal(''), calendarDate(messages.dueDateRequired)])
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value)),
});
export type OrderLineBody = z.input<typeof orderLineBody>;

/**
 * A line's amount (quantity x unit price) as an order form totals it, or null while its quantity or
 * price is not one the API takes (0, -1, 1e20, 'abc'): such a line is no part of a total (a form
 * showed 'Total: -39.9975' from lines it marked wrong). An empty price is 0, as the API takes it.
 */
export const orderLineAmount = (line: { quantity?: unknown; unit_price?: unknown }): number | null => {
  const quantity = orderLineBody.shape.quantity.safeParse(line.quantity);
  const price = orderLineBody.shape.unit_price.safeParse(
    line.unit_price === '' || line.unit_price === null ? undefined : line.unit_price,
  );
  return quantity.success && price.success ? Number(quantity.data) * Number(price.data) : null;
};

/**
 * The order date's range: a typo such as 0001-01-01 or 2206 is refused instead of planned (an
 * order's and its lines' due dates are on or after it).
 */
export const ORDER_DATE_MIN = '2000-01-01';
export const ORDER_DATE_MAX = '2099-12-31';

const orderFields = {
  order_date: dateField(operationsMessages.orderDateRequired).refine(
    (day) => day >= ORDER_DATE_MIN && day <= ORDER_DATE_MAX,
    { error: operationsMessages.orderDateOutOfRange },
  ),
  due_date: dateField(messages.dueDateRequired),
  notes: nullableMultilineText(2000),
  lines: z
    .array(orderLineBody, { error: operationsMessages.orderLinesRequired })
    .min(1, { error: operationsMessages.orderLinesRequired })
    .max(ORDER_LINES_MAX, { error: operationsMessages.orderLinesTooMany }),
};

type OrderDates = { order_date: string; due_date: string; lines: { due_date: string | null }[] };

/**
 * Nothing is due before the order date: the order's due date (on `due_date`), nor a line's own (on
 * `lines.N.due_date`, where the form shows it); a line without one is due on the order's.
 * It runs even when another field is wrong (a missing customer name, a line's quantity), so that
 * a form shows every problem at once, not the dates only once the rest was fixed: each date is
 * compared only when it was read as one (no issue of its own), the order date first.
 */
const dueNotBeforeOrder = (body: OrderDates, ctx: z.RefinementCtx<OrderDates>) => {
  const wrong = new Set(ctx.issues.map((issue) => (issue.path ?? []).join('.')));
  if (wrong.has('order_date') || typeof body.order_date !== 'string') return;
  const before = (day: unknown, path: string) =>
    typeof day === 'string' && !wrong.has(path) && day < body.order_date;
  if (before(body.due_date, 'due_date')) {
    ctx.addIssue({
      code: 'custom',
      message: operationsMessages.dueBeforeOrderDate,
      path: ['due_date'],
      input: body,
    });
  }
  if (!Array.isArray(body.lines)) return;
  body.lines.forEach((line, index) => {
    if (before(line?.due_date, `lines.${index}.due_date`)) {
      ctx.addIssue({
        code: 'custom',
        message: operationsMessages.lineDueBeforeOrderDate,
        path: ['lines', index, 'due_date'],
        input: body,
      });
    }
  });
};

/** Run the dates' check whatever else is wrong (dueNotBeforeOrder reads only what parsed). */
const ALWAYS = { when: () => true };

/**
 * POST /api/purchase-orders and PATCH /api/purchase-orders/:id (a draft only: the whole order, its
 * lines replaced). The number is given by the server. `supplier_name` may stay empty until confirmed.
 */
export const purchaseOrderBody = z
  .object({ supplier_name: nullableText(200), ...orderFields })
  .superRefine(dueNotBeforeOrder, ALWAYS);
export type PurchaseOrderBody = z.input<typeof purchaseOrderBody>;

/** POST /api/customer-orders and PATCH /api/customer-orders/:id (a draft only). */
export const customerOrderBody = z
  .object({ customer_name: requiredString(operationsMessages.customerNameRequired, 200), ...orderFields })
  .superRefine(dueNotBeforeOrder, ALWAYS);
export type CustomerOrderBody = z.input<typeof customerOrderBody>;

/**
 * POST /api/purchase-orders/:id/receive and /api/customer-orders/:id/ship. No `lines` (or no body):
 * everything still open. With `lines`: those quantities of those lines (a partial receipt); the order
 * becomes received/shipped once every line is complete, and stays confirmed until then.
 */
export const orderDeliveryBody = z.object({
  lines: z
    .array(
      z.object({
        line_id: idField(operationsMessages.orderLineUnknown),
        quantity: decimalField('positive', operationsMessages.quantityRequired),
      }),
    )
    .min(1, { error: operationsMessages.orderLinesRequired })
    .max(ORDER_LINES_MAX, { error: operationsMessages.orderLinesTooMany })
    .optional(),
});
export type OrderDeliveryBody = z.input<typeof orderDeliveryBody>;

// ---------------------------------------------------------------- answers

const orderLineFields = {
  id: z.string(),
  position: z.number().int(),
  product_id: z.string(),
  product_name: z.string(),
  uom_name: z.string().nullable(),
  quantity: decimalString,
  unit_price: decimalString,
  /** quantity × unit_price. */
  line_total: decimalString,
  due_date: z.string(),
};
export const purchaseOrderLine = z.object({
  ...orderLineFields,
  received_qty: decimalString,
  /** The MRP proposal it came from, if any. */
  mrp_proposal_id: z.string().nullable(),
});
export const customerOrderLine = z.object({ ...orderLineFields, shipped_qty: decimalString });
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>;
export type CustomerOrderLine = z.infer<typeof customerOrderLine>;

const orderItemFields = {
  id: z.string(),
  number: z.number().int(),
  /** 'PO-00012' / 'CO-00012' (orderNumberLabel). */
  number_label: z.string(),
  order_date: z.string(),
  due_date: z.string(),
  notes: z.string().nullable(),
  /** Σ line totals. */
  total: decimalString,
  line_count: z.number().int(),
  /** Confirmed, due before today (UTC) and not complete. */
  late: z.boolean(),
  confirmed_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** An item of GET /api/purchase-orders; GET /api/purchase-orders/:id adds its lines. */
export const purchaseOrder = z.object({
  ...orderItemFields,
  supplier_name: z.string().nullable(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  received_at: z.string().nullable(),
});
export const purchaseOrderDetail = purchaseOrder.extend({ lines: z.array(purchaseOrderLine) });
export type PurchaseOrder = z.infer<typeof purchaseOrder>;
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetail>;

export const customerOrder = z.object({
  ...orderItemFields,
  customer_name: z.string(),
  status: z.enum(CUSTOMER_ORDER_STATUSES),
  shipped_at: z.string().nullable(),
});
export const customerOrderDetail = customerOrder.extend({ lines: z.array(customerOrderLine) });
export type CustomerOrder = z.infer<typeof customerOrder>;
export type CustomerOrderDetail = z.infer<typeof customerOrderDetail>;

// ---------------------------------------------------------------- lists

const ORDER_SORTS = [
  '-number',
  'number',
  'order_date',
  '-order_date',
  'due_date',
  '-due_date',
  'created_at',
  '-created_at',
] as const;
const orderListFields = {
  /** The number ('12' or 'PO-00012') or the supplier's / customer's name contains. */
  q: searchQuery(100),
  due_before: calendarDate(messages.dueDateInvalid, messages.dueDateInvalid).optional(),
  due_after: calendarDate(messages.dueDateInvalid, messages.dueDateInvalid).optional(),
  sort: sortField(ORDER_SORTS, '-number'),
};
/** GET /api/purchase-orders: newest first by default. */
export const purchaseOrderListQuery = paginationQuery.extend({
  ...orderListFields,
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
});
export const customerOrderListQuery = paginationQuery.extend({
  ...orderListFields,
  status: z.enum(CUSTOMER_ORDER_STATUSES).optional(),
});
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuery>;
export type CustomerOrderListQuery = z.input<typeof customerOrderListQuery>;
export const purchaseOrderExportQuery = purchaseOrderListQuery.omit({ page: true, limit: true });
export const customerOrderExportQuery = customerOrderListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- work orders

/** An item of GET /api/work-orders; the answer of its status steps. */
export const workOrder = z.object({
  id: z.string(),
  number: z.number().int(),
  /** 'WO-00012'. */
  number_label: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  uom_name: z.string().nullable(),
  quantity: decimalString,
  /** Its due date: when the product must be on hand. */
  need_date: z.string(),
  release_date: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  /** Not completed or cancelled, and its need date is before today (UTC). */
  late: z.boolean(),
  mrp_run_id: z.string().nullable(),
  mrp_proposal_id: z.string().nullable(),
  notes: z.string().nullable(),
  released_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkOrder = z.infer<typeof workOrder>;

const WORK_ORDER_SORTS = [
  'need_date',
  '-need_date',
  'release_date',
  '-release_date',
  '-number',
  'number',
  'created_at',
  '-created_at',
] as const;
/** GET /api/work-orders: by need date by default; `due_before`/`due_after` on the need date. */
export const workOrderListQuery = paginationQuery.extend({
  q: searchQuery(100),
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  product_id: idField().optional(),
  due_before: calendarDate(messages.dueDateInvalid, messages.dueDateInvalid).optional(),
  due_after: calendarDate(messages.dueDateInvalid, messages.dueDateInvalid).optional(),
  sort: sortField(WORK_ORDER_SORTS, 'need_date'),
});
export type WorkOrderListQuery = z.input<typeof workOrderListQuery>;
export const workOrderExportQuery = workOrderListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- status steps (POST .../:id/<step>)

/**
 * Which status each step may start from; the web shows a step's button only there, the API answers
 * 409 (orderStepRefused) elsewhere. Two conditions on quantities are the API's on top: `cancel` only
 * while nothing was received/shipped, `close` of a confirmed order only once something was (a short
 * close: the rest is no longer expected, and the MRP run stops counting it).
 */
export const PURCHASE_ORDER_STEPS = {
  confirm: { from: ['draft'], past: 'confirmed' },
  receive: { from: ['confirmed'], past: 'received' },
  close: { from: ['confirmed', 'received'], past: 'closed' },
  cancel: { from: ['draft', 'confirmed'], past: 'cancelled' },
} as const satisfies Record<string, { from: readonly PurchaseOrderStatus[]; past: string }>;
export type PurchaseOrderStep = keyof typeof PURCHASE_ORDER_STEPS;

export const CUSTOMER_ORDER_STEPS = {
  confirm: { from: ['draft'], past: 'confirmed' },
  ship: { from: ['confirmed'], past: 'shipped' },
  close: { from: ['confirmed', 'shipped'], past: 'closed' },
  cancel: { from: ['draft', 'confirmed'], past: 'cancelled' },
} as const satisfies Record<string, { from: readonly CustomerOrderStatus[]; past: string }>;
export type CustomerOrderStep = keyof typeof CUSTOMER_ORDER_STEPS;

export const WORK_ORDER_STEPS = {
  release: { from: ['planned'], past: 'released' },
  complete: { from: ['released'], past: 'completed' },
  cancel: { from: ['planned', 'released'], past: 'cancelled' },
} as const satisfies Record<string, { from: readonly WorkOrderStatus[]; past: string }>;
export type WorkOrderStep = keyof typeof WORK_ORDER_STEPS;

/** True when `step` may start from `status` in `steps` (PURCHASE_ORDER_STEPS, ...). */
export const stepAllowed = <S extends string>(
  steps: Record<string, { from: readonly S[] }>,
  step: string,
  status: S,
): boolean => steps[step]?.from.includes(status) ?? false;

/**
 * Why a purchase or customer order's `step` is refused, or null when it may be taken: its status
 * (stepAllowed), and for a confirmed order the quantities: `cancel` only while nothing was received
 * or shipped (`delivered` false), `close` only once something was. The API refuses with this (409),
 * and the order's page offers only the steps it allows, so no button leads to a refusal.
 */
export const orderStepRefusal = <S extends string>(
  steps: Record<string, { from: readonly S[]; past: string }>,
  step: string,
  order: { status: S; delivered: boolean },
  /** 'received' for a purchase order, 'shipped' for a customer order. */
  deliveredWord: string,
): string | null => {
  const past = steps[step]?.past ?? step;
  if (!stepAllowed(steps, step, order.status)) return operationsMessages.orderStepRefused(order.status, past);
  if (order.status !== 'confirmed') return null;
  if (step === 'cancel' && order.delivered) return operationsMessages.orderCancelDelivered(deliveredWord);
  if (step === 'close' && !order.delivered) return operationsMessages.orderCloseUndelivered(deliveredWord);
  return null;
};
