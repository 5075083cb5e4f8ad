import { leadTimeDays, toDay } from './days.ts';
import type { Decimal } from './decimal.ts';
import { add, compare, decimal, format, mul, sub, ZERO } from './decimal.ts';
import type { PlanInput, PlanResult } from './plan-types.ts';
import type { BomLine } from './types.ts';
import { isActiveLine } from './types.ts';

/**
 * What every MRP run must satisfy, checked from the input and the output alone (for the property
 * and scale tests; the engine does not use it). Returns the broken rules, an empty list when none.
 *
 * - Stock: re-deriving every product's gross requirements from the input and the proposals (customer
 *   lines in the horizon, each proposal's and released work order's components at release minus
 *   offset, dates before today counted today), projected on hand with every receipt and proposal
 *   never ends a day of the horizon below safety stock, and the run's requirements add up to the same.
 * - Pegging: each requirement is covered exactly, each proposal pegs at most its quantity, and both
 *   views list the same allocations; every customer line in the horizon is one requirement.
 * - No two proposals for one product and day.
 */
export function planViolations(input: PlanInput, result: PlanResult): string[] {
  const problems: string[] = [];
  const today = toDay(input.today, 'today');
  const horizonEnd = today + (input.horizon_days ?? 90);
  const products = new Map(input.products.map((product) => [product.id, product]));
  const flows = new Map<string, Map<number, Decimal>>();
  const gross = new Map<string, Decimal>();
  const flow = (productId: string, day: number, qty: Decimal, isRequirement: boolean) => {
    if (day > horizonEnd) return;
    const at = Math.max(day, today);
    const days = flows.get(productId) ?? new Map<number, Decimal>();
    flows.set(productId, days);
    days.set(at, (isRequirement ? sub : add)(days.get(at) ?? ZERO, qty));
    if (isRequirement) gross.set(productId, add(gross.get(productId) ?? ZERO, qty));
  };
  const exploding = new Map<string, BomLine[]>();
  for (const line of input.lines) {
    if (!isActiveLine(line) || products.get(line.parent_id)?.procurement_type !== 'make') continue;
    const list = exploding.get(line.parent_id);
    if (list) list.push(line);
    else exploding.set(line.parent_id, [line]);
  }
  const linesOf = (productId: string) => exploding.get(productId) ?? [];
  const explode = (productId: string, qty: Decimal, releaseDay: number) => {
    for (const line of linesOf(productId)) {
      const offset = leadTimeDays(line.lead_time, line.lead_time_unit, 'line');
      flow(line.component_id, releaseDay - offset, mul(qty, decimal(line.qty)), true);
    }
  };

  for (const demand of input.demands)
    flow(demand.product_id, toDay(demand.due_date, 'due'), decimal(demand.qty), true);
  for (const receipt of input.receipts ?? []) {
    const day = toDay(receipt.due_date, 'due');
    flow(receipt.product_id, day, decimal(receipt.qty), false);
    const product = products.get(receipt.product_id);
    if (receipt.source === 'work_order' && product) {
      explode(
        receipt.product_id,
        decimal(receipt.qty),
        day - leadTimeDays(product.lead_time, product.lead_time_unit, 'p'),
      );
    }
  }
  const seen = new Set<string>();
  for (const proposal of result.proposals) {
    const key = `${proposal.product_id}@${proposal.need_date}`;
    if (seen.has(key)) problems.push(`two proposals for ${key}`);
    seen.add(key);
    flow(proposal.product_id, toDay(proposal.need_date, 'need'), decimal(proposal.quantity), false);
    explode(proposal.product_id, decimal(proposal.quantity), toDay(proposal.release_date, 'release'));
  }

  for (const product of input.products) {
    const safety = decimal(product.safety_stock);
    let onHand = decimal(product.on_hand);
    const days = [...(flows.get(product.id) ?? new Map<number, Decimal>())].sort((a, b) => a[0] - b[0]);
    if (days[0]?.[0] !== today) days.unshift([today, ZERO]);
    for (const [day, change] of days) {
      onHand = add(onHand, change);
      if (compare(onHand, safety) < 0) {
        problems.push(
          `${product.id}: ${format(onHand)} on day ${day} is below safety stock ${format(safety)}`,
        );
        break;
      }
    }
  }

  const reported = new Map<string, Decimal>();
  const allocations = new Map<string, Decimal>();
  for (const requirement of result.requirements) {
    reported.set(
      requirement.product_id,
      add(reported.get(requirement.product_id) ?? ZERO, decimal(requirement.qty)),
    );
    const covered = requirement.covered_by.reduce((sum, part) => add(sum, decimal(part.qty)), ZERO);
    if (compare(covered, decimal(requirement.qty)) !== 0) {
      problems.push(
        `${requirement.product_id} ${requirement.date}: ${format(covered)} of ${requirement.qty} covered`,
      );
    }
    for (const part of requirement.covered_by) {
      if (part.kind !== 'proposal') continue;
      const key = `${part.proposal_id} ${JSON.stringify(requirement.demand)}`;
      allocations.set(key, add(allocations.get(key) ?? ZERO, decimal(part.qty)));
    }
  }
  for (const product of input.products) {
    const expected = gross.get(product.id) ?? ZERO;
    const got = reported.get(product.id) ?? ZERO;
    if (compare(expected, got) !== 0)
      problems.push(`${product.id}: requirements ${format(got)}, re-derived ${format(expected)}`);
  }
  for (const proposal of result.proposals) {
    let pegged = ZERO;
    for (const { qty, ...demand } of proposal.pegging) {
      pegged = add(pegged, decimal(qty));
      const key = `${proposal.id} ${JSON.stringify(demand)}`;
      const left = allocations.get(key) ?? ZERO;
      if (compare(left, decimal(qty)) < 0)
        problems.push(`${proposal.id} pegs ${key} beyond what requirements list`);
      allocations.set(key, sub(left, decimal(qty)));
    }
    if (compare(pegged, decimal(proposal.quantity)) > 0)
      problems.push(`${proposal.id} pegs ${format(pegged)} > ${proposal.quantity}`);
  }
  for (const [key, left] of allocations)
    if (left.coef !== 0n) problems.push(`coverage ${key} is not in any pegging`);

  const customerLines = result.requirements.filter((r) => r.demand.kind === 'customer_order').length;
  const inHorizon = input.demands.filter(
    (d) =>
      toDay(d.due_date, 'due') <= horizonEnd &&
      products.has(d.product_id) &&
      compare(decimal(d.qty), ZERO) > 0,
  ).length;
  if (customerLines !== inHorizon)
    problems.push(`${inHorizon} customer lines in the horizon, ${customerLines} requirements`);

  for (const series of result.projection ?? []) {
    const safety = decimal(products.get(series.product_id)?.safety_stock ?? '0');
    const low = series.points.find((point) => compare(decimal(point.on_hand), safety) < 0);
    if (low)
      problems.push(`${series.product_id}: projection ${low.on_hand} on ${low.date} below ${format(safety)}`);
  }
  return problems;
}
