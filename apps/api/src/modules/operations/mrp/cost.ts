import type { Decimal } from './decimal.ts';
import { add, decimal, format, mul, ONE, ZERO } from './decimal.ts';
import { MrpError } from './mrp-error.ts';
import type { BomLine, CostProduct } from './types.ts';
import { compareIds, isActiveLine } from './types.ts';

/**
 * One node of an exploded BOM. Quantities and money are exact decimal strings ("40", "12.5").
 * `total_qty` is per one root; `extended_cost` = total_qty × unit_cost, so a node's extended cost is
 * the sum of its children's and the root's is the sum over the leaves.
 */
export type CostNode = {
  product_id: string;
  /** The BOM line this node comes from; null for the root. */
  line_id: string | null;
  qty_per_parent: string;
  total_qty: string;
  unit_cost: string;
  extended_cost: string;
  children: CostNode[];
};

export type CostTree = CostNode & { estimated_cost: string };

/** Deepest BOM the roll-up accepts by default (a guard, not a business rule). */
export const BOM_DEPTH_MAX = 50;

export type CostLimits = {
  /** Deepest BOM accepted (a guard, not a business rule). Default 50. */
  maxDepth?: number;
  /** Most nodes one exploded tree may have; a shared sub-assembly counts once per use. Default 100,000. */
  maxNodes?: number;
};

export type CostRollup = {
  /** The roll-up of a product's active BOM: Σ line qty × component unit cost; its price if it has none. */
  estimatedCost(productId: string): string;
  /** The product's BOM through every level, with the roll-up on every node. */
  bomTree(rootId: string): CostTree;
};

type Line = { id: string; component: string; qty: Decimal; costPerUnit: Decimal | null };
type Product = { make: boolean; price: Decimal };

/**
 * The cost roll-up over one catalogue. A bought component costs its line's cost_per_unit, else its
 * price, and is a leaf; a made component costs the roll-up of its own BOM (its price when it has no
 * active line). The root always rolls up its BOM. Each product's roll-up is computed once and kept
 * (a sub-assembly used in many places costs one pass), without recursion; a cycle, an unknown product
 * or a BOM past the limits throws an MrpError. Build a new one after the catalogue changes.
 */
export function createCostRollup(
  products: readonly CostProduct[],
  lines: readonly BomLine[],
  limits: CostLimits = {},
): CostRollup {
  const maxDepth = limits.maxDepth ?? BOM_DEPTH_MAX;
  const maxNodes = limits.maxNodes ?? 100_000;
  const byId = new Map<string, Product>();
  for (const product of products) {
    byId.set(product.id, { make: product.procurement_type === 'make', price: decimal(product.price) });
  }
  const linesOf = new Map<string, Line[]>();
  for (const line of [...lines].filter(isActiveLine).sort((a, b) => compareIds(a.id, b.id))) {
    const entry: Line = {
      id: line.id,
      component: line.component_id,
      qty: decimal(line.qty),
      costPerUnit: line.cost_per_unit == null ? null : decimal(line.cost_per_unit),
    };
    const list = linesOf.get(line.parent_id);
    if (list) list.push(entry);
    else linesOf.set(line.parent_id, [entry]);
  }

  const rolledUp = new Map<string, Decimal>();
  const treeSize = new Map<string, number>();
  const treeDepth = new Map<string, number>();

  const productOf = (id: string): Product => {
    const product = byId.get(id);
    if (!product) throw new MrpError('unknown_product', `Unknown product ${id} in a bill of materials`);
    return product;
  };

  // A made component's unit cost needs its own roll-up first: walk down with an explicit stack.
  const rollUp = (rootId: string): Decimal => {
    const known = rolledUp.get(rootId);
    if (known !== undefined) return known;
    productOf(rootId);
    const stack: { id: string; next: number; sum: Decimal; size: number; depth: number }[] = [
      { id: rootId, next: 0, sum: ZERO, size: 1, depth: 1 },
    ];
    const onPath = new Set([rootId]);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (!frame) break;
      const own = linesOf.get(frame.id) ?? [];
      const line = own[frame.next];
      if (!line) {
        rolledUp.set(frame.id, own.length > 0 ? frame.sum : productOf(frame.id).price);
        treeSize.set(frame.id, frame.size);
        treeDepth.set(frame.id, frame.depth);
        onPath.delete(frame.id);
        stack.pop();
        continue;
      }
      const component = productOf(line.component);
      if (component.make) {
        const cost = rolledUp.get(line.component);
        if (cost === undefined) {
          if (onPath.has(line.component)) {
            const path = [...stack.map((f) => f.id), line.component];
            throw new MrpError(
              'bom_cycle',
              `The bill of materials has a cycle: ${path.join(' → ')}`,
              path.slice(path.indexOf(line.component)),
            );
          }
          if (stack.length >= maxDepth) {
            throw new MrpError(
              'bom_too_deep',
              `The bill of materials of ${rootId} is deeper than ${maxDepth} levels`,
            );
          }
          onPath.add(line.component);
          stack.push({ id: line.component, next: 0, sum: ZERO, size: 1, depth: 1 });
          continue;
        }
        frame.sum = add(frame.sum, mul(line.qty, cost));
        frame.size += treeSize.get(line.component) ?? 1;
        frame.depth = Math.max(frame.depth, 1 + (treeDepth.get(line.component) ?? 1));
      } else {
        frame.sum = add(frame.sum, mul(line.qty, line.costPerUnit ?? component.price));
        frame.size += 1;
        frame.depth = Math.max(frame.depth, 2);
      }
      frame.next += 1;
    }
    return rolledUp.get(rootId) ?? ZERO;
  };

  const unitCostOn = (line: Line): Decimal => {
    const component = productOf(line.component);
    return component.make ? rollUp(line.component) : (line.costPerUnit ?? component.price);
  };

  const explode = (line: Line, parentTotal: Decimal): CostNode => {
    const total = mul(parentTotal, line.qty);
    const unit = unitCostOn(line);
    const expands = productOf(line.component).make;
    return {
      product_id: line.component,
      line_id: line.id,
      qty_per_parent: format(line.qty),
      total_qty: format(total),
      unit_cost: format(unit),
      extended_cost: format(mul(total, unit)),
      children: expands ? (linesOf.get(line.component) ?? []).map((child) => explode(child, total)) : [],
    };
  };

  return {
    estimatedCost: (productId) => format(rollUp(productId)),
    bomTree(rootId) {
      const cost = rollUp(rootId);
      const size = treeSize.get(rootId) ?? 1;
      const depth = treeDepth.get(rootId) ?? 1;
      if (depth > maxDepth) {
        throw new MrpError(
          'bom_too_deep',
          `The bill of materials of ${rootId} is deeper than ${maxDepth} levels`,
        );
      }
      if (size > maxNodes) {
        throw new MrpError(
          'bom_too_large',
          `The bill of materials of ${rootId} explodes to ${size} nodes (at most ${maxNodes})`,
        );
      }
      const estimated = format(cost);
      return {
        product_id: rootId,
        line_id: null,
        qty_per_parent: '1',
        total_qty: '1',
        unit_cost: estimated,
        extended_cost: estimated,
        estimated_cost: estimated,
        children: (linesOf.get(rootId) ?? []).map((line) => explode(line, ONE)),
      };
    },
  };
}

/** One tree, for a caller that reads one product: `createCostRollup(...).bomTree(rootId)`. */
export const bomTree = (
  products: readonly CostProduct[],
  lines: readonly BomLine[],
  rootId: string,
  limits?: CostLimits,
): CostTree => createCostRollup(products, lines, limits).bomTree(rootId);
