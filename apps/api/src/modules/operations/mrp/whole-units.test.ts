import { describe, expect, it } from 'vitest';
import { bicycle, order, product, TODAY } from './bicycle.fixture.ts';
import { runMrp } from './plan.ts';
import type { PlanResult } from './plan-types.ts';

const quantities = (result: PlanResult) => result.proposals.map((p) => [p.product_id, p.quantity]);

describe('MRP run: products counted in whole units', () => {
  it('rounds a lot-for-lot proposal up, and a fractional unit keeps its fraction', () => {
    const demand = (whole: boolean) =>
      runMrp({
        today: TODAY,
        products: [product('BOLT', 'buy', { whole_units: whole })],
        lines: [],
        demands: [order('SO1', 'BOLT', '2.25', '2025-03-31')],
      });
    expect(quantities(demand(true))).toEqual([['BOLT', '3']]);
    expect(quantities(demand(false))).toEqual([['BOLT', '2.25']]);
  });

  it('rounds after netting the stock on hand and after the min order qty; a whole min order stays', () => {
    const run = (extra: Parameters<typeof product>[2], qty: string) =>
      quantities(
        runMrp({
          today: TODAY,
          products: [product('BOLT', 'buy', { whole_units: true, ...extra })],
          lines: [],
          demands: [order('SO1', 'BOLT', qty, '2025-03-31')],
        }),
      );
    // 2 needed, 0.4 on hand: 1.6 missing, 2 ordered.
    expect(run({ on_hand: '0.4' }, '2')).toEqual([['BOLT', '2']]);
    // 1 needed, min order 2.5: 2.5, rounded to 3.
    expect(run({ min_order_qty: '2.5' }, '1')).toEqual([['BOLT', '3']]);
    expect(run({ min_order_qty: '4' }, '1')).toEqual([['BOLT', '4']]);
    // Safety stock 1.5 with nothing on hand and no demand past it: 1.5 missing, 2 ordered.
    expect(run({ safety_stock: '1.5' }, '0.5')).toEqual([['BOLT', '2']]);
  });

  it("explodes the parent's rounded quantity to its components, level after level", () => {
    const result = runMrp({
      today: TODAY,
      ...bicycle({ BIKE: { whole_units: true }, WHEEL: { on_hand: '0.5' } }),
      demands: [order('SO1', 'BIKE', '2.5', '2025-03-31')],
    });
    // 2.5 bikes are made as 3: 3 frames and 6 wheels (not 5), 0.5 on hand: 5.5 wheels, 110 spokes.
    expect(quantities(result)).toEqual([
      ['BIKE', '3'],
      ['FRAME', '3'],
      ['WHEEL', '5.5'],
      ['SPOKE', '110'],
    ]);
    const wheels = result.requirements.filter((r) => r.product_id === 'WHEEL');
    expect(wheels.map((r) => r.qty)).toEqual(['6']);
  });

  it('rounds a whole-units component whose need from a rounded parent is fractional', () => {
    const result = runMrp({
      today: TODAY,
      ...bicycle({ BIKE: { whole_units: true }, WHEEL: { whole_units: true, on_hand: '0.5' } }),
      demands: [order('SO1', 'BIKE', '2.5', '2025-03-31')],
    });
    // 6 wheels needed, 0.5 on hand: 5.5 missing, 6 made, and 6 × 20 spokes.
    expect(quantities(result)).toEqual([
      ['BIKE', '3'],
      ['FRAME', '3'],
      ['WHEEL', '6'],
      ['SPOKE', '120'],
    ]);
  });

  it('rounds exactly when the quantities take the large-number path', () => {
    const result = runMrp({
      today: TODAY,
      products: [product('BOLT', 'buy', { whole_units: true, on_hand: '0.0000000001' })],
      lines: [],
      demands: [order('SO1', 'BOLT', '9999999999.5', '2025-03-31')],
    });
    expect(quantities(result)).toEqual([['BOLT', '10000000000']]);
  });
});
