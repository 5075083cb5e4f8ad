import { describe, expect, it } from 'vitest';
import { createCostRollup } from './cost.ts';
import { findCycle } from './cycles.ts';
import { generateCatalogue } from './generate-catalogue.ts';
import { lowLevelCodes } from './llc.ts';
import { runMrp } from './plan.ts';
import { planViolations } from './plan-invariants.ts';

describe('generateCatalogue (the MRP bench data)', () => {
  it('builds the shape asked for, acyclic, the same for the same seed', () => {
    const shape = { products: 600, levels: 6, lines: 2_400, demands: 40 };
    const catalogue = generateCatalogue(7, shape);
    expect(catalogue.products).toHaveLength(600);
    expect(catalogue.lines).toHaveLength(2_400);
    expect(catalogue.demands).toHaveLength(40);
    expect(findCycle(catalogue.lines)).toBeNull();
    const { codes } = lowLevelCodes(
      catalogue.products.map((p) => p.id),
      catalogue.lines,
    );
    expect(Math.max(...codes.values())).toBe(5);
    const made = catalogue.products.filter((p) => p.procurement_type === 'make');
    const parents = new Set(catalogue.lines.map((line) => line.parent_id));
    expect(made.every((p) => parents.has(p.id))).toBe(true);
    expect(generateCatalogue(7, shape)).toEqual(catalogue);
    expect(generateCatalogue(8, shape)).not.toEqual(catalogue);
  });

  it('plans the full 5,000-product, 6-level, 20,000-line case within every invariant', () => {
    const catalogue = generateCatalogue(42, { products: 5_000, levels: 6, lines: 20_000 });
    const result = runMrp(catalogue);
    expect(result.summary.products).toBe(5_000);
    expect(result.summary.demands_planned + result.summary.demands_beyond_horizon).toBe(300);
    expect(result.proposals.length).toBeGreaterThan(1_000);
    expect(planViolations(catalogue, result)).toEqual([]);
    // Every end item's cost rolls up through the six levels.
    const rollup = createCostRollup(catalogue.products, catalogue.lines);
    expect(Number(rollup.estimatedCost('1'))).toBeGreaterThan(0);
  });
});
