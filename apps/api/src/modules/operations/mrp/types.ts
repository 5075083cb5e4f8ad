import type { DecimalInput } from './decimal.ts';

/**
 * The shapes the engine reads. The database layer loads rows into them (numeric columns as their
 * text, ids as strings) and the engine never touches a database. Names follow what a value is, not
 * the spec's column names: `parent_id` is the spec's product_need, `component_id` its product_needed
 * and `qty` its bom_qty.
 */
export type ProcurementType = 'make' | 'buy';
export type LeadTimeUnit = 'days' | 'weeks';
export type BomLineStatus = 'active' | 'inactive';

/** A calendar day: 'YYYY-MM-DD' or a day number (whole days since 1970-01-01, UTC). */
export type DateInput = string | number;

/** What the cost roll-up needs of a product. */
export type CostProduct = {
  id: string;
  procurement_type: ProcurementType;
  price: DecimalInput;
};

/** What the MRP run needs of a product. */
export type PlanProduct = {
  id: string;
  procurement_type: ProcurementType;
  /** Quantity on hand now (the spec's product_qty). */
  on_hand: DecimalInput;
  safety_stock: DecimalInput;
  /** The lot size: an order is never smaller; 0 = lot-for-lot. */
  min_order_qty: DecimalInput;
  /** Counted in whole units (pieces): its proposals are rounded up to a whole number. Absent = false. */
  whole_units?: boolean;
  /** The time to buy it or to make it. */
  lead_time: number;
  lead_time_unit: LeadTimeUnit;
};

export type MrpProduct = CostProduct & PlanProduct;

/** `parent_id` needs `qty` of `component_id` per unit. */
export type BomLine = {
  id: string;
  parent_id: string;
  component_id: string;
  qty: DecimalInput;
  /** An offset: the component must be on hand this long before the parent's release. Default 0. */
  lead_time?: number;
  lead_time_unit?: LeadTimeUnit;
  /** A bought component's cost on this line; null or absent: the component's price. */
  cost_per_unit?: DecimalInput | null;
  /** Only active lines count, in the roll-up and in the run. Absent = active. */
  status?: BomLineStatus;
};

export const isActiveLine = (line: BomLine): boolean => (line.status ?? 'active') === 'active';

/**
 * Orders ids the way a person would read them: numeric ids ("9" before "10") by value, others by
 * code unit. Every output the engine sorts uses it, so a run's output is the same for the same input.
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : 1;
}
