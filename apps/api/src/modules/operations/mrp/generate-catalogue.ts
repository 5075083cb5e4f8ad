import type { CustomerDemand, ScheduledReceipt } from './plan-types.ts';
import type { BomLine, MrpProduct } from './types.ts';

export type CatalogueShape = {
  products: number;
  /** BOM levels: level 0 holds the end items, the last level bought parts. */
  levels: number;
  lines: number;
  /** Open customer order lines, on end items. Default 300. */
  demands?: number;
  /** Open purchase order lines (bought products) and released work orders (made). Default 200 and 50. */
  purchaseLines?: number;
  workOrders?: number;
};

export type Catalogue = {
  today: string;
  products: MrpProduct[];
  lines: BomLine[];
  demands: CustomerDemand[];
  receipts: ScheduledReceipt[];
};

/** A small fast seeded generator (mulberry32): the same seed gives the same catalogue everywhere. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const QTYS = ['1', '1', '2', '2', '3', '4', '0.5', '0.25', '10'];
const TODAY_DAY = 20_094; // 2025-0106

/**
 * An acyclic catalogue of the given shape for the MRP bench and tests: products in contiguous blocks
 * per level, every made product with at least one line to the next level (so the BOM really is
 * `levels` deep), the other lines from a made product to any deeper level (so components sit at
 * several levels); some bought parts in the middle levels, decimal quantities, offsets, line costs,
 * inactive lines; demands due from 5 days ago to past a 90-day horizon; receipts, some late.
 */
export function generateCatalogue(seed: number, shape: CatalogueShape): Catalogue {
  const next = random(seed);
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const money = () => `${int(1, 99)}.${String(int(0, 99)).padStart(2, '0')}`;
  const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

  const levelOf = (index: number) =>
    Math.min(shape.levels - 1, Math.floor((index * shape.levels) / shape.products));
  const byLevel: number[][] = Array.from({ length: shape.levels }, () => []);
  const products: MrpProduct[] = [];
  for (let index = 0; index < shape.products; index++) {
    const level = levelOf(index);
    const make = level < shape.levels - 1 && (level === 0 || next() >= 0.1);
    byLevel[level]?.push(index);
    products.push({
      id: String(index + 1),
      procurement_type: make ? 'make' : 'buy',
      price: money(),
      on_hand: next() < 0.5 ? '0' : next() < 0.9 ? String(int(1, 50)) : `${int(1, 50)}.5`,
      safety_stock: next() < 0.7 ? '0' : String(int(5, 20)),
      min_order_qty: next() < 0.6 ? '0' : String(int(1, 20) * 10),
      lead_time: int(1, next() < 0.7 ? 10 : 3),
      lead_time_unit: next() < 0.7 ? 'days' : 'weeks',
    });
  }

  const lines: BomLine[] = [];
  const pairs = new Set<string>();
  const addLine = (parent: number, component: number) => {
    const key = `${parent}>${component}`;
    if (pairs.has(key)) return;
    pairs.add(key);
    lines.push({
      id: String(lines.length + 1),
      parent_id: String(parent + 1),
      component_id: String(component + 1),
      qty: pick(QTYS),
      lead_time: next() < 0.8 ? 0 : int(1, 2),
      lead_time_unit: 'days',
      cost_per_unit: next() < 0.3 ? money() : null,
      status: next() < 0.05 ? 'inactive' : 'active',
    });
  };
  const made = products.flatMap((product, index) => (product.procurement_type === 'make' ? [index] : []));
  for (const parent of made) {
    if (lines.length >= shape.lines) break;
    addLine(parent, pick(byLevel[levelOf(parent) + 1] ?? []));
  }
  for (let tries = 0; lines.length < shape.lines && tries < shape.lines * 10; tries++) {
    const parent = pick(made);
    const level = levelOf(parent);
    const target = next() < 0.7 ? level + 1 : int(level + 1, shape.levels - 1);
    addLine(parent, pick(byLevel[target] ?? []));
  }

  const endItems = byLevel[0] ?? [];
  const demands: CustomerDemand[] = Array.from({ length: shape.demands ?? 300 }, (_, index) => ({
    order_id: `SO${Math.floor(index / 3) + 1}`,
    line_id: String(index + 1),
    product_id: String(pick(endItems) + 1),
    qty: String(int(1, 10)),
    due_date: iso(TODAY_DAY + int(-5, 100)),
  }));
  const bought = products.filter((product) => product.procurement_type === 'buy');
  const madeProducts = made.map((index) => products[index]).filter((product) => product !== undefined);
  const receipts: ScheduledReceipt[] = [
    ...Array.from({ length: shape.purchaseLines ?? 200 }, (_, index) => ({
      source: 'purchase_order' as const,
      id: String(index + 1),
      product_id: pick(bought).id,
      qty: String(int(1, 10) * 10),
      due_date: iso(TODAY_DAY + int(-2, 60)),
    })),
    ...Array.from({ length: shape.workOrders ?? 50 }, (_, index) => ({
      source: 'work_order' as const,
      id: String(index + 1),
      product_id: pick(madeProducts).id,
      qty: String(int(1, 5)),
      due_date: iso(TODAY_DAY + int(0, 30)),
    })),
  ];
  return { today: iso(TODAY_DAY), products, lines, demands, receipts };
}
