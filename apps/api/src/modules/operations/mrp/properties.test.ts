import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CostNode } from './cost.ts';
import { createCostRollup } from './cost.ts';
import type { Decimal } from './decimal.ts';
import { add, compare, decimal, format, mul, ZERO } from './decimal.ts';
import { runMrp } from './plan.ts';
import { planViolations } from './plan-invariants.ts';
import type { PlanInput } from './plan-types.ts';
import type { BomLine, MrpProduct } from './types.ts';

/**
 * Random acyclic catalogues: products 0..n-1, every line from a lower to a higher index (so no
 * cycle), with decimal quantities and prices, line costs, offsets, inactive lines; random customer
 * lines (some past due, some past the horizon) and receipts (some late).
 */
const quantity = fc.integer({ min: 1, max: 40 }).map((quarters) => String(quarters / 4));
const money = fc.integer({ min: 0, max: 50_000 }).map((cents) => (cents / 100).toFixed(2));

const catalogue = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    /** Ids are shuffled, so that id order says nothing of BOM levels. */
    ids: fc.shuffledSubarray(
      Array.from({ length: n }, (_, index) => String(index + 1)),
      { minLength: n, maxLength: n },
    ),
    products: fc.array(
      fc.record({
        make: fc.boolean(),
        price: money,
        on_hand: fc.oneof(fc.constant('0'), quantity, fc.constant('-1.5')),
        safety_stock: fc.oneof(fc.constant('0'), quantity),
        min_order_qty: fc.oneof(fc.constant('0'), quantity, fc.constant('25')),
        lead_time: fc.integer({ min: 0, max: 10 }),
        weeks: fc.boolean(),
      }),
      { minLength: n, maxLength: n },
    ),
    lines: fc.array(
      fc.record({
        a: fc.nat(n - 1),
        b: fc.nat(n - 1),
        qty: quantity,
        cost: fc.option(money),
        offset: fc.integer({ min: 0, max: 3 }),
        active: fc.boolean(),
      }),
      { maxLength: 3 * n },
    ),
    demands: fc.array(
      fc.record({ product: fc.nat(n - 1), qty: quantity, due: fc.integer({ min: -10, max: 100 }) }),
      { maxLength: 8 },
    ),
    receipts: fc.array(
      fc.record({
        product: fc.nat(n - 1),
        qty: quantity,
        due: fc.integer({ min: -5, max: 95 }),
        work: fc.boolean(),
      }),
      { maxLength: 4 },
    ),
  }),
);
type Generated = typeof catalogue extends fc.Arbitrary<infer T> ? T : never;

const TODAY = 20_000; // 2024-10-04, as a day number

function build(
  generated: Generated,
): Omit<PlanInput, 'products' | 'lines'> & { products: MrpProduct[]; lines: BomLine[] } {
  const id = (index: number) => generated.ids[index] ?? String(index + 1);
  const products: MrpProduct[] = generated.products.map((p, index) => ({
    id: id(index),
    procurement_type: p.make ? 'make' : 'buy',
    price: p.price,
    on_hand: p.on_hand,
    safety_stock: p.safety_stock,
    min_order_qty: p.min_order_qty,
    lead_time: p.lead_time,
    lead_time_unit: p.weeks ? 'weeks' : 'days',
  }));
  const lines: BomLine[] = generated.lines
    .filter((line) => line.a !== line.b)
    .map((line, index) => ({
      id: String(index + 1),
      parent_id: id(Math.min(line.a, line.b)),
      component_id: id(Math.max(line.a, line.b)),
      qty: line.qty,
      lead_time: line.offset,
      lead_time_unit: 'days',
      cost_per_unit: line.cost,
      status: line.active ? 'active' : 'inactive',
    }));
  return {
    today: TODAY,
    products,
    lines,
    demands: generated.demands.map((d, index) => ({
      order_id: `SO${index + 1}`,
      line_id: '1',
      product_id: id(d.product),
      qty: d.qty,
      due_date: TODAY + d.due,
    })),
    receipts: generated.receipts.map((r, index) => ({
      source: r.work ? 'work_order' : 'purchase_order',
      id: String(index + 1),
      product_id: id(r.product),
      qty: r.qty,
      due_date: TODAY + r.due,
    })),
  };
}

const leaves = (node: CostNode): CostNode[] =>
  node.children.length === 0 ? [node] : node.children.flatMap(leaves);
const sum = (values: Decimal[]) => values.reduce(add, ZERO);

describe('MRP engine properties over random acyclic BOMs', () => {
  it('(a) the rolled-up cost equals the sum over the exploded tree, at every node', () => {
    fc.assert(
      fc.property(catalogue, (generated) => {
        const { products, lines } = build(generated);
        const rollup = createCostRollup(products, lines);
        // The rule, read naively from the rows: a reference the memoised walk must agree with.
        const naive = (productId: string): Decimal => {
          const own = lines.filter((line) => line.parent_id === productId && line.status === 'active');
          const price = decimal(products.find((p) => p.id === productId)?.price ?? '0');
          if (own.length === 0) return price;
          return sum(
            own.map((line) => {
              const component = products.find((p) => p.id === line.component_id);
              const unit =
                component?.procurement_type === 'make'
                  ? naive(line.component_id)
                  : decimal(line.cost_per_unit ?? component?.price ?? '0');
              return mul(decimal(line.qty), unit);
            }),
          );
        };
        for (const product of products) {
          const tree = rollup.bomTree(product.id);
          expect(tree.estimated_cost).toBe(format(naive(product.id)));
          const overLeaves = sum(
            leaves(tree).map((leaf) => mul(decimal(leaf.total_qty), decimal(leaf.unit_cost))),
          );
          expect(format(overLeaves)).toBe(tree.estimated_cost);
          const check = (node: CostNode) => {
            if (node.children.length === 0) return;
            expect(format(sum(node.children.map((child) => decimal(child.extended_cost))))).toBe(
              node.extended_cost,
            );
            node.children.forEach(check);
          };
          check(tree);
        }
      }),
    );
  });

  it('(b) no run leaves projected stock below safety stock on any day of the horizon', () => {
    fc.assert(
      fc.property(catalogue, fc.integer({ min: 0, max: 120 }), (generated, horizon) => {
        const input = { ...build(generated), horizon_days: horizon };
        const result = runMrp(input, { projection: true });
        const problems = planViolations(input, result).filter((problem) => /below|re-derived/.test(problem));
        expect(problems).toEqual([]);
        for (const series of result.projection ?? []) {
          const safety = decimal(input.products.find((p) => p.id === series.product_id)?.safety_stock ?? '0');
          for (const point of series.points)
            expect(compare(decimal(point.on_hand), safety)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('(c) each proposal pegs at most its quantity and every demand is fully pegged', () => {
    fc.assert(
      fc.property(catalogue, (generated) => {
        const input = build(generated);
        const result = runMrp(input);
        expect(planViolations(input, result)).toEqual([]);
        for (const proposal of result.proposals) {
          const pegged = sum(proposal.pegging.map((peg) => decimal(peg.qty)));
          expect(compare(pegged, decimal(proposal.quantity))).toBeLessThanOrEqual(0);
        }
        for (const requirement of result.requirements) {
          expect(format(sum(requirement.covered_by.map((part) => decimal(part.qty))))).toBe(requirement.qty);
        }
      }),
    );
  });
});
