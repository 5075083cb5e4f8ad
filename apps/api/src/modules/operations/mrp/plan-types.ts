import type { DecimalInput } from './decimal.ts';
import type { BomLine, DateInput, PlanProduct } from './types.ts';

/** An open customer order line (confirmed, not shipped): what is still to ship, and when. */
export type CustomerDemand = {
  order_id: string;
  line_id: string;
  product_id: string;
  /** The quantity still to ship. */
  qty: DecimalInput;
  due_date: DateInput;
};

/**
 * Stock already on its way: an open purchase order line, or a released work order (which also still
 * needs its components: they are consumed when it completes, so the run explodes it like a proposal).
 */
export type ScheduledReceipt = {
  source: 'purchase_order' | 'work_order';
  /** The purchase order line's id, or the work order's. */
  id: string;
  product_id: string;
  /** The quantity still to receive. */
  qty: DecimalInput;
  due_date: DateInput;
};

export type PlanInput = {
  today: DateInput;
  /** Days ahead that are planned: demands due after today + horizon_days are left out. Default 90. */
  horizon_days?: number;
  products: readonly PlanProduct[];
  /** The BOM lines; inactive ones and those of bought products are not exploded. */
  lines: readonly BomLine[];
  demands: readonly CustomerDemand[];
  receipts?: readonly ScheduledReceipt[];
};

export type PlanOptions = {
  /** The id of the n-th proposal of the run (n from 1, in output order). Default `P${n}`. */
  proposalId?: (n: number) => string;
  /** Also return every product's projected stock (for tests and the run page's detail). */
  projection?: boolean;
};

/** What a quantity is needed for. */
export type DemandRef =
  | { kind: 'customer_order'; order_id: string; line_id: string }
  /** A parent's planned order needs this component. */
  | { kind: 'proposal'; proposal_id: string }
  /** A released work order still needs this component. */
  | { kind: 'work_order'; work_order_id: string };

/** What a quantity is covered by. */
export type SupplyRef =
  | { kind: 'on_hand' }
  | { kind: 'purchase_order'; receipt_id: string }
  | { kind: 'work_order'; receipt_id: string }
  | { kind: 'proposal'; proposal_id: string };

export type Pegging = DemandRef & { qty: string };

export type Proposal = {
  id: string;
  product_id: string;
  kind: 'purchase' | 'work';
  quantity: string;
  /** 'YYYY-MM-DD': the day it must be on hand. */
  need_date: string;
  /** need_date minus the product's lead time; before today when past_due. */
  release_date: string;
  past_due: boolean;
  /** The demands it covers, FIFO; they add up to at most `quantity` (the rest restores safety stock or is lot excess). */
  pegging: Pegging[];
};

/** One gross requirement and, FIFO, what covers it (the quantities add up to `qty`). */
export type Requirement = {
  product_id: string;
  date: string;
  qty: string;
  demand: DemandRef;
  covered_by: (SupplyRef & { qty: string })[];
};

export type MrpExceptionKind =
  /** A proposal whose release date is before today: it is late already (not moved). */
  | 'past_due'
  /** A customer order line due before today: planned as needed today. */
  | 'demand_past_due'
  /** A customer order line due after the horizon: not planned. */
  | 'beyond_horizon'
  /** A scheduled receipt due before today: counted as arriving today. */
  | 'receipt_past_due'
  /** On hand today below safety stock (not below zero): a replenishment is planned for today. */
  | 'below_safety'
  /** On hand today below zero: the first supply makes it good first. */
  | 'negative_stock'
  /** A work proposal for a made product with no active BOM line: nothing is exploded. */
  | 'no_bom'
  /** A demand, receipt or line names a product the run does not know: left out. */
  | 'unknown_product';

export type MrpException = {
  kind: MrpExceptionKind;
  product_id: string;
  message: string;
  proposal_id?: string;
  order_id?: string;
  line_id?: string;
  receipt_id?: string;
  date?: string;
};

/** The projected stock from `date` until the next point: on_hand = previous + receipts + planned − gross. */
export type ProjectionPoint = {
  date: string;
  gross: string;
  receipts: string;
  planned: string;
  on_hand: string;
};

export type PlanResult = {
  today: string;
  horizon_end: string;
  /** In planning order: by low-level code, then product id, then need date; ids follow that order. */
  proposals: Proposal[];
  requirements: Requirement[];
  exceptions: MrpException[];
  summary: {
    products: number;
    proposals: number;
    past_due_proposals: number;
    demands_planned: number;
    demands_past_due: number;
    demands_beyond_horizon: number;
  };
  /** When asked: per product (planning order), a point for today and for every day something happens. */
  projection?: { product_id: string; low_level_code: number; points: ProjectionPoint[] }[];
};
