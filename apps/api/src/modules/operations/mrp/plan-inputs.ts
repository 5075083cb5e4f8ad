import { dayToIso, leadTimeDays, toDay } from './days.ts';
import type { Decimal } from './decimal.ts';
import { decimal, format, isNegative, isPositive, max, mul, ZERO } from './decimal.ts';
import { lowLevelCodes } from './llc.ts';
import { MrpError } from './mrp-error.ts';
import type { NetArrival, NetNeed } from './netting.ts';
import type { DemandRef, MrpException, PlanInput } from './plan-types.ts';
import { compareIds, isActiveLine } from './types.ts';

/** What one run knows of a product, read once (plan.ts step 1). */
export type Item = {
  id: string;
  make: boolean;
  onHand: Decimal;
  safety: Decimal;
  minOrder: Decimal;
  whole: boolean;
  leadDays: number;
  /** Its active BOM lines when it is made (a bought product explodes nothing). */
  lines: { component: string; qty: Decimal; offsetDays: number }[];
};

export type Need = NetNeed & { seq: number };

/** The run's calendar and its exceptions, shared by reading and planning. */
export type RunContext = {
  today: number;
  horizonEnd: number;
  iso: (day: number) => string;
  exceptions: MrpException[];
};

export function createRunContext(input: PlanInput): RunContext {
  const today = toDay(input.today, 'today');
  const horizonDays = input.horizon_days ?? 90;
  if (!Number.isInteger(horizonDays) || horizonDays < 0) {
    throw new MrpError('invalid_input', `horizon_days: ${horizonDays} is not a whole number of days`);
  }
  const cache = new Map<number, string>();
  const iso = (day: number): string => {
    let text = cache.get(day);
    if (text === undefined) {
      text = dayToIso(day);
      cache.set(day, text);
    }
    return text;
  };
  return { today, horizonEnd: today + horizonDays, iso, exceptions: [] };
}

const notNegative = (value: Decimal): Decimal => max(value, ZERO);

/** Products and exploding lines, with each product's low-level code; a cycle refuses the run. */
export function readCatalogue(input: PlanInput, run: RunContext) {
  const items = new Map<string, Item>();
  for (const product of input.products) {
    items.set(product.id, {
      id: product.id,
      make: product.procurement_type === 'make',
      onHand: decimal(product.on_hand),
      safety: notNegative(decimal(product.safety_stock)),
      minOrder: notNegative(decimal(product.min_order_qty)),
      whole: product.whole_units === true,
      leadDays: leadTimeDays(product.lead_time, product.lead_time_unit, `product ${product.id}`),
      lines: [],
    });
  }
  const edges: { parent_id: string; component_id: string }[] = [];
  for (const line of [...input.lines].sort((a, b) => compareIds(a.id, b.id))) {
    if (!isActiveLine(line)) continue;
    const parent = items.get(line.parent_id);
    if (!parent || !items.has(line.component_id)) {
      const missing = parent ? line.component_id : line.parent_id;
      run.exceptions.push({
        kind: 'unknown_product',
        product_id: missing,
        line_id: line.id,
        message: `BOM line ${line.id} names product ${missing}, which the run does not know: line left out`,
      });
      continue;
    }
    if (!parent.make) continue;
    parent.lines.push({
      component: line.component_id,
      qty: decimal(line.qty),
      offsetDays: leadTimeDays(line.lead_time, line.lead_time_unit, `BOM line ${line.id}`),
    });
    edges.push({ parent_id: line.parent_id, component_id: line.component_id });
  }
  const { codes, cycle } = lowLevelCodes(items.keys(), edges);
  if (cycle) {
    throw new MrpError('bom_cycle', `The bills of materials have a cycle: ${cycle.join(' → ')}`, cycle);
  }
  const order = [...items.values()].sort(
    (a, b) => (codes.get(a.id) ?? 0) - (codes.get(b.id) ?? 0) || compareIds(a.id, b.id),
  );
  return { items, codes, order };
}

/** Every product's dated gross requirements (plan.ts step 2); a date before today counts today. */
export function createRequirementBook(run: RunContext) {
  const needsOf = new Map<string, Need[]>();
  let seq = 0;
  const add = (productId: string, day: number, qty: Decimal, demand: DemandRef) => {
    if (day > run.horizonEnd || !isPositive(qty)) return;
    const need: Need = { day: Math.max(day, run.today), qty, demand, seq: seq++, covered: [] };
    const list = needsOf.get(productId);
    if (list) list.push(need);
    else needsOf.set(productId, [need]);
  };
  return {
    add,
    /** The components `qty` of a made item needs, each due its line's offset before `releaseDay`. */
    explode(item: Item, qty: Decimal, releaseDay: number, demand: DemandRef) {
      for (const line of item.lines)
        add(line.component, releaseDay - line.offsetDays, mul(qty, line.qty), demand);
    },
    /** In date order, then in the order they were booked. */
    needsOf: (productId: string): Need[] =>
      (needsOf.get(productId) ?? []).sort((a, b) => a.day - b.day || a.seq - b.seq),
  };
}
export type RequirementBook = ReturnType<typeof createRequirementBook>;

function known(items: Map<string, Item>, productId: string, what: string, run: RunContext) {
  const item = items.get(productId);
  if (!item) {
    run.exceptions.push({
      kind: 'unknown_product',
      product_id: productId,
      message: `${what} names product ${productId}, which the run does not know: left out`,
    });
  }
  return item;
}

function positive(qty: Decimal, what: string): boolean {
  if (isNegative(qty)) throw new MrpError('invalid_input', `${what}: negative quantity ${format(qty)}`);
  return isPositive(qty);
}

/** Open customer order lines into the book; counts those planned, past due and beyond the horizon. */
export function bookDemands(
  input: PlanInput,
  items: Map<string, Item>,
  book: RequirementBook,
  run: RunContext,
) {
  const counts = { planned: 0, pastDue: 0, beyond: 0 };
  const demands = input.demands
    .map((demand) => ({ demand, day: toDay(demand.due_date, `order line ${demand.line_id}`) }))
    .sort(
      (a, b) =>
        a.day - b.day ||
        compareIds(a.demand.order_id, b.demand.order_id) ||
        compareIds(a.demand.line_id, b.demand.line_id),
    );
  for (const { demand, day } of demands) {
    const what = `Order ${demand.order_id} line ${demand.line_id}`;
    const qty = decimal(demand.qty);
    if (!known(items, demand.product_id, what, run) || !positive(qty, what)) continue;
    const refs = { product_id: demand.product_id, order_id: demand.order_id, line_id: demand.line_id };
    if (day > run.horizonEnd) {
      counts.beyond += 1;
      run.exceptions.push({
        kind: 'beyond_horizon',
        ...refs,
        date: run.iso(day),
        message: `${what} is due ${run.iso(day)}, after the horizon (${run.iso(run.horizonEnd)}): not planned`,
      });
      continue;
    }
    if (day < run.today) {
      counts.pastDue += 1;
      run.exceptions.push({
        kind: 'demand_past_due',
        ...refs,
        date: run.iso(day),
        message: `${what} was due ${run.iso(day)}: planned as needed today`,
      });
    }
    counts.planned += 1;
    book.add(demand.product_id, day, qty, {
      kind: 'customer_order',
      order_id: refs.order_id,
      line_id: refs.line_id,
    });
  }
  return counts;
}

/**
 * Scheduled receipts, per product in date order (a late one arrives today). A released work order
 * also books its components: they are consumed when it completes, so they are still needed.
 */
export function bookReceipts(
  input: PlanInput,
  items: Map<string, Item>,
  book: RequirementBook,
  run: RunContext,
) {
  const arrivalsOf = new Map<string, NetArrival[]>();
  const receipts = (input.receipts ?? [])
    .map((receipt) => ({ receipt, day: toDay(receipt.due_date, `${receipt.source} ${receipt.id}`) }))
    .sort(
      (a, b) =>
        a.day - b.day ||
        a.receipt.source.localeCompare(b.receipt.source) ||
        compareIds(a.receipt.id, b.receipt.id),
    );
  for (const { receipt, day } of receipts) {
    const what = `${receipt.source === 'purchase_order' ? 'Purchase order line' : 'Work order'} ${receipt.id}`;
    const qty = decimal(receipt.qty);
    const item = known(items, receipt.product_id, what, run);
    if (!item || !positive(qty, what)) continue;
    if (receipt.source === 'work_order') {
      book.explode(item, qty, day - item.leadDays, { kind: 'work_order', work_order_id: receipt.id });
    }
    if (day > run.horizonEnd) continue;
    if (day < run.today) {
      run.exceptions.push({
        kind: 'receipt_past_due',
        product_id: receipt.product_id,
        receipt_id: receipt.id,
        date: run.iso(day),
        message: `${what} was due ${run.iso(day)}: counted as arriving today`,
      });
    }
    const arrival: NetArrival = {
      day: Math.max(day, run.today),
      qty,
      supply: { kind: receipt.source, receipt_id: receipt.id },
    };
    const list = arrivalsOf.get(receipt.product_id);
    if (list) list.push(arrival);
    else arrivalsOf.set(receipt.product_id, [arrival]);
  }
  return arrivalsOf;
}
