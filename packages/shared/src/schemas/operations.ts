// The operations module's contract (issue 13, docs/api.md 'Operations'): its values, and the bodies,
// queries and answers of catalogs, units, products, BOM lines, stock and imports. Orders and work
// orders: operations-orders.ts; the MRP run: operations-mrp.ts.

// ---------------------------------------------------------------- values (the database checks them too)

/** Catalogs, units, products and BOM lines are switched on and off, never deleted (but BOM lines). */
export const OPERATIONS_RECORD_STATUSES = ['active', 'inactive'] as const;
export type OperationsRecordStatus = (typeof OPERATIONS_RECORD_STATUSES)[number];

/** A product is made here (from its BOM, by work orders) or bought (by purchase orders). */
export const PROCUREMENT_TYPES = ['make', 'buy'] as const;
export type ProcurementType = (typeof PROCUREMENT_TYPES)[number];

/** A week is 7 days; the engine schedules in whole calendar days. */
export const LEAD_TIME_UNITS = ['days', 'weeks'] as const;
export type LeadTimeUnit = (typeof LEAD_TIME_UNITS)[number];

/** draft → confirmed → received → closed; draft or confirmed (nothing received) → cancelled. */
export const PURCHASE_ORDER_STATUSES = ['draft', 'confirmed', 'received', 'closed', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** draft → confirmed → shipped → closed; draft or confirmed (nothing shipped) → cancelled. */
export const CUSTOMER_ORDER_STATUSES = ['draft', 'confirmed', 'shipped', 'closed', 'cancelled'] as const;
export type CustomerOrderStatus = (typeof CUSTOMER_ORDER_STATUSES)[number];

/** planned (a confirmed MRP proposal) → released → completed; planned or released → cancelled. */
export const WORK_ORDER_STATUSES = ['planned', 'released', 'completed', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/**
 * What changed a product's stock. The sign is the kind's: receipt and production_in add,
 * shipment and production_out (a work order's components) take; an adjustment sets a counted
 * figure, so its change has either sign (or is 0: a count that found what the books said).
 */
export const STOCK_MOVE_KINDS = [
  'receipt',
  'shipment',
  'production_in',
  'production_out',
  'adjustment',
] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

export const MRP_PROPOSAL_KINDS = ['purchase', 'work'] as const;
export type MrpProposalKind = (typeof MRP_PROPOSAL_KINDS)[number];

/** open: as the run planned it; confirmed: it became a draft purchase order line or a planned work order. */
export const MRP_PROPOSAL_STATUSES = ['open', 'confirmed'] as const;
export type MrpProposalStatus = (typeof MRP_PROPOSAL_STATUSES)[number];

/** The per-workspace counters of order numbers (PO-00001, CO-00001, WO-00001). */
export const ORDER_NUMBER_SEQUENCES = ['purchase_order', 'customer_order', 'work_order'] as const;
export type OrderNumberSequence = (typeof ORDER_NUMBER_SEQUENCES)[number];

/** How a BOM line's attachment is shown and checked: the types a drawing or a data sheet comes as. */
export const BOM_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'text/plain',
  'text/csv',
] as const;
export type BomAttachmentType = (typeof BOM_ATTACHMENT_TYPES)[number];
export const BOM_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Money and quantities are numeric(14,4): 10 digits before the point, 4 after. */
export const DECIMAL_SCALE = 4;
export const DECIMAL_INTEGER_DIGITS = 10;
