// The MRP run, its proposals, and the MRP dashboard's figures (issue 13 §4-5, docs/api.md 'Operations').

import { z } from 'zod';
import { operationsMessages } from '../operations-messages.ts';
import { idField, int32, paginationQuery } from './common.ts';
import { DECIMAL_INTEGER_DIGITS, DECIMAL_SCALE, decimalString } from './decimal.ts';
import {
  booleanQuery,
  CUSTOMER_ORDER_STATUSES,
  MRP_PROPOSAL_KINDS,
  MRP_PROPOSAL_STATUSES,
  PURCHASE_ORDER_STATUSES,
} from './operations.ts';

export const MRP_HORIZON_DAYS_DEFAULT = 90;
export const MRP_HORIZON_DAYS_MAX = 365;
/** Proposal ids one confirm takes (2,000 uuids stay under the 100 KB body limit). */
export const MRP_CONFIRM_MAX = 2000;

/**
 * The largest quantity an order line or work order holds (numeric(14,4)): a proposal above it (a
 * huge demand times a BOM that multiplies) is flagged by the run and cannot be confirmed.
 */
export const MRP_ORDER_QUANTITY_MAX = `${'9'.repeat(DECIMAL_INTEGER_DIGITS)}.${'9'.repeat(DECIMAL_SCALE)}`;

/** POST /api/mrp/runs: plans every active product from today (UTC) to today + horizon_days. */
export const mrpRunBody = z.object({
  horizon_days: int32({
    min: 1,
    max: MRP_HORIZON_DAYS_MAX,
    message: operationsMessages.horizonDaysInvalid,
    minMessage: operationsMessages.horizonDaysInvalid,
    maxMessage: operationsMessages.horizonDaysInvalid,
  }).default(MRP_HORIZON_DAYS_DEFAULT),
});
export type MrpRunBody = z.input<typeof mrpRunBody>;

/**
 * One demand a proposal covers, FIFO (the engine's Pegging, ids mapped to this run's): a customer
 * order line, a parent's proposal (this component is needed to make it), or a released work order.
 * `label` is written when the run is saved, for the screen: 'CO-00012 line 1 (Acme)',
 * 'Work proposal 7: 10 Wheel', 'WO-00003: 5 Wheel'.
 */
export const mrpPegging = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('customer_order'),
    order_id: z.string(),
    line_id: z.string(),
    qty: decimalString,
    label: z.string(),
  }),
  z.object({ kind: z.literal('proposal'), proposal_id: z.string(), qty: decimalString, label: z.string() }),
  z.object({
    kind: z.literal('work_order'),
    work_order_id: z.string(),
    qty: decimalString,
    label: z.string(),
  }),
]);
export type MrpPegging = z.infer<typeof mrpPegging>;

export const MRP_EXCEPTION_KINDS = [
  /** A proposal whose release date is before today: late already (kept, not moved). */
  'past_due',
  /** A customer order line due before today: planned as needed today. */
  'demand_past_due',
  /** A customer order line due after the horizon: not planned. */
  'beyond_horizon',
  /** A scheduled receipt due before today: counted as arriving today. */
  'receipt_past_due',
  /** On hand below safety stock today: replenished today. */
  'below_safety',
  /** On hand below zero (not possible here: stock never goes below 0; kept for the engine's sake). */
  'negative_stock',
  /** A work proposal for a made product with no active BOM line. */
  'no_bom',
  /** A demand, receipt or line names a product the run does not plan (an inactive one). */
  'unknown_product',
  /** A proposal above MRP_ORDER_QUANTITY_MAX: no order can hold it, so it cannot be confirmed. */
  'quantity_too_large',
] as const;
export type MrpExceptionKind = (typeof MRP_EXCEPTION_KINDS)[number];

/** The exceptions listed first (and shown in red): what is late, or cannot be. */
export const MRP_SERIOUS_EXCEPTIONS = [
  'past_due',
  'demand_past_due',
  'negative_stock',
  'quantity_too_large',
] as const satisfies readonly MrpExceptionKind[];

export const mrpException = z.object({
  kind: z.enum(MRP_EXCEPTION_KINDS),
  product_id: z.string(),
  product_name: z.string(),
  /** What happened, naming products by name. */
  message: z.string(),
  proposal_id: z.string().optional(),
  order_id: z.string().optional(),
  line_id: z.string().optional(),
  receipt_id: z.string().optional(),
  date: z.string().optional(),
});
export type MrpException = z.infer<typeof mrpException>;

/** What a confirmed proposal became. */
export const mrpConfirmedRef = z.object({
  kind: z.enum(['purchase_order', 'work_order']),
  /** The purchase order's or work order's id. */
  id: z.string(),
  /** 'PO-00012' / 'WO-00012'. */
  label: z.string(),
});

export const mrpProposal = z.object({
  id: z.string(),
  /** The planning order (low-level code, product, need date), from 1. */
  seq: z.number().int(),
  product_id: z.string(),
  product_name: z.string(),
  kind: z.enum(MRP_PROPOSAL_KINDS),
  /** Exact: may have more than 4 decimals (confirming rounds it up to 4). */
  quantity: decimalString,
  need_date: z.string(),
  release_date: z.string(),
  past_due: z.boolean(),
  /** Above MRP_ORDER_QUANTITY_MAX: no order can hold it, so it cannot be confirmed (an exception says so). */
  too_large: z.boolean(),
  pegging: z.array(mrpPegging),
  status: z.enum(MRP_PROPOSAL_STATUSES),
  confirmed_ref: mrpConfirmedRef.nullable(),
});
export type MrpProposal = z.infer<typeof mrpProposal>;

export const mrpRunSummary = z.object({
  products: z.number().int(),
  proposals: z.number().int(),
  past_due_proposals: z.number().int(),
  demands_planned: z.number().int(),
  demands_past_due: z.number().int(),
  demands_beyond_horizon: z.number().int(),
});

/** An item of GET /api/mrp/runs (newest first): the run without its proposals. */
export const mrpRunItem = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** The day it planned from and its last day. */
  today: z.string(),
  horizon_days: z.number().int(),
  horizon_end: z.string(),
  duration_ms: z.number().int(),
  summary: mrpRunSummary,
  exception_count: z.number().int(),
  confirmed_count: z.number().int(),
});
export type MrpRunItem = z.infer<typeof mrpRunItem>;

/**
 * GET /api/mrp/runs/:id/overview: the run without its proposals and exceptions (the run page's head:
 * a run can hold tens of thousands of proposals and thousands of exceptions, which the page reads a
 * page at a time).
 */
export const mrpRunOverview = mrpRunItem;
export type MrpRunOverview = z.infer<typeof mrpRunOverview>;

/** POST /api/mrp/runs (201) and GET /api/mrp/runs/:id: every proposal, in planning order. */
export const mrpRun = mrpRunItem.extend({
  proposals: z.array(mrpProposal),
  exceptions: z.array(mrpException),
});
export type MrpRun = z.infer<typeof mrpRun>;

export const mrpRunListQuery = paginationQuery;

/** GET /api/mrp/runs/:id/exceptions: a page of a run's exceptions, the serious ones first, else in run order. */
export const mrpExceptionListQuery = paginationQuery.extend({
  kind: z.enum(MRP_EXCEPTION_KINDS).optional(),
});
export type MrpExceptionListQuery = z.input<typeof mrpExceptionListQuery>;

/** GET /api/mrp/runs/:id/proposals: a page of a run's proposals, filtered, in planning order. */
export const mrpProposalListQuery = paginationQuery.extend({
  /** One proposal of the run (the pegging drawer follows a parent proposal by its id). */
  id: idField().optional(),
  product_id: idField().optional(),
  kind: z.enum(MRP_PROPOSAL_KINDS).optional(),
  past_due: booleanQuery,
  status: z.enum(MRP_PROPOSAL_STATUSES).optional(),
});
export type MrpProposalListQuery = z.input<typeof mrpProposalListQuery>;

/** POST /api/mrp/runs/:id/confirm: open proposals of that run (duplicates dropped). */
export const mrpConfirmBody = z.object({
  proposal_ids: z
    .array(idField(), { error: operationsMessages.proposalIdsRequired })
    .min(1, { error: operationsMessages.proposalIdsRequired })
    .max(MRP_CONFIRM_MAX, { error: operationsMessages.proposalIdsTooMany })
    .transform((ids) => [...new Set(ids)]),
});
export type MrpConfirmBody = z.input<typeof mrpConfirmBody>;

/** What a confirm created: one draft purchase order per product, one planned work order per proposal. */
export const mrpConfirmResult = z.object({
  purchase_orders: z.array(mrpConfirmedRef),
  work_orders: z.array(mrpConfirmedRef),
});
export type MrpConfirmResult = z.infer<typeof mrpConfirmResult>;

// ---------------------------------------------------------------- the MRP dashboard

/** GET /api/operations/dashboard?weeks=: the last `weeks` weeks (Monday, UTC), this one included. */
export const operationsDashboardQuery = z.object({
  weeks: int32({ min: 1, max: 52 }).default(12),
});

const weekFigure = z.object({ week: z.string(), value: decimalString });
export const operationsDashboard = z.object({
  /** Σ customer order line totals by the order's week (orders not draft or cancelled). */
  sales_value_per_week: z.array(weekFigure),
  /** Customer orders by the order's week (not draft or cancelled). */
  orders_per_week: z.array(z.object({ week: z.string(), count: z.number().int() })),
  /** Σ product_qty × price over active products. */
  stock_value: decimalString,
  below_safety_stock: z.number().int(),
  /** Every status, 0 when none. */
  orders_by_status: z.object({
    purchase: z.record(z.enum(PURCHASE_ORDER_STATUSES), z.number().int()),
    customer: z.record(z.enum(CUSTOMER_ORDER_STATUSES), z.number().int()),
  }),
  /** Confirmed and due before today; work orders planned or released with a need date before today. */
  late_orders: z.object({
    purchase: z.number().int(),
    customer: z.number().int(),
    work: z.number().int(),
  }),
});
export type OperationsDashboard = z.infer<typeof operationsDashboard>;
