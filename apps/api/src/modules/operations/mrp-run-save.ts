import { operationsMessages } from '@workhub/shared/operations-messages';
import {
  MRP_ORDER_QUANTITY_MAX,
  type MrpException,
  type MrpPegging,
  type MrpProposal,
  type MrpRun,
  mrpRun,
} from '@workhub/shared/schemas/operations-mrp';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { compare, decimal, formatGrouped } from './mrp/decimal.ts';
import type { Pegging, PlanResult } from './mrp/plan-types.ts';
import { mrpProposals } from './mrp.schema.ts';
import type { MrpRunInputs } from './mrp-run-load.ts';

/** Rows per INSERT of proposals: a bench-scale run has ~32,000 of them (plan.ts), saved in ~16 statements. */
export const PROPOSAL_BATCH = 2000;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** The engine's words for a product it was not given (mrp/plan-inputs.ts). */
const UNKNOWN_TO_RUN = /which the run does not know: (line )?left out/;

const ORDER_QUANTITY_MAX = decimal(MRP_ORDER_QUANTITY_MAX);

/** More than an order line or work order holds (numeric(14,4)), even before confirming rounds it up. */
export const tooLargeToOrder = (quantity: string): boolean =>
  compare(decimal(quantity), ORDER_QUANTITY_MAX) > 0;

/**
 * The engine's output as the contract shows it: each proposal with its planning order (`seq`), its
 * product's name and its pegging labelled ('CO-00012 line 1 (Acme)', 'Work proposal 7: 10 Wheel',
 * 'WO-00003: 5 Wheel'); each exception with its product's name and a message naming products,
 * orders and proposals as people do instead of by id.
 */
export function describeRun(result: PlanResult, inputs: MrpRunInputs) {
  const nameOf = (id: string) => inputs.productNames.get(id) ?? id;
  const seqOf = new Map<string, number>();
  result.proposals.forEach((proposal, index) => {
    seqOf.set(proposal.id, index + 1);
  });
  const proposalLabel = (id: string) => {
    const seq = seqOf.get(id);
    const parent = seq === undefined ? undefined : result.proposals[seq - 1];
    if (!parent) return `Proposal ${id}`;
    const kind = parent.kind === 'work' ? 'Work' : 'Purchase';
    return `${kind} proposal ${seq}: ${parent.quantity} ${nameOf(parent.product_id)}`;
  };

  const labelled = (peg: Pegging): MrpPegging => {
    switch (peg.kind) {
      case 'customer_order':
        return { ...peg, label: inputs.demandLabels.get(peg.line_id) ?? `Order line ${peg.line_id}` };
      case 'proposal':
        return { ...peg, label: proposalLabel(peg.proposal_id) };
      case 'work_order':
        return { ...peg, label: inputs.workOrderLabels.get(peg.work_order_id) ?? peg.work_order_id };
    }
  };

  const proposals: MrpProposal[] = result.proposals.map((proposal, index) => ({
    id: proposal.id,
    seq: index + 1,
    product_id: proposal.product_id,
    product_name: nameOf(proposal.product_id),
    kind: proposal.kind,
    quantity: proposal.quantity,
    need_date: proposal.need_date,
    release_date: proposal.release_date,
    past_due: proposal.past_due,
    too_large: tooLargeToOrder(proposal.quantity),
    pegging: proposal.pegging.map(labelled),
    status: 'open',
    confirmed_ref: null,
  }));

  const words = (id: string) => {
    const seq = seqOf.get(id);
    return seq === undefined ? (inputs.labels.get(id) ?? id) : String(seq);
  };
  // The engine knows the active products only: a product of the workspace it calls unknown is an
  // inactive one (still on an order or BOM line), and the message says so.
  const inactive = (exception: (typeof result.exceptions)[number]) =>
    exception.kind === 'unknown_product' && inputs.productNames.has(exception.product_id);
  const exceptions: MrpException[] = result.exceptions.map((exception) => ({
    ...exception,
    product_name: nameOf(exception.product_id),
    message: (inactive(exception)
      ? exception.message.replace(
          UNKNOWN_TO_RUN,
          'which is inactive: $1left out (activate the product or change the line)',
        )
      : exception.message
    ).replace(UUID, words),
  }));
  // The engine plans any quantity; an order holds at most MRP_ORDER_QUANTITY_MAX, so the run says
  // which proposals no order can take (a huge demand times a BOM that multiplies, level after level).
  for (const proposal of proposals) {
    if (!proposal.too_large) continue;
    exceptions.push({
      kind: 'quantity_too_large',
      product_id: proposal.product_id,
      product_name: proposal.product_name,
      message: operationsMessages.mrpQuantityTooLarge(
        proposal.product_name,
        formatGrouped(decimal(proposal.quantity)),
      ),
      proposal_id: proposal.id,
      date: proposal.need_date,
    });
  }
  return { proposals, exceptions };
}

/**
 * The run's proposals into mrp_proposals, PROPOSAL_BATCH rows per statement (one JSON parameter
 * each). Answers those parameters, the proposals' JSON in order: the run's answer is made of them
 * (runAnswerJson), so 20 MB of proposals are not serialized twice.
 */
export async function saveProposals(
  tx: Db,
  scope: WorkspaceScope,
  runId: string,
  proposals: readonly MrpProposal[],
): Promise<string[]> {
  const { accountId, workspaceId } = scope.workspaceValues();
  const batches: string[] = [];
  for (let from = 0; from < proposals.length; from += PROPOSAL_BATCH) {
    // The answer's proposals as they are: json_to_recordset reads the columns it names and ignores
    // the rest (product_name, status, confirmed_ref), so no second copy of 30,000 objects is made.
    const json = JSON.stringify(proposals.slice(from, from + PROPOSAL_BATCH));
    batches.push(json);
    await tx.execute(sql`
      insert into ${mrpProposals} (account_id, id, workspace_id, run_id, seq, product_id, kind, quantity,
        need_date, release_date, past_due, pegging)
      select ${accountId}::uuid, x.id, ${workspaceId}::uuid, ${runId}::uuid, x.seq, x.product_id, x.kind,
        x.quantity, x.need_date, x.release_date, x.past_due, x.pegging
      from json_to_recordset(${json}::json) as x(id uuid, seq integer, product_id uuid,
        kind text, quantity numeric, need_date date, release_date date, past_due boolean, pegging jsonb)`);
  }
  return batches;
}

const runWithoutProposals = mrpRun.omit({ proposals: true });

/**
 * `POST /api/mrp/runs`'s 201 as JSON text: `{ data: run, message }`, the run encoded through its
 * schema as every answer is (fields it does not name are dropped), its proposals the JSON that
 * saveProposals sent to the database (describeRun's objects, which name only the contract's fields).
 * The route sends it as it is: zod and JSON.stringify no longer walk a bench run's 34,000 proposals
 * (20 MB) after they were stringified once to be saved (docs/performance.md, "MRP run").
 */
export function runAnswerJson(
  message: string,
  run: Omit<MrpRun, 'proposals'>,
  proposalBatches: readonly string[],
): string {
  const head = JSON.stringify(runWithoutProposals.parse(run));
  const proposals = proposalBatches
    .map((batch) => batch.slice(1, -1))
    .filter((items) => items.length > 0)
    .join(',');
  // head is '{...}': the proposals go in before its closing brace.
  return `{"data":${head.slice(0, -1)},"proposals":[${proposals}]},"message":${JSON.stringify(message)}}`;
}
