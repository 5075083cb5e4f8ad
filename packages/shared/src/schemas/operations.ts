// The operations module's contract (issue 13, docs/api.md 'Operations'): its values, and the bodies,
// queries and answers of catalogs, units, products, BOM lines, stock and imports. Orders and work
// orders: operations-orders.ts; the MRP run and the dashboard: operations-mrp.ts; CSV imports:
// operations-import.ts. Money and quantities: decimal.ts.

import { z } from 'zod';
import { messages } from '../messages.ts';
import { operationsMessages } from '../operations-messages.ts';
import {
  choiceField,
  idField,
  int32,
  nullableMultilineText,
  nullableText,
  optionalIdField,
  paginationQuery,
  plainText,
  requiredString,
  searchQuery,
} from './common.ts';
import { decimalField, decimalString, optionalDecimalField } from './decimal.ts';

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

// ---------------------------------------------------------------- shared pieces

const statusField = choiceField(OPERATIONS_RECORD_STATUSES, messages.statusRequired, 'Status');

/** Lead times are whole days or weeks, 0 to 999 (JSON numbers, or a form's or CSV's text). */
export const leadTimeField = int32({
  min: 0,
  max: 999,
  message: operationsMessages.leadTimeInvalid,
  minMessage: operationsMessages.leadTimeInvalid,
  maxMessage: operationsMessages.leadTimeInvalid,
}).default(0);
const leadTimeUnitField = z
  .enum(LEAD_TIME_UNITS, { error: `Lead time unit must be one of ${LEAD_TIME_UNITS.join(', ')}` })
  .default('days');

/** `sort` of a list: one of `values`, a leading '-' for descending. */
export const sortField = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `sort must be one of ${values.join(', ')}` }).default(fallback);

/** A yes/no filter of a query string ('true', 'false', '1', '0'); absent: no filter. */
export const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** `{ status }` of PATCH /api/catalogs/:id/status, /api/uoms/:id/status, /api/products/:id/status. */
export const operationsStatusBody = z.object({ status: statusField });
export type OperationsStatusBody = z.input<typeof operationsStatusBody>;

const stamps = { created_at: z.string(), updated_at: z.string() };

// ---------------------------------------------------------------- catalogs and units of measure

/** POST /api/catalogs, PATCH /api/catalogs/:id (the whole record); the same for /api/uoms. */
export const namedRecordBody = z.object({
  name: requiredString(messages.nameRequired, 100),
  description: nullableMultilineText(2000),
  status: statusField.default('active'),
});
export const catalogBody = namedRecordBody;
/** A unit's `whole_units` (pieces, bicycles): absent on an edit, it stays as it was; on a create, false. */
export const uomBody = namedRecordBody.extend({ whole_units: z.boolean().optional() });
export type CatalogBody = z.input<typeof catalogBody>;
export type UomBody = z.input<typeof uomBody>;

export const namedRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(OPERATIONS_RECORD_STATUSES),
  /** How many products name it. */
  product_count: z.number().int(),
  ...stamps,
});
export const catalog = namedRecord;
export const uom = namedRecord.extend({
  /** Quantities in this unit (order lines, stock counts, work orders) must be whole numbers. */
  whole_units: z.boolean(),
});
export type Catalog = z.infer<typeof catalog>;
export type Uom = z.infer<typeof uom>;

const NAMED_SORTS = ['name', '-name', 'created_at', '-created_at'] as const;
/** GET /api/catalogs, GET /api/uoms: `q` (name contains), `status`, `sort` (default name). */
export const namedRecordListQuery = paginationQuery.extend({
  q: searchQuery(100),
  status: z.enum(OPERATIONS_RECORD_STATUSES).optional(),
  sort: sortField(NAMED_SORTS, 'name'),
});
export const catalogListQuery = namedRecordListQuery;
export const uomListQuery = namedRecordListQuery;
export type NamedRecordListQuery = z.input<typeof namedRecordListQuery>;
/** GET /api/catalogs/export, /api/uoms/export: the list's filters and sort, no paging. */
export const namedRecordExportQuery = namedRecordListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- products

const productFields = {
  product_name: requiredString(operationsMessages.productNameRequired, 200),
  product_group: nullableText(100),
  /** A uuid, or missing, null or '' for none. */
  catalog_id: optionalIdField(operationsMessages.catalogUnknown),
  price: decimalField('nonnegative', operationsMessages.priceRequired),
  color: nullableText(50),
  uom_id: optionalIdField(operationsMessages.uomUnknown),
  description: nullableMultilineText(5000),
  status: statusField.default('active'),
  procurement_type: z
    .enum(PROCUREMENT_TYPES, { error: 'Procurement type must be make or buy' })
    .default('buy'),
  lead_time: leadTimeField,
  lead_time_unit: leadTimeUnitField,
  safety_stock: decimalField('nonnegative').default('0'),
  /** The lot size: an order is never smaller; 0 = lot-for-lot. */
  min_order_qty: decimalField('nonnegative').default('0'),
};

/**
 * POST /api/products. `product_qty` is the opening stock (default 0), recorded as an adjustment
 * move with the reason 'Opening stock' when above 0.
 */
export const productBody = z.object({
  ...productFields,
  product_qty: decimalField('nonnegative').default('0'),
});
export type ProductBody = z.input<typeof productBody>;

/**
 * PATCH /api/products/:id: the whole record but `product_qty`, which changes only through stock
 * moves (POST /api/stock-adjustments for a count); sent anyway, it is ignored.
 */
export const productUpdateBody = z.object(productFields);
export type ProductUpdateBody = z.input<typeof productUpdateBody>;

export const product = z.object({
  id: z.string(),
  product_name: z.string(),
  product_group: z.string().nullable(),
  catalog_id: z.string().nullable(),
  catalog_name: z.string().nullable(),
  price: decimalString,
  color: z.string().nullable(),
  /** On hand. */
  product_qty: decimalString,
  uom_id: z.string().nullable(),
  uom_name: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(OPERATIONS_RECORD_STATUSES),
  procurement_type: z.enum(PROCUREMENT_TYPES),
  lead_time: z.number().int(),
  lead_time_unit: z.enum(LEAD_TIME_UNITS),
  safety_stock: decimalString,
  min_order_qty: decimalString,
  /** product_qty < safety_stock. */
  below_safety: z.boolean(),
  /** How many active BOM lines it has (a made product with none cannot be planned). */
  bom_line_count: z.number().int(),
  /**
   * It has stock moves or is on a BOM line (as parent or component): its quantities are recorded
   * in its unit, so `uom_id` no longer changes (PATCH answers 409 productUnitInUse).
   */
  unit_locked: z.boolean(),
  created_by: z.string().nullable(),
  ...stamps,
});
export type Product = z.infer<typeof product>;

const PRODUCT_SORTS = [
  'product_name',
  '-product_name',
  'created_at',
  '-created_at',
  'product_qty',
  '-product_qty',
  'price',
  '-price',
] as const;
/**
 * GET /api/products: `q` (name or group contains), filters, `sort` (default product_name).
 * `below_safety=true` keeps the products whose stock is below their safety stock.
 */
export const productListQuery = paginationQuery.extend({
  q: searchQuery(100),
  status: z.enum(OPERATIONS_RECORD_STATUSES).optional(),
  catalog_id: idField().optional(),
  procurement_type: z.enum(PROCUREMENT_TYPES).optional(),
  product_group: plainText(100).optional(),
  below_safety: booleanQuery,
  sort: sortField(PRODUCT_SORTS, 'product_name'),
});
export type ProductListQuery = z.input<typeof productListQuery>;
export const productExportQuery = productListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- BOM lines and the cost roll-up

const bomLineFields = {
  /** The component; the parent is the product of the path (POST) or the line's own (PATCH). */
  product_needed: idField(operationsMessages.bomComponentRequired),
  bom_qty: decimalField('positive', operationsMessages.quantityRequired),
  /** An offset: the component must be on hand this long before the parent's release. */
  lead_time: leadTimeField,
  lead_time_unit: leadTimeUnitField,
  /** A bought component's cost on this line; empty: the component's price. */
  cost_per_unit: optionalDecimalField('nonnegative'),
  notes: nullableMultilineText(2000),
  status: statusField.default('active'),
};
/** POST /api/products/:id/bom and PATCH /api/bom-lines/:id (the whole line). */
export const bomLineBody = z.object(bomLineFields);
export type BomLineBody = z.input<typeof bomLineBody>;

export const bomAttachment = z.object({
  file_name: z.string(),
  content_type: z.enum(BOM_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** GET it (with the bearer token) to download: /api/bom-lines/:id/attachment. */
  url: z.string(),
});
export type BomAttachment = z.infer<typeof bomAttachment>;

export const bomLine = z.object({
  id: z.string(),
  /** The parent. */
  product_need: z.string(),
  product_need_name: z.string(),
  /** The component. */
  product_needed: z.string(),
  product_needed_name: z.string(),
  product_needed_type: z.enum(PROCUREMENT_TYPES),
  product_needed_uom: z.string().nullable(),
  bom_qty: decimalString,
  lead_time: z.number().int(),
  lead_time_unit: z.enum(LEAD_TIME_UNITS),
  cost_per_unit: decimalString.nullable(),
  notes: z.string().nullable(),
  attachment: bomAttachment.nullable(),
  status: z.enum(OPERATIONS_RECORD_STATUSES),
  ...stamps,
});
export type BomLine = z.infer<typeof bomLine>;

/** GET /api/products/:id/bom: the product's own lines, in the order they were added. */
export const bomLineListQuery = paginationQuery.extend({
  q: searchQuery(100),
  status: z.enum(OPERATIONS_RECORD_STATUSES).optional(),
  sort: sortField(['created_at', '-created_at'] as const, 'created_at'),
});

/**
 * One node of GET /api/products/:id/bom/tree. Quantities and money are exact decimal strings:
 * `total_qty` per one root, `extended_cost` = total_qty × unit_cost (a node's is the sum of its
 * children's). Only active lines are exploded.
 */
export type BomTreeNode = {
  product_id: string;
  product_name: string;
  procurement_type: ProcurementType;
  uom_name: string | null;
  /** The line this node comes from (edit it in place with PATCH /api/bom-lines/:id); null at the root. */
  line_id: string | null;
  qty_per_parent: string;
  total_qty: string;
  unit_cost: string;
  extended_cost: string;
  children: BomTreeNode[];
};
export const bomTreeNode: z.ZodType<BomTreeNode> = z.object({
  product_id: z.string(),
  product_name: z.string(),
  procurement_type: z.enum(PROCUREMENT_TYPES),
  uom_name: z.string().nullable(),
  line_id: z.string().nullable(),
  qty_per_parent: decimalString,
  total_qty: decimalString,
  unit_cost: decimalString,
  extended_cost: decimalString,
  get children() {
    return z.array(bomTreeNode);
  },
});
/** The root: its `estimated_cost` is the roll-up of one unit (= its extended_cost). */
export const bomTree = z.object({ estimated_cost: decimalString, root: bomTreeNode });
export type BomTree = z.infer<typeof bomTree>;

// ---------------------------------------------------------------- stock

/**
 * POST /api/stock-adjustments: a count. `quantity` is the NEW on-hand figure (never negative), not a
 * change: sending it twice leaves the same stock. The move records the difference (which may be 0).
 * `expected_on_hand` is the on-hand figure the counter saw: when stock has moved since (a shipment,
 * a work order's consumption), the count is refused (409 stockChangedSinceCount) instead of undoing
 * that move. Optional for callers that set stock outright; the web form always sends it.
 */
export const stockAdjustmentBody = z.object({
  product_id: idField(operationsMessages.productUnknown),
  quantity: decimalField('nonnegative', operationsMessages.quantityRequired),
  reason: requiredString(operationsMessages.adjustmentReasonRequired, 500),
  expected_on_hand: optionalDecimalField('nonnegative'),
});
export type StockAdjustmentBody = z.input<typeof stockAdjustmentBody>;

/** The web's stock count: the same body, made against the on-hand figure it shows (required). */
export const stockAdjustmentForm = stockAdjustmentBody.extend({
  expected_on_hand: decimalField('nonnegative', operationsMessages.expectedOnHandRequired),
});

/** What made a stock move, with the number people know it by ('PO-00012'). */
export const stockMoveReference = z.object({
  kind: z.enum(['purchase_order', 'customer_order', 'work_order']),
  /** The order's or work order's id (the page to open). */
  id: z.string(),
  /** The order line, for receipts and shipments. */
  line_id: z.string().nullable(),
  label: z.string(),
});

export const stockMove = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  kind: z.enum(STOCK_MOVE_KINDS),
  /** Signed: + into stock, − out of it. */
  qty_delta: decimalString,
  on_hand_after: decimalString,
  /** null for an adjustment. */
  reference: stockMoveReference.nullable(),
  reason: z.string().nullable(),
  created_by: z.string().nullable(),
  /** 'First Last' of who made it; null when that user is gone. */
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type StockMove = z.infer<typeof stockMove>;

/** GET /api/stock-moves?product_id=&kind=&q=: newest first by default. */
export const stockMoveListQuery = paginationQuery.extend({
  q: searchQuery(100),
  product_id: idField().optional(),
  kind: z.enum(STOCK_MOVE_KINDS).optional(),
  sort: sortField(['-created_at', 'created_at'] as const, '-created_at'),
});
export type StockMoveListQuery = z.input<typeof stockMoveListQuery>;
export const stockMoveExportQuery = stockMoveListQuery.omit({ page: true, limit: true });

/** Path parameters: `:id` of every operations record. */
export const operationsIdParam = z.object({ id: idField() });
