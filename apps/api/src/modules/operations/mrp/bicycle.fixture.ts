import type { CustomerDemand, PlanInput } from './plan-types.ts';
import type { BomLine, PlanProduct, ProcurementType } from './types.ts';

/** Test data for the plan tests (not used by the engine): a bicycle and its parts. */
export const TODAY = '2025-03-03';

export const product = (
  id: string,
  procurement_type: ProcurementType,
  extra: Partial<PlanProduct> = {},
): PlanProduct => ({
  id,
  procurement_type,
  on_hand: '0',
  safety_stock: '0',
  min_order_qty: '0',
  lead_time: 0,
  lead_time_unit: 'days',
  ...extra,
});

export const bomLine = (
  id: string,
  parent_id: string,
  component_id: string,
  qty: string,
  extra: Partial<BomLine> = {},
): BomLine => ({
  id,
  parent_id,
  component_id,
  qty,
  lead_time: 0,
  lead_time_unit: 'days',
  status: 'active',
  ...extra,
});

export const order = (
  order_id: string,
  product_id: string,
  qty: string,
  due_date: string,
  line_id = '1',
): CustomerDemand => ({
  order_id,
  line_id,
  product_id,
  qty,
  due_date,
});

/**
 * A bicycle (made in 2 days) of 2 wheels (made in a week) and a frame (bought in 10 days); a wheel is
 * 20 spokes (bought in 3 days) that must be on hand a day before the wheel is started.
 */
export function bicycle(
  overrides: Record<string, Partial<PlanProduct>> = {},
): Pick<PlanInput, 'products' | 'lines'> {
  const base = [
    product('BIKE', 'make', { lead_time: 2 }),
    product('WHEEL', 'make', { lead_time: 1, lead_time_unit: 'weeks' }),
    product('FRAME', 'buy', { lead_time: 10 }),
    product('SPOKE', 'buy', { lead_time: 3 }),
  ];
  return {
    products: base.map((p) => ({ ...p, ...overrides[p.id] })),
    lines: [
      bomLine('1', 'BIKE', 'WHEEL', '2'),
      bomLine('2', 'WHEEL', 'SPOKE', '20', { lead_time: 1 }),
      bomLine('3', 'BIKE', 'FRAME', '1'),
    ],
  };
}
