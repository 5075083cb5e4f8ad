import { describe, expect, it } from 'vitest';
import type { CostNode } from './cost.ts';
import { bomTree, createCostRollup } from './cost.ts';
import { MrpError } from './mrp-error.ts';
import type { BomLine, CostProduct } from './types.ts';

const made = (id: string, price = '0'): CostProduct => ({ id, procurement_type: 'make', price });
const bought = (id: string, price: string): CostProduct => ({ id, procurement_type: 'buy', price });
const line = (
  id: string,
  parent_id: string,
  component_id: string,
  qty: string,
  extra: Partial<BomLine> = {},
) => ({
  id,
  parent_id,
  component_id,
  qty,
  ...extra,
});

// A bicycle (its own price is not its cost) of two made wheels, a bought frame whose line carries a
// negotiated cost, four bolts and a made seat with no BOM of its own. A wheel is 20 spokes and a rim;
// its tyre line is inactive.
const products = [
  made('BIKE', '999'),
  made('WHEEL', '50'),
  made('SEAT', '30'),
  bought('FRAME', '80'),
  bought('BOLT', '0.25'),
  bought('SPOKE', '0.35'),
  bought('RIM', '12.5'),
  bought('TYRE', '20'),
];
const lines: BomLine[] = [
  line('1', 'BIKE', 'WHEEL', '2'),
  line('2', 'BIKE', 'FRAME', '1', { cost_per_unit: '75' }),
  line('3', 'BIKE', 'BOLT', '4'),
  line('4', 'BIKE', 'SEAT', '1'),
  line('5', 'WHEEL', 'SPOKE', '20'),
  line('6', 'WHEEL', 'RIM', '1', { cost_per_unit: null }),
  line('7', 'WHEEL', 'TYRE', '1', { status: 'inactive' }),
];

const brief = (node: CostNode): unknown => [
  node.product_id,
  node.qty_per_parent,
  node.total_qty,
  node.unit_cost,
  node.extended_cost,
  ...(node.children.length > 0 ? [node.children.map(brief)] : []),
];

describe('cost roll-up', () => {
  it('rolls a made sub-assembly up and takes a line cost over the price', () => {
    // WHEEL = 20 × 0.35 + 1 × 12.5 = 19.5; BIKE = 2 × 19.5 + 75 + 4 × 0.25 + 30 = 145.
    const tree = bomTree(products, lines, 'BIKE');
    expect(tree.estimated_cost).toBe('145');
    expect(tree.line_id).toBeNull();
    expect(brief(tree)).toEqual([
      'BIKE',
      '1',
      '1',
      '145',
      '145',
      [
        [
          'WHEEL',
          '2',
          '2',
          '19.5',
          '39',
          [
            ['SPOKE', '20', '40', '0.35', '14'],
            ['RIM', '1', '2', '12.5', '25'],
          ],
        ],
        ['FRAME', '1', '1', '75', '75'],
        ['BOLT', '4', '4', '0.25', '1'],
        ['SEAT', '1', '1', '30', '30'],
      ],
    ]);
    expect(tree.children.map((child) => child.line_id)).toEqual(['1', '2', '3', '4']);
  });

  it('changes every ancestor when a deep line changes', () => {
    const dearer = lines.map((l) => (l.id === '5' ? { ...l, cost_per_unit: '0.40' } : l));
    // 20 spokes at 0.40 instead of 0.35: each wheel +1, the bike +2.
    expect(createCostRollup(products, dearer).estimatedCost('WHEEL')).toBe('20.5');
    expect(createCostRollup(products, dearer).estimatedCost('BIKE')).toBe('147');
  });

  it('is exact where floats are not', () => {
    const cents = [made('KIT'), bought('C', '0.1')];
    const kit = bomTree(cents, [line('1', 'KIT', 'C', '3'), line('2', 'KIT', 'C', '0.3')], 'KIT');
    expect(kit.estimated_cost).toBe('0.33');
    expect(3 * 0.1 + 0.3 * 0.1).not.toBe(0.33);
  });

  it('costs a product with no BOM at its price', () => {
    expect(bomTree(products, lines, 'SEAT')).toMatchObject({ estimated_cost: '30', children: [] });
    expect(bomTree(products, lines, 'SPOKE').estimated_cost).toBe('0.35');
  });

  it('does not explode a bought component', () => {
    const withKit = [...lines, line('8', 'FRAME', 'BOLT', '10')];
    const frame = bomTree(products, withKit, 'BIKE').children.find((node) => node.product_id === 'FRAME');
    expect(frame).toMatchObject({ unit_cost: '75', children: [] });
  });

  it('computes a shared sub-assembly once however often it is used', () => {
    // Ten levels, each needing the next twice: 2^10 leaf uses, one roll-up per product.
    const deep = Array.from({ length: 11 }, (_, n) => (n === 10 ? bought('L10', '1') : made(`L${n}`)));
    const twice = Array.from({ length: 10 }, (_, n) => [
      line(`${n}a`, `L${n}`, `L${n + 1}`, '1'),
      line(`${n}b`, `L${n}`, `L${n + 1}`, '1'),
    ]).flat();
    const rollup = createCostRollup(deep, twice);
    expect(rollup.estimatedCost('L0')).toBe('1024');
    expect(rollup.bomTree('L5').estimated_cost).toBe('32');
  });

  it('refuses a cycle, an unknown product and a tree past the guards', () => {
    const looped = [
      ...lines,
      line('9', 'SPOKE', 'BIKE', '1'),
      line('10', 'WHEEL', 'SEAT', '1'),
      line('11', 'SEAT', 'BIKE', '1'),
    ];
    const cycle = (() => {
      try {
        bomTree(products, looped, 'BIKE');
      } catch (err) {
        return err;
      }
    })();
    expect(cycle).toBeInstanceOf(MrpError);
    expect(cycle).toMatchObject({ code: 'bom_cycle', path: ['BIKE', 'WHEEL', 'SEAT', 'BIKE'] });
    expect(() => bomTree(products, [line('1', 'BIKE', 'GHOST', '1')], 'BIKE')).toThrow(
      expect.objectContaining({ code: 'unknown_product' }),
    );
    expect(() => bomTree(products, lines, 'GHOST')).toThrow(
      expect.objectContaining({ code: 'unknown_product' }),
    );
    expect(() => bomTree(products, lines, 'BIKE', { maxNodes: 6 })).toThrow(
      expect.objectContaining({ code: 'bom_too_large' }),
    );
    expect(bomTree(products, lines, 'BIKE', { maxNodes: 7 }).estimated_cost).toBe('145');
    expect(() => bomTree(products, lines, 'BIKE', { maxDepth: 2 })).toThrow(
      expect.objectContaining({ code: 'bom_too_deep' }),
    );
  });
});
