import { operationsMessages } from '@workhub/shared/operations-messages';
import { MRP_ORDER_QUANTITY_MAX, type MrpConfirmResult } from '@workhub/shared/schemas/operations-mrp';
import { orderNumberLabel } from '@workhub/shared/schemas/operations-orders';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
import { mrpProposals, mrpRuns } from './mrp.schema.ts';
import { lockWorkspaceRuns, planningDay } from './mrp-run.service.ts';
import { products, uoms } from './operations.schema.ts';
import { purchaseOrderLines, purchaseOrders, workOrders } from './orders.schema.ts';
import { takeOrderNumbers } from './orders-numbers.ts';

type Proposal = {
  id: string;
  productId: string;
  productName: string;
  kind: 'purchase' | 'work';
  /** Rounded up to the orders' 4 decimals. */
  quantity: string;
  needDate: string;
  releaseDate: string;
  status: 'open' | 'confirmed';
  price: string;
};

/** As locked: its quantity null when no order can hold it (above MRP_ORDER_QUANTITY_MAX). */
type LockedProposal = Omit<Proposal, 'quantity'> & { quantity: string | null };

/**
 * The proposals with their order quantities, or a 400 naming the first one no order can hold (the
 * run flagged it 'quantity_too_large'): a 400 the user can act on, not the cast's overflow (500).
 */
function orderable(proposals: readonly LockedProposal[]): Proposal[] {
  return proposals.map((proposal) => {
    const { quantity } = proposal;
    if (quantity === null) {
      const message = operationsMessages.proposalTooLarge(proposal.productName);
      throw new AppError(400, 'VALIDATION_FAILED', message, { fields: { proposal_ids: message } });
    }
    return { ...proposal, quantity };
  });
}

/** A proposal's quantity as an order holds it: up to 4 decimals, or whole for a whole-units product. */
const orderQuantity = sql`case when coalesce(${uoms.wholeUnits}, false) then ceil(${mrpProposals.quantity})
  else ceil(${mrpProposals.quantity} * 10000) / 10000 end`;

const proposalUnknown = () =>
  new AppError(400, 'VALIDATION_FAILED', operationsMessages.proposalUnknown, {
    fields: { proposal_ids: operationsMessages.proposalUnknown },
  });

/**
 * Confirming MRP proposals (docs/api.md 'The MRP run'): in one transaction, each purchase proposal
 * becomes a line of a new draft purchase order, one order per product (its lines due on their need
 * dates, priced at the product's price); each work proposal a planned work order. Numbers are taken
 * in a block per sequence (decision 023). The proposals are locked first (FOR UPDATE): of two
 * confirms of the same proposal, the second waits for the first and finds it confirmed (409), and
 * the unique mrp_proposal_id of order lines and work orders is the backstop. Only the workspace's
 * latest run can be confirmed (409 otherwise): an older run's proposals may cover a need that the
 * newer run planned again, and confirming both would order it twice.
 */
export function createMrpConfirmService(ctx: Ctx) {
  const { db } = ctx;

  async function confirm(
    scope: WorkspaceScope,
    runId: string,
    proposalIds: readonly string[],
  ): Promise<MrpConfirmResult> {
    try {
      return await db.transaction(async (tx) => {
        // Runs and confirms of a workspace take turns: a run in progress sees these orders once they
        // are committed, and a confirm never slips in between a run's reading and its saving.
        await lockWorkspaceRuns(tx, scope);
        await latestRun(tx, scope, runId);
        const locked = await lockProposals(tx, scope, runId, proposalIds);
        if (locked.length !== proposalIds.length) throw proposalUnknown();
        if (locked.some((p) => p.status !== 'open'))
          throw conflict(operationsMessages.proposalAlreadyConfirmed);
        const proposals = orderable(locked);
        const purchase_orders = await createPurchaseOrders(tx, scope, proposals);
        const work_orders = await createWorkOrders(tx, scope, runId, proposals);
        await tx
          .update(mrpProposals)
          .set({ status: 'confirmed', confirmedAt: ctx.now(), confirmedBy: scope.auth.user_id })
          .where(and(scope.workspace(mrpProposals), inArray(mrpProposals.id, [...proposalIds])));
        await recordAudit(tx, {
          ...inScope(scope),
          action: 'mrp.confirmed',
          entityType: 'mrp_run',
          entityId: runId,
          after: {
            proposal_ids: [...proposalIds],
            purchase_orders: purchase_orders.map((order) => order.label),
            work_orders: work_orders.map((order) => order.label),
          },
          at: ctx.now(),
        });
        return { purchase_orders, work_orders };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(operationsMessages.proposalAlreadyConfirmed);
      throw error;
    }
  }

  /** 404 for a run that is not the workspace's, 409 when a newer run has replaced it. */
  async function latestRun(tx: Db, scope: WorkspaceScope, runId: string) {
    // Compared in the database: created_at has microseconds, a JavaScript Date only milliseconds.
    const [latest] = await tx
      .select({ id: mrpRuns.id })
      .from(mrpRuns)
      .where(scope.workspace(mrpRuns))
      .orderBy(desc(mrpRuns.createdAt), desc(mrpRuns.id))
      .limit(1);
    if (latest?.id === runId) return;
    const [run] = await tx
      .select({ id: mrpRuns.id })
      .from(mrpRuns)
      .where(and(scope.workspace(mrpRuns), eq(mrpRuns.id, runId)))
      .limit(1);
    throw run ? conflict(operationsMessages.mrpRunSuperseded) : notFound();
  }

  function lockProposals(
    tx: Db,
    scope: WorkspaceScope,
    runId: string,
    ids: readonly string[],
  ): Promise<LockedProposal[]> {
    return tx
      .select({
        id: mrpProposals.id,
        productId: mrpProposals.productId,
        productName: products.productName,
        kind: mrpProposals.kind,
        // Cast only what fits: a larger quantity would fail the cast (numeric field overflow). A
        // product counted in whole units is ordered whole: the run rounds its proposals up, and one
        // planned before its unit became whole is rounded up here.
        quantity: sql<string | null>`case when ${orderQuantity} <= ${MRP_ORDER_QUANTITY_MAX}::numeric
          then (${orderQuantity})::numeric(14, 4)::text end`,
        needDate: mrpProposals.needDate,
        releaseDate: mrpProposals.releaseDate,
        status: mrpProposals.status,
        price: products.price,
      })
      .from(mrpProposals)
      .innerJoin(
        products,
        and(eq(products.accountId, mrpProposals.accountId), eq(products.id, mrpProposals.productId)),
      )
      .leftJoin(uoms, and(eq(uoms.accountId, products.accountId), eq(uoms.id, products.uomId)))
      .where(
        and(scope.workspace(mrpProposals), eq(mrpProposals.runId, runId), inArray(mrpProposals.id, [...ids])),
      )
      .orderBy(mrpProposals.seq)
      .for('update', { of: mrpProposals });
  }

  /** One draft purchase order per product, in the order of its first proposal; its lines by need date. */
  async function createPurchaseOrders(tx: Db, scope: WorkspaceScope, proposals: readonly Proposal[]) {
    const byProduct = new Map<string, Proposal[]>();
    for (const proposal of proposals) {
      if (proposal.kind !== 'purchase') continue;
      const lines = byProduct.get(proposal.productId);
      if (lines) lines.push(proposal);
      else byProduct.set(proposal.productId, [proposal]);
    }
    if (byProduct.size === 0) return [];
    const first = await takeOrderNumbers(tx, scope, 'purchase_order', byProduct.size);
    const today = planningDay(ctx.now());
    const groups = [...byProduct.values()].map((lines, index) => ({
      number: first + index,
      lines: lines.sort((a, b) => (a.needDate < b.needDate ? -1 : a.needDate > b.needDate ? 1 : 0)),
    }));
    const orders = await tx
      .insert(purchaseOrders)
      .values(
        groups.map(({ number, lines }) => ({
          ...scope.workspaceValues(),
          number,
          orderDate: today,
          dueDate: lines[0]?.needDate ?? today,
          status: 'draft' as const,
          createdBy: scope.auth.user_id,
        })),
      )
      .returning({ id: purchaseOrders.id, number: purchaseOrders.number });
    const idOf = new Map(orders.map((order) => [order.number, order.id]));
    await tx.insert(purchaseOrderLines).values(
      groups.flatMap(({ number, lines }) =>
        lines.map((line, index) => ({
          ...scope.workspaceValues(),
          orderId: idOf.get(number) ?? '',
          position: index + 1,
          productId: line.productId,
          quantity: line.quantity,
          unitPrice: line.price,
          dueDate: line.needDate,
          mrpProposalId: line.id,
        })),
      ),
    );
    return orders
      .sort((a, b) => a.number - b.number)
      .map((order) => ({
        kind: 'purchase_order' as const,
        id: order.id,
        label: orderNumberLabel('purchase_order', order.number),
      }));
  }

  /** One planned work order per work proposal, numbered in planning order. */
  async function createWorkOrders(
    tx: Db,
    scope: WorkspaceScope,
    runId: string,
    proposals: readonly Proposal[],
  ) {
    const works = proposals.filter((proposal) => proposal.kind === 'work');
    if (works.length === 0) return [];
    const first = await takeOrderNumbers(tx, scope, 'work_order', works.length);
    const orders = await tx
      .insert(workOrders)
      .values(
        works.map((proposal, index) => ({
          ...scope.workspaceValues(),
          number: first + index,
          productId: proposal.productId,
          quantity: proposal.quantity,
          needDate: proposal.needDate,
          releaseDate: proposal.releaseDate,
          status: 'planned' as const,
          mrpRunId: runId,
          mrpProposalId: proposal.id,
          createdBy: scope.auth.user_id,
        })),
      )
      .returning({ id: workOrders.id, number: workOrders.number });
    return orders
      .sort((a, b) => a.number - b.number)
      .map((order) => ({
        kind: 'work_order' as const,
        id: order.id,
        label: orderNumberLabel('work_order', order.number),
      }));
  }

  return { confirm };
}
export type MrpConfirmService = ReturnType<typeof createMrpConfirmService>;
