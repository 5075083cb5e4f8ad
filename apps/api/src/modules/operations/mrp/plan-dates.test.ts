import { describe, expect, it } from 'vitest';
import { bicycle, bomLine, order, product, TODAY } from './bicycle.fixture.ts';
import { MrpError } from './mrp-error.ts';
import { runMrp } from './plan.ts';

describe('MRP run: dates, horizon, safety stock and exceptions', () => {
  it('schedules backwards in days and in weeks', () => {
    const result = runMrp({
      today: TODAY,
      products: [
        product('A', 'make', { lead_time: 2, lead_time_unit: 'weeks' }),
        product('B', 'buy', { lead_time: 5 }),
      ],
      lines: [bomLine('1', 'A', 'B', '1', { lead_time: 1, lead_time_unit: 'weeks' })],
      demands: [order('SO1', 'A', '1', '2025-04-30')],
    });
    // A: 04-30 − 14 days = 04-16; B is due a week before A starts: 04-09, released 5 days earlier.
    expect(result.proposals.map((p) => [p.product_id, p.need_date, p.release_date])).toEqual([
      ['A', '2025-04-30', '2025-04-16'],
      ['B', '2025-04-09', '2025-04-04'],
    ]);
    // A part of a day counts as a whole one: 1.5 weeks = 10.5 days, so 11.
    const halfWeeks = runMrp({
      today: TODAY,
      products: [product('C', 'buy', { lead_time: 1.5, lead_time_unit: 'weeks' })],
      lines: [],
      demands: [order('SO1', 'C', '1', '2025-04-30')],
    });
    expect(halfWeeks.proposals[0]?.release_date).toBe('2025-04-19');
  });

  it('flags a release before today as past due without moving it', () => {
    // Due in two days: the bike starts today, the wheels should have started a week ago.
    const result = runMrp({ today: TODAY, ...bicycle(), demands: [order('SO1', 'BIKE', '1', '2025-03-05')] });
    expect(result.proposals.map((p) => [p.product_id, p.need_date, p.release_date, p.past_due])).toEqual([
      ['BIKE', '2025-03-05', '2025-03-03', false],
      ['FRAME', '2025-03-03', '2025-02-21', true],
      ['WHEEL', '2025-03-03', '2025-02-24', true],
      // Needed 02-23, before today: needed today.
      ['SPOKE', '2025-03-03', '2025-02-28', true],
    ]);
    expect(result.exceptions.map((e) => [e.kind, e.product_id, e.proposal_id, e.date])).toEqual([
      ['past_due', 'FRAME', 'P2', '2025-02-21'],
      ['past_due', 'WHEEL', 'P3', '2025-02-24'],
      ['past_due', 'SPOKE', 'P4', '2025-02-28'],
    ]);
    expect(result.exceptions[1]?.message).toBe(
      'Work proposal P3 for 2 of product WHEEL should have been released on 2025-02-24 to be ready on 2025-03-03',
    );
    expect(result.summary.past_due_proposals).toBe(3);
  });

  it('needs a past-due order today and flags it', () => {
    const result = runMrp({ today: TODAY, ...bicycle(), demands: [order('SO1', 'BIKE', '1', '2025-02-20')] });
    expect(result.proposals[0]).toMatchObject({
      need_date: TODAY,
      release_date: '2025-03-01',
      past_due: true,
    });
    expect(result.exceptions[0]).toMatchObject({
      kind: 'demand_past_due',
      order_id: 'SO1',
      line_id: '1',
      date: '2025-02-20',
    });
    expect(result.summary.demands_past_due).toBe(1);
  });

  it('plans up to the horizon and says what lies beyond it', () => {
    const result = runMrp({
      today: TODAY,
      horizon_days: 30,
      products: [product('A', 'buy')],
      lines: [],
      demands: [order('SO1', 'A', '1', '2025-04-02'), order('SO2', 'A', '1', '2025-04-03')],
    });
    expect(result.horizon_end).toBe('2025-04-02');
    expect(result.proposals.map((p) => p.need_date)).toEqual(['2025-04-02']);
    expect(result.exceptions).toEqual([
      expect.objectContaining({
        kind: 'beyond_horizon',
        order_id: 'SO2',
        product_id: 'A',
        date: '2025-04-03',
      }),
    ]);
    expect(result.summary).toMatchObject({ demands_planned: 1, demands_beyond_horizon: 1 });
    expect(runMrp({ today: TODAY, products: [], lines: [], demands: [] }).horizon_end).toBe('2025-06-01');
  });

  it('keeps projected stock at or above safety stock, replenishing from today when it starts below', () => {
    const result = runMrp(
      {
        today: TODAY,
        products: [
          product('BOLT', 'buy', { on_hand: '12', safety_stock: '10' }),
          product('NUT', 'buy', { on_hand: '4', safety_stock: '10' }),
        ],
        lines: [],
        demands: [order('SO1', 'BOLT', '5', '2025-03-10')],
      },
      { projection: true },
    );
    // 12 − 5 = 7 would be 3 under the safety stock; the 5 are taken from stock (FIFO), so the
    // proposal covers no order: it restores the safety stock.
    expect(result.proposals.map((p) => [p.product_id, p.quantity, p.need_date, p.pegging])).toEqual([
      ['BOLT', '3', '2025-03-10', []],
      ['NUT', '6', TODAY, []],
    ]);
    expect(result.requirements[0]?.covered_by).toEqual([{ kind: 'on_hand', qty: '5' }]);
    expect(result.projection).toEqual([
      {
        product_id: 'BOLT',
        low_level_code: 0,
        points: [
          { date: TODAY, gross: '0', receipts: '0', planned: '0', on_hand: '12' },
          { date: '2025-03-10', gross: '5', receipts: '0', planned: '3', on_hand: '10' },
        ],
      },
      {
        product_id: 'NUT',
        low_level_code: 0,
        points: [{ date: TODAY, gross: '0', receipts: '0', planned: '6', on_hand: '10' }],
      },
    ]);
    expect(result.exceptions.map((e) => [e.kind, e.product_id])).toEqual([['below_safety', 'NUT']]);
  });

  it('makes negative stock good first, and counts a late receipt today', () => {
    const result = runMrp({
      today: TODAY,
      products: [product('A', 'buy', { on_hand: '-2' })],
      lines: [],
      demands: [order('SO1', 'A', '3', '2025-03-10')],
      receipts: [
        { source: 'purchase_order', id: 'POL-1', product_id: 'A', qty: '1', due_date: '2025-02-27' },
      ],
    });
    // -2 + 1 (late, counted today) = -1: 1 planned today; then 3 more on 03-10.
    expect(result.proposals.map((p) => [p.quantity, p.need_date, p.pegging])).toEqual([
      ['1', TODAY, []],
      ['3', '2025-03-10', [{ kind: 'customer_order', order_id: 'SO1', line_id: '1', qty: '3' }]],
    ]);
    expect(result.exceptions.map((e) => e.kind)).toEqual(['receipt_past_due', 'negative_stock']);
  });

  it('writes the quantities in its messages in groups of three, the proposals plain', () => {
    const result = runMrp({
      today: TODAY,
      products: [
        product('A', 'buy', { on_hand: '-12500.5' }),
        product('B', 'buy', { on_hand: '1000', safety_stock: '2500000', lead_time: 30 }),
      ],
      lines: [],
      demands: [order('SO1', 'B', '1500', '2025-03-10')],
      receipts: [],
    });
    expect(result.exceptions.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Product A has -12,500.5 on hand: the first supply makes it good',
        'Product B has 1,000 on hand, below its safety stock of 2,500,000: replenished today',
        expect.stringMatching(/^Purchase proposal P\d+ for 1,500 of product B should have been released on /),
      ]),
    );
    expect(result.proposals.map((p) => p.quantity)).toContain('1500');
  });

  it('reports unknown products and made products without a BOM, and refuses a cycle naming it', () => {
    const result = runMrp({
      today: TODAY,
      products: [product('A', 'make')],
      lines: [bomLine('9', 'A', 'GHOST', '1')],
      demands: [order('SO1', 'A', '1', '2025-03-10'), order('SO2', 'NOPE', '1', '2025-03-10')],
    });
    expect(result.exceptions.map((e) => [e.kind, e.product_id])).toEqual([
      ['unknown_product', 'GHOST'],
      ['unknown_product', 'NOPE'],
      ['no_bom', 'A'],
    ]);

    const cyclic = () =>
      runMrp({
        today: TODAY,
        ...bicycle(),
        lines: [...bicycle().lines, bomLine('4', 'SPOKE', 'BIKE', '1')],
        demands: [],
      });
    // SPOKE is bought, so its line does not explode and closes no cycle; made, it does.
    const made = () =>
      runMrp({
        today: TODAY,
        ...bicycle({ SPOKE: { procurement_type: 'make' } }),
        lines: [...bicycle().lines, bomLine('4', 'SPOKE', 'BIKE', '1')],
        demands: [],
      });
    expect(cyclic).not.toThrow(MrpError);
    expect(made).toThrow(
      expect.objectContaining({ code: 'bom_cycle', path: ['BIKE', 'WHEEL', 'SPOKE', 'BIKE'] }),
    );
  });

  it('is deterministic, takes day numbers, and names proposals with the given factory', () => {
    const input = {
      today: TODAY,
      ...bicycle(),
      demands: [order('SO2', 'BIKE', '1', '2025-04-14'), order('SO1', 'BIKE', '1', '2025-03-31')],
    };
    const first = runMrp(input, { proposalId: (n) => `RUN7-${n}` });
    expect(first.proposals.map((p) => p.id)).toEqual(Array.from({ length: 8 }, (_, n) => `RUN7-${n + 1}`));
    expect(
      runMrp({ ...input, demands: [...input.demands].reverse() }, { proposalId: (n) => `RUN7-${n}` }),
    ).toEqual(first);
    const byDay = runMrp(
      { ...input, today: Date.UTC(2025, 2, 3) / 86_400_000 },
      { proposalId: (n) => `RUN7-${n}` },
    );
    expect(byDay).toEqual(first);
    expect(() => runMrp({ ...input, today: '2025-02-30' })).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
  });
});
