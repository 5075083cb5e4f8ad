import { describe, expect, it } from 'vitest';
import { bicycle, bomLine, order, product, TODAY } from './bicycle.fixture.ts';
import { runMrp } from './plan.ts';
import type { PlanResult } from './plan-types.ts';

const byProduct = (result: PlanResult, productId: string) =>
  result.proposals.filter((proposal) => proposal.product_id === productId);

describe('MRP run: explosion and pegging', () => {
  it('explodes one bicycle through every level and answers "why do we buy 40 spokes?"', () => {
    const result = runMrp({ today: TODAY, ...bicycle(), demands: [order('SO1', 'BIKE', '1', '2025-03-31')] });
    // Planned by low-level code: BIKE (0), FRAME and WHEEL (1), SPOKE (2).
    expect(result.proposals).toEqual([
      {
        id: 'P1',
        product_id: 'BIKE',
        kind: 'work',
        quantity: '1',
        need_date: '2025-03-31',
        release_date: '2025-03-29',
        past_due: false,
        pegging: [{ kind: 'customer_order', order_id: 'SO1', line_id: '1', qty: '1' }],
      },
      {
        id: 'P2',
        product_id: 'FRAME',
        kind: 'purchase',
        quantity: '1',
        need_date: '2025-03-29',
        release_date: '2025-03-19',
        past_due: false,
        pegging: [{ kind: 'proposal', proposal_id: 'P1', qty: '1' }],
      },
      {
        id: 'P3',
        product_id: 'WHEEL',
        kind: 'work',
        quantity: '2',
        need_date: '2025-03-29',
        release_date: '2025-03-22',
        past_due: false,
        pegging: [{ kind: 'proposal', proposal_id: 'P1', qty: '2' }],
      },
      {
        id: 'P4',
        product_id: 'SPOKE',
        kind: 'purchase',
        quantity: '40',
        need_date: '2025-03-21',
        release_date: '2025-03-18',
        past_due: false,
        pegging: [{ kind: 'proposal', proposal_id: 'P3', qty: '40' }],
      },
    ]);
    expect(result.exceptions).toEqual([]);
    expect(result.summary).toMatchObject({ proposals: 4, demands_planned: 1, past_due_proposals: 0 });
  });

  it('nets stock on hand at every level and pegs what covers each requirement', () => {
    const result = runMrp({
      today: TODAY,
      ...bicycle({ WHEEL: { on_hand: '1' }, SPOKE: { on_hand: '5' } }),
      demands: [order('SO1', 'BIKE', '2', '2025-03-31')],
    });
    // 2 bikes need 4 wheels, 1 on hand: make 3; 3 wheels need 60 spokes, 5 on hand: buy 55.
    expect(result.proposals.map((p) => [p.id, p.product_id, p.quantity])).toEqual([
      ['P1', 'BIKE', '2'],
      ['P2', 'FRAME', '2'],
      ['P3', 'WHEEL', '3'],
      ['P4', 'SPOKE', '55'],
    ]);
    expect(byProduct(result, 'SPOKE')[0]?.pegging).toEqual([
      { kind: 'proposal', proposal_id: 'P3', qty: '55' },
    ]);
    expect(result.requirements.filter((r) => r.product_id === 'WHEEL')).toEqual([
      {
        product_id: 'WHEEL',
        date: '2025-03-29',
        qty: '4',
        demand: { kind: 'proposal', proposal_id: 'P1' },
        covered_by: [
          { kind: 'on_hand', qty: '1' },
          { kind: 'proposal', proposal_id: 'P3', qty: '3' },
        ],
      },
    ]);
  });

  it('nets a component used at two levels once, against the same stock once', () => {
    // 4 bolts per bike and 2 per wheel: the wheels' 4 bolts are needed on 03-22 (wheel release),
    // the bike's 4 on 03-29 (bike release); 5 on hand cover the first and 1 of the second.
    const { products, lines } = bicycle();
    const result = runMrp({
      today: TODAY,
      products: [...products, product('BOLT', 'buy', { on_hand: '5' })],
      lines: [...lines, bomLine('4', 'BIKE', 'BOLT', '4'), bomLine('5', 'WHEEL', 'BOLT', '2')],
      demands: [order('SO1', 'BIKE', '1', '2025-03-31')],
    });
    const bolts = byProduct(result, 'BOLT');
    expect(bolts).toHaveLength(1);
    expect(bolts[0]).toMatchObject({
      quantity: '3',
      need_date: '2025-03-29',
      pegging: [{ proposal_id: 'P1', qty: '3' }],
    });
    expect(
      result.requirements.filter((r) => r.product_id === 'BOLT').map((r) => [r.date, r.qty, r.covered_by]),
    ).toEqual([
      ['2025-03-22', '4', [{ kind: 'on_hand', qty: '4' }]],
      [
        '2025-03-29',
        '4',
        [
          { kind: 'on_hand', qty: '1' },
          { kind: 'proposal', proposal_id: bolts[0]?.id, qty: '3' },
        ],
      ],
    ]);
    // BOLT has low-level code 2: planned after the wheel whose requirement it nets.
    expect(result.proposals.map((p) => p.product_id)).toEqual(['BIKE', 'FRAME', 'WHEEL', 'BOLT', 'SPOKE']);
  });

  it('counts an open purchase order that covers part of a need', () => {
    const result = runMrp({
      today: TODAY,
      ...bicycle(),
      demands: [order('SO1', 'BIKE', '1', '2025-03-31')],
      receipts: [
        { source: 'purchase_order', id: 'POL-7', product_id: 'SPOKE', qty: '30', due_date: '2025-03-10' },
      ],
    });
    const [spokes] = byProduct(result, 'SPOKE');
    expect(spokes).toMatchObject({
      quantity: '10',
      need_date: '2025-03-21',
      pegging: [{ proposal_id: 'P3', qty: '10' }],
    });
    expect(result.requirements.find((r) => r.product_id === 'SPOKE')?.covered_by).toEqual([
      { kind: 'purchase_order', receipt_id: 'POL-7', qty: '30' },
      { kind: 'proposal', proposal_id: spokes?.id, qty: '10' },
    ]);
  });

  it('takes a released work order as a receipt that still needs its components', () => {
    const result = runMrp({
      today: TODAY,
      ...bicycle(),
      demands: [order('SO1', 'BIKE', '1', '2025-03-31')],
      receipts: [{ source: 'work_order', id: 'WO-1', product_id: 'WHEEL', qty: '1', due_date: '2025-03-25' }],
    });
    expect(byProduct(result, 'WHEEL').map((p) => p.quantity)).toEqual(['1']);
    // WO-1 starts 03-18, its spokes a day before; the planned wheel starts 03-22, its spokes 03-21.
    expect(byProduct(result, 'SPOKE').map((p) => [p.quantity, p.need_date, p.pegging])).toEqual([
      ['20', '2025-03-17', [{ kind: 'work_order', work_order_id: 'WO-1', qty: '20' }]],
      ['20', '2025-03-21', [{ kind: 'proposal', proposal_id: 'P3', qty: '20' }]],
    ]);
  });

  it('plans one proposal for two orders needing the same product on the same day', () => {
    const result = runMrp({
      today: TODAY,
      ...bicycle(),
      demands: [order('SO2', 'BIKE', '2', '2025-03-31'), order('SO1', 'BIKE', '1', '2025-03-31')],
    });
    expect(byProduct(result, 'BIKE')).toHaveLength(1);
    expect(byProduct(result, 'BIKE')[0]).toMatchObject({
      quantity: '3',
      pegging: [
        { kind: 'customer_order', order_id: 'SO1', qty: '1' },
        { kind: 'customer_order', order_id: 'SO2', qty: '2' },
      ],
    });
    expect(result.proposals.map((p) => p.quantity)).toEqual(['3', '3', '6', '120']);
  });

  it('sizes lots lot-for-lot or to the minimum order quantity, pegging the excess to later needs', () => {
    const demands = [order('SO1', 'BIKE', '1', '2025-03-31'), order('SO2', 'BIKE', '1', '2025-04-14')];
    const lotForLot = runMrp({ today: TODAY, ...bicycle(), demands });
    expect(byProduct(lotForLot, 'SPOKE').map((p) => [p.quantity, p.need_date])).toEqual([
      ['40', '2025-03-21'],
      ['40', '2025-04-04'],
    ]);

    const boxed = runMrp(
      { today: TODAY, ...bicycle({ SPOKE: { min_order_qty: '100' } }), demands },
      { projection: true },
    );
    const spokes = byProduct(boxed, 'SPOKE');
    expect(spokes.map((p) => [p.quantity, p.need_date])).toEqual([['100', '2025-03-21']]);
    const wheels = byProduct(boxed, 'WHEEL').map((p) => p.id);
    expect(spokes[0]?.pegging).toEqual([
      { kind: 'proposal', proposal_id: wheels[0], qty: '40' },
      { kind: 'proposal', proposal_id: wheels[1], qty: '40' },
    ]);
    expect(
      boxed.projection?.find((p) => p.product_id === 'SPOKE')?.points.map((p) => [p.date, p.on_hand]),
    ).toEqual([
      ['2025-03-03', '0'],
      ['2025-03-21', '60'],
      ['2025-04-04', '20'],
    ]);

    // A minimum below the need changes nothing.
    const small = runMrp({ today: TODAY, ...bicycle({ SPOKE: { min_order_qty: '30' } }), demands });
    expect(byProduct(small, 'SPOKE').map((p) => p.quantity)).toEqual(['40', '40']);
  });

  it('keeps fractional quantities exact', () => {
    // 3 loaves of 0.5 kg flour, 0.25 kg on hand: buy 1.25 kg.
    const result = runMrp({
      today: TODAY,
      products: [product('BREAD', 'make'), product('FLOUR', 'buy', { on_hand: '0.25' })],
      lines: [bomLine('1', 'BREAD', 'FLOUR', '0.5')],
      demands: [order('SO1', 'BREAD', '3', '2025-03-10')],
    });
    expect(result.proposals.map((p) => [p.product_id, p.quantity])).toEqual([
      ['BREAD', '3'],
      ['FLOUR', '1.25'],
    ]);
  });

  it('stays exact past the range of JS numbers', () => {
    // 2^53 is about 9.007e15: these sums are netted with BigInts, not rounded.
    const result = runMrp({
      today: TODAY,
      products: [product('ORE', 'buy', { on_hand: '0.5', safety_stock: '1' })],
      lines: [],
      demands: [
        order('SO1', 'ORE', '123456789012345678.25', '2025-03-10'),
        order('SO2', 'ORE', '9007199254740993', '2025-03-11'),
      ],
    });
    expect(result.proposals.map((p) => p.quantity)).toEqual([
      '0.5',
      '123456789012345678.25',
      '9007199254740993',
    ]);
  });

  it('explodes only active lines of made products', () => {
    const result = runMrp({
      today: TODAY,
      products: [
        product('KIT', 'make'),
        product('PART', 'buy'),
        product('BOXED', 'buy'),
        product('OLD', 'buy'),
      ],
      lines: [
        bomLine('1', 'KIT', 'PART', '2'),
        bomLine('2', 'KIT', 'OLD', '1', { status: 'inactive' }),
        bomLine('3', 'BOXED', 'PART', '5'),
      ],
      demands: [order('SO1', 'KIT', '1', '2025-03-10'), order('SO2', 'BOXED', '1', '2025-03-10')],
    });
    expect(result.proposals.map((p) => [p.product_id, p.quantity])).toEqual([
      ['BOXED', '1'],
      ['KIT', '1'],
      ['PART', '2'],
    ]);
  });
});
