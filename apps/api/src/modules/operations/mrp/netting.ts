import type { Decimal } from './decimal.ts';
import { format, isNegative, normalize } from './decimal.ts';
import type { DemandRef, Pegging, ProjectionPoint, Proposal, Requirement, SupplyRef } from './plan-types.ts';

/** One dated gross requirement of the product being netted; `covered` is filled FIFO. */
export type NetNeed = { day: number; qty: Decimal; demand: DemandRef; covered: Requirement['covered_by'] };
export type NetArrival = { day: number; qty: Decimal; supply: SupplyRef };
/** `whole`: a proposal is rounded up to a whole number, after the min order qty. */
export type NetPolicy = { onHand: Decimal; safety: Decimal; minOrder: Decimal; whole: boolean };
export type NetContext = {
  today: number;
  iso: (day: number) => string;
  /** Makes the proposal for `qty` needed on `day`; netting fills its pegging. */
  plan: (day: number, qty: Decimal) => Proposal;
  points: boolean;
};

/**
 * Exact arithmetic on one product's quantities, all brought to one scale: plain integers in JS
 * numbers when every sum the netting can reach stays below 2^53 (the usual case, and several times
 * faster), BigInts otherwise. Either way no value is ever rounded.
 */
type Arith<T> = {
  zero: T;
  of: (value: Decimal, scale: number) => T;
  toDecimal: (value: T, scale: number) => Decimal;
  text: (value: T, scale: number) => string;
  add: (a: T, b: T) => T;
  sub: (a: T, b: T) => T;
  less: (a: T, b: T) => boolean;
  positive: (a: T) => boolean;
  /** The smallest whole number at least `a` (> 0), at `scale`. */
  ceilWhole: (a: T, scale: number) => T;
};

const POW10 = Array.from({ length: 64 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);
const coefAt = (value: Decimal, scale: number): bigint => value.coef * pow10(scale - value.scale);

const bigints: Arith<bigint> = {
  zero: 0n,
  of: coefAt,
  toDecimal: (value, scale) => normalize({ coef: value, scale }),
  text: (value, scale) => format({ coef: value, scale }),
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  less: (a, b) => a < b,
  positive: (a) => a > 0n,
  ceilWhole: (a, scale) => {
    const rest = a % pow10(scale);
    return rest === 0n ? a : a - rest + pow10(scale);
  },
};

const numbers: Arith<number> = {
  zero: 0,
  of: (value, scale) => Number(coefAt(value, scale)),
  toDecimal: (value, scale) => normalize({ coef: BigInt(value), scale }),
  text: (value, scale) => (scale === 0 ? String(value) : format({ coef: BigInt(value), scale })),
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  less: (a, b) => a < b,
  positive: (a) => a > 0,
  ceilWhole: (a, scale) => {
    // Remainders of integers below 2^53 are exact; a division would not be.
    const unit = 10 ** scale;
    const rest = a % unit;
    return rest === 0 ? a : a - rest + unit;
  },
};

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/**
 * Nets one product (plan.ts, steps 3 to 5): walks today and every day with a receipt or a
 * requirement, plans at most one proposal a day, and hands supplies out FIFO. Returns the projection
 * when asked (else an empty list).
 */
export function netProduct(
  policy: NetPolicy,
  needs: readonly NetNeed[],
  arrivals: readonly NetArrival[],
  context: NetContext,
): ProjectionPoint[] {
  let scale = Math.max(policy.onHand.scale, policy.safety.scale, policy.minOrder.scale);
  for (const need of needs) scale = Math.max(scale, need.qty.scale);
  for (const arrival of arrivals) scale = Math.max(scale, arrival.qty.scale);
  // A bound on every value the walk can reach: stock, supplies and demands, each lot at most the
  // safety stock plus what is missing, or the min order qty.
  let bound = 4n * (abs(coefAt(policy.onHand, scale)) + coefAt(policy.safety, scale));
  for (const need of needs) bound += 4n * coefAt(need.qty, scale);
  for (const arrival of arrivals) bound += 4n * coefAt(arrival.qty, scale);
  bound += coefAt(policy.minOrder, scale) * BigInt(needs.length + arrivals.length + 1);
  // Rounding up to whole units adds less than one unit per proposal.
  if (policy.whole) bound += pow10(scale) * BigInt(needs.length + arrivals.length + 1);
  return bound < SAFE
    ? walk(numbers, scale, policy, needs, arrivals, context)
    : walk(bigints, scale, policy, needs, arrivals, context);
}

// Literal shapes per kind rather than spreads: a spread of mixed shapes takes V8's slow path, and
// these run once per allocation (the hottest line of a large run).
function withQty(supply: SupplyRef, qty: string): SupplyRef & { qty: string } {
  switch (supply.kind) {
    case 'on_hand':
      return { kind: 'on_hand', qty };
    case 'purchase_order':
      return { kind: 'purchase_order', receipt_id: supply.receipt_id, qty };
    case 'work_order':
      return { kind: 'work_order', receipt_id: supply.receipt_id, qty };
    case 'proposal':
      return { kind: 'proposal', proposal_id: supply.proposal_id, qty };
  }
}

function pegTo(demand: DemandRef, qty: string): Pegging {
  switch (demand.kind) {
    case 'customer_order':
      return { kind: 'customer_order', order_id: demand.order_id, line_id: demand.line_id, qty };
    case 'proposal':
      return { kind: 'proposal', proposal_id: demand.proposal_id, qty };
    case 'work_order':
      return { kind: 'work_order', work_order_id: demand.work_order_id, qty };
  }
}

type Lot<T> = { supply: SupplyRef; left: T; proposal: Proposal | null };

function walk<T>(
  A: Arith<T>,
  scale: number,
  policy: NetPolicy,
  needs: readonly NetNeed[],
  arrivals: readonly NetArrival[],
  context: NetContext,
): ProjectionPoint[] {
  const safety = A.of(policy.safety, scale);
  const minOrder = A.of(policy.minOrder, scale);
  let onHand = A.of(policy.onHand, scale);
  const queue: Lot<T>[] = [];
  let head = 0;
  let debt = A.zero;
  if (A.positive(onHand)) queue.push({ supply: { kind: 'on_hand' }, left: onHand, proposal: null });
  else if (isNegative(policy.onHand)) debt = A.sub(A.zero, onHand);

  // A requirement's coverage and a proposal's pegging are the same entries, seen from each side.
  const consume = (amount: T, need: NetNeed | null): T => {
    let rest = amount;
    while (A.positive(rest) && head < queue.length) {
      const lot = queue[head];
      if (!lot) break;
      const take = A.less(rest, lot.left) ? rest : lot.left;
      if (need) {
        const qty = A.text(take, scale);
        need.covered.push(withQty(lot.supply, qty));
        lot.proposal?.pegging.push(pegTo(need.demand, qty));
      }
      lot.left = A.sub(lot.left, take);
      rest = A.sub(rest, take);
      if (!A.positive(lot.left)) head += 1;
    }
    return rest;
  };

  const needQty = needs.map((need) => A.of(need.qty, scale));
  const points: ProjectionPoint[] = [];
  let i = 0;
  let j = 0;
  for (let day: number | undefined = context.today; day !== undefined; ) {
    let received = A.zero;
    for (let arrival = arrivals[j]; arrival && arrival.day === day; arrival = arrivals[++j]) {
      const qty = A.of(arrival.qty, scale);
      received = A.add(received, qty);
      queue.push({ supply: arrival.supply, left: qty, proposal: null });
    }
    const first = i;
    let gross = A.zero;
    for (let need = needs[i]; need && need.day === day; need = needs[++i])
      gross = A.add(gross, needQty[i] ?? A.zero);
    const projected = A.sub(A.add(onHand, received), gross);
    let planned = A.zero;
    if (A.less(projected, safety)) {
      const net = A.sub(safety, projected);
      planned = A.less(net, minOrder) ? minOrder : net;
      if (policy.whole) planned = A.ceilWhole(planned, scale);
      const proposal = context.plan(day, A.toDecimal(planned, scale));
      queue.push({ supply: { kind: 'proposal', proposal_id: proposal.id }, left: planned, proposal });
    }
    onHand = A.add(projected, planned);
    debt = consume(debt, null);
    for (let k = first; k < i; k++) {
      const need = needs[k];
      if (need && A.positive(consume(needQty[k] ?? A.zero, need))) {
        throw new Error(
          `MRP netting ran out of supply while pegging on day ${context.iso(day)} (an engine fault)`,
        );
      }
    }
    if (context.points) {
      points.push({
        date: context.iso(day),
        gross: A.text(gross, scale),
        receipts: A.text(received, scale),
        planned: A.text(planned, scale),
        on_hand: A.text(onHand, scale),
      });
    }
    const nextArrival = arrivals[j]?.day;
    const nextNeed = needs[i]?.day;
    day =
      nextArrival === undefined
        ? nextNeed
        : nextNeed === undefined
          ? nextArrival
          : Math.min(nextArrival, nextNeed);
  }
  return points;
}
