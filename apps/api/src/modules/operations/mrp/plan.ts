/**
 * README: the MRP run (pure: rows in, proposals out; the service loads and persists).
 *
 * Input (plan-types.ts): today, horizon_days (90), products (on hand, safety stock, min order qty,
 * lead time, make/buy), BOM lines, open customer order lines (demands) and scheduled receipts (open
 * purchase order lines, released work orders). Quantities are exact decimals; days are whole days.
 *
 * 1. Low-level codes (llc.ts): each product's deepest level in any BOM. Products are planned by code,
 *    then id, so a product is netted once, after every parent that can need it; a component used at
 *    two levels meets all its requirements, and its stock, once. A cycle refuses the run (bom_cycle).
 * 2. Gross requirements, dated: a customer order line on its due date (before today: today, flagged
 *    demand_past_due; after today + horizon_days: left out, flagged beyond_horizon); a parent's
 *    planned order needs qty × bom qty on its release date minus the line's lead-time offset; a
 *    released work order needs its components the same way (they are consumed when it completes).
 *    A date before today becomes today. Only active lines of made products explode.
 * 3. Time-phased netting, visiting only today and the days where something happens: projected on
 *    hand starts at on_hand, adds the receipts due that day (a late one counts today, flagged), takes
 *    that day's requirements. If it would end below safety stock, one proposal is planned for that
 *    day (never two for one product and day: no duplicate orders) of net = safety stock − projected,
 *    or min_order_qty when larger (lot-for-lot when 0), then rounded up to a whole number for a
 *    product counted in whole units (whole_units); its receipt is counted that same day, and its
 *    components' requirements (step 2) are exploded from that rounded quantity.
 *    So projected stock never ends a day below safety stock (a product starting below it gets a
 *    replenishment today, flagged below_safety).
 * 4. Backward scheduling: release_date = need_date − lead time (a week is 7 days). A release before
 *    today is kept and flagged past_due (a proposal and an exception): the run never moves dates.
 * 5. Pegging: supplies (on hand, then receipts and proposals in date order) are given FIFO to the
 *    requirements in date order; each requirement lists what covers it (adding up to its qty) and
 *    each proposal what it covers (customer order line, parent proposal, work order), adding up to at
 *    most its quantity. A proposal's components' requirements peg to it, so a chain reads
 *    spokes ← wheel proposal ← bicycle proposal ← customer order line.
 * 6. Output (deterministic for the same input): proposals with ids from `proposalId(n)` in planning
 *    order, requirements, exceptions, counts, and on request the projection per product.
 *
 * Cost: O(products + lines + requirements · log) for the whole run; days without events cost nothing.
 * Files: plan-inputs.ts reads the input (steps 1, 2), netting.ts nets and pegs one product (3, 5),
 * this file plans products in order (4) and assembles the result; plan-types.ts has the shapes.
 * Errors: MrpError 'bom_cycle' (with the path) and 'invalid_input' (a bad date or number, a negative quantity).
 *
 * For the service: load the workspace's products (the engine plans every product it is given, so
 * leave out inactive ones), all BOM lines (it skips inactive ones), confirmed customer order lines
 * with their quantity still to ship, purchase order lines still to receive and released work orders;
 * ids as strings, numeric columns as their text. Persist proposals with their pegging, and the
 * exceptions; a proposal's quantity beyond its pegging restores safety stock or is lot excess. Pass
 * `proposalId` to use the run's own ids. Size: the bench catalogue (5,000 products, 20,000 lines,
 * 300 order lines) gives ~32,000 proposals and ~67,000 pegging entries: insert them in batches.
 */

import type { Decimal } from './decimal.ts';
import { compare, format, formatGrouped, isNegative } from './decimal.ts';
import { netProduct } from './netting.ts';
import type { Item, RunContext } from './plan-inputs.ts';
import {
  bookDemands,
  bookReceipts,
  createRequirementBook,
  createRunContext,
  readCatalogue,
} from './plan-inputs.ts';
import type { PlanInput, PlanOptions, PlanResult, Proposal, Requirement } from './plan-types.ts';

type Planned = { proposal: Proposal; qty: Decimal; releaseDay: number };

function flagStartingStock(item: Item, run: RunContext) {
  if (isNegative(item.onHand)) {
    run.exceptions.push({
      kind: 'negative_stock',
      product_id: item.id,
      message: `Product ${item.id} has ${formatGrouped(item.onHand)} on hand: the first supply makes it good`,
    });
  } else if (compare(item.onHand, item.safety) < 0) {
    run.exceptions.push({
      kind: 'below_safety',
      product_id: item.id,
      date: run.iso(run.today),
      message: `Product ${item.id} has ${formatGrouped(item.onHand)} on hand, below its safety stock of ${formatGrouped(item.safety)}: replenished today`,
    });
  }
}

export function runMrp(input: PlanInput, options: PlanOptions = {}): PlanResult {
  const run = createRunContext(input);
  const { today, iso, exceptions } = run;
  const proposalId = options.proposalId ?? ((n: number) => `P${n}`);
  const { items, codes, order } = readCatalogue(input, run);
  const book = createRequirementBook(run);
  const counts = bookDemands(input, items, book, run);
  const arrivalsOf = bookReceipts(input, items, book, run);

  const proposals: Proposal[] = [];
  const requirements: Requirement[] = [];
  const projection: NonNullable<PlanResult['projection']> = [];
  for (const item of order) {
    flagStartingStock(item, run);
    const needs = book.needsOf(item.id);
    const planned: Planned[] = [];
    // Step 4: each proposal scheduled backwards from the day netting needs it.
    const plan = (day: number, qty: Decimal): Proposal => {
      const releaseDay = day - item.leadDays;
      const proposal: Proposal = {
        id: proposalId(proposals.length + 1),
        product_id: item.id,
        kind: item.make ? 'work' : 'purchase',
        quantity: format(qty),
        need_date: iso(day),
        release_date: iso(releaseDay),
        past_due: releaseDay < today,
        pegging: [],
      };
      proposals.push(proposal);
      planned.push({ proposal, qty, releaseDay });
      if (proposal.past_due) {
        exceptions.push({
          kind: 'past_due',
          product_id: item.id,
          proposal_id: proposal.id,
          date: proposal.release_date,
          message: `${proposal.kind === 'work' ? 'Work' : 'Purchase'} proposal ${proposal.id} for ${formatGrouped(qty)} of product ${item.id} should have been released on ${proposal.release_date} to be ready on ${proposal.need_date}`,
        });
      }
      return proposal;
    };
    const points = netProduct(item, needs, arrivalsOf.get(item.id) ?? [], {
      today,
      iso,
      plan,
      points: options.projection === true,
    });

    for (const { proposal, qty, releaseDay } of planned) {
      book.explode(item, qty, releaseDay, { kind: 'proposal', proposal_id: proposal.id });
    }
    if (item.make && item.lines.length === 0 && planned.length > 0) {
      exceptions.push({
        kind: 'no_bom',
        product_id: item.id,
        message: `Product ${item.id} is made but has no active BOM line: its work proposals need no components`,
      });
    }
    for (const need of needs) {
      requirements.push({
        product_id: item.id,
        date: iso(need.day),
        qty: format(need.qty),
        demand: need.demand,
        covered_by: need.covered,
      });
    }
    if (options.projection)
      projection.push({ product_id: item.id, low_level_code: codes.get(item.id) ?? 0, points });
  }

  return {
    today: iso(today),
    horizon_end: iso(run.horizonEnd),
    proposals,
    requirements,
    exceptions,
    summary: {
      products: items.size,
      proposals: proposals.length,
      past_due_proposals: proposals.filter((proposal) => proposal.past_due).length,
      demands_planned: counts.planned,
      demands_past_due: counts.pastDue,
      demands_beyond_horizon: counts.beyond,
    },
    ...(options.projection ? { projection } : {}),
  };
}
