import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/workspaces.ts';
import { useTestApp } from '../../test/helpers.ts';
import { createWorkspace, newTenant } from '../../test/tenants.ts';
import { mrpProposals, mrpRuns } from './mrp.schema.ts';
import { bomLines, orderNumberSequences, products } from './operations.schema.ts';
import { purchaseOrderLines, purchaseOrders, stockMoves, workOrders } from './orders.schema.ts';

// What the database itself refuses in the operations tables (migration 0008), whatever a service
// does: the last line of defence behind the services' own checks and messages.

const t = useTestApp();

/** The message of the database error a statement fails with (drizzle wraps it as `cause`). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  throw new Error('the statement succeeded');
}

async function workspaceScope() {
  const tenant = await newTenant(t, 'mrp');
  const scope = { accountId: tenant.workspace.account_id, workspaceId: tenant.workspace.workspace_id };
  const product = async (name: string, values: Partial<typeof products.$inferInsert> = {}) => {
    const [row] = await t.db.db
      .insert(products)
      .values({ ...scope, productName: name, ...values })
      .returning();
    if (!row) throw new Error('no product');
    return row;
  };
  return { tenant, scope, product };
}

describe('the operations tables', () => {
  it('keep stock at 0 or more and product names unique per workspace, whatever the case', async () => {
    const { scope, product } = await workspaceScope();
    const spoke = await product('Spoke', { price: '0.25', productQty: '10.5' });
    expect(spoke).toMatchObject({ price: '0.2500', productQty: '10.5000', status: 'active' });
    expect(await refusal(product('Wheel', { productQty: '-1' }))).toContain('products_qty_check');
    expect(await refusal(product('SPOKE'))).toContain('products_workspace_name_key');
    expect(
      await refusal(
        t.db.db
          .update(products)
          .set({ productQty: sql`${products.productQty} - 11` })
          .where(sql`${products.accountId} = ${scope.accountId} and ${products.id} = ${spoke.id}`),
      ),
    ).toContain('products_qty_check');
  });

  it('refuse a BOM line of a product to itself, twice the same component, or a product of another workspace', async () => {
    const { tenant, scope, product } = await workspaceScope();
    const wheel = await product('Wheel', { procurementType: 'make' });
    const spoke = await product('Spoke');
    const line = { ...scope, productNeedId: wheel.id, productNeededId: spoke.id, bomQty: '36' };
    await t.db.db.insert(bomLines).values(line);
    expect(await refusal(t.db.db.insert(bomLines).values(line))).toContain('bom_lines_parent_component_key');
    expect(await refusal(t.db.db.insert(bomLines).values({ ...line, productNeededId: wheel.id }))).toContain(
      'bom_lines_not_itself_check',
    );
    const hub = await product('Hub');
    expect(
      await refusal(t.db.db.insert(bomLines).values({ ...line, productNeededId: hub.id, bomQty: '0' })),
    ).toContain('bom_lines_qty_check');

    // A second workspace of the same account: its product cannot be a component here.
    const other = await createWorkspace(t, tenant.home.token, { template: 'mrp', workspace_name: 'Other' });
    const [foreign] = await t.db.db
      .insert(products)
      .values({ accountId: scope.accountId, workspaceId: other.workspace_id, productName: 'Rim' })
      .returning();
    expect(
      await refusal(t.db.db.insert(bomLines).values({ ...line, productNeededId: foreign?.id ?? '' })),
    ).toContain('bom_lines_product_needed_fk');
  });

  it('give order numbers from one counter row per workspace and sequence, in blocks', async () => {
    const { scope } = await workspaceScope();
    const take = async (n: number) => {
      const [row] = await t.db.db
        .insert(orderNumberSequences)
        .values({ ...scope, sequence: 'purchase_order', lastValue: n })
        .onConflictDoUpdate({
          target: [
            orderNumberSequences.accountId,
            orderNumberSequences.workspaceId,
            orderNumberSequences.sequence,
          ],
          set: { lastValue: sql`${orderNumberSequences.lastValue} + ${n}` },
        })
        .returning({ last: orderNumberSequences.lastValue });
      return row?.last;
    };
    expect(await take(1)).toBe(1);
    expect(await take(1)).toBe(2);
    expect(await take(3)).toBe(5);
  });

  it('tie each stock move to what made it, with the sign of its kind', async () => {
    const { scope, product } = await workspaceScope();
    const spoke = await product('Spoke');
    const move = { ...scope, productId: spoke.id, qtyDelta: '5', onHandAfter: '5' };
    await t.db.db.insert(stockMoves).values({ ...move, kind: 'adjustment', reason: 'Count' });
    expect(await refusal(t.db.db.insert(stockMoves).values({ ...move, kind: 'adjustment' }))).toContain(
      'stock_moves_reference_check',
    );
    expect(await refusal(t.db.db.insert(stockMoves).values({ ...move, kind: 'receipt' }))).toContain(
      'stock_moves_reference_check',
    );
    expect(
      await refusal(
        t.db.db.insert(stockMoves).values({ ...move, kind: 'adjustment', reason: 'x', onHandAfter: '-1' }),
      ),
    ).toContain('stock_moves_on_hand_check');

    const [order] = await t.db.db
      .insert(purchaseOrders)
      .values({ ...scope, number: 1, orderDate: '2026-03-02', dueDate: '2026-03-09' })
      .returning();
    const [line] = await t.db.db
      .insert(purchaseOrderLines)
      .values({
        ...scope,
        orderId: order?.id ?? '',
        position: 1,
        productId: spoke.id,
        quantity: '5',
        dueDate: '2026-03-09',
      })
      .returning();
    await t.db.db.insert(stockMoves).values({ ...move, kind: 'receipt', purchaseOrderLineId: line?.id });
    expect(
      await refusal(
        t.db.db
          .insert(stockMoves)
          .values({ ...move, kind: 'receipt', qtyDelta: '-5', purchaseOrderLineId: line?.id }),
      ),
    ).toContain('stock_moves_reference_check');
    expect(
      await refusal(
        t.db.db.insert(purchaseOrderLines).values({
          ...scope,
          orderId: order?.id ?? '',
          position: 2,
          productId: spoke.id,
          quantity: '5',
          receivedQty: '6',
          dueDate: '2026-03-09',
        }),
      ),
    ).toContain('purchase_order_lines_received_check');
  });

  it('let an MRP proposal become one work order at most, and keep exact proposal quantities', async () => {
    const { scope, product } = await workspaceScope();
    const wheel = await product('Wheel', { procurementType: 'make' });
    const [run] = await t.db.db
      .insert(mrpRuns)
      .values({ ...scope, today: '2026-03-02', horizonDays: 90, horizonEnd: '2026-05-31', summary: {} })
      .returning();
    const [proposal] = await t.db.db
      .insert(mrpProposals)
      .values({
        ...scope,
        runId: run?.id ?? '',
        seq: 1,
        productId: wheel.id,
        kind: 'work',
        quantity: '1.11108889',
        needDate: '2026-03-10',
        releaseDate: '2026-03-03',
        pastDue: false,
      })
      .returning();
    expect(proposal?.quantity).toBe('1.11108889');
    const workOrder = (number: number) => ({
      ...scope,
      number,
      productId: wheel.id,
      quantity: '1.1111',
      needDate: '2026-03-10',
      releaseDate: '2026-03-03',
      mrpRunId: run?.id,
      mrpProposalId: proposal?.id,
    });
    await t.db.db.insert(workOrders).values(workOrder(1));
    expect(await refusal(t.db.db.insert(workOrders).values(workOrder(2)))).toContain(
      'work_orders_proposal_key',
    );
    expect(
      await refusal(
        t.db.db
          .insert(workOrders)
          .values({ ...workOrder(3), mrpProposalId: null, releaseDate: '2026-03-11' }),
      ),
    ).toContain('work_orders_dates_check');
    expect(
      await refusal(t.db.db.insert(workOrders).values({ ...workOrder(1), mrpProposalId: null })),
    ).toContain('work_orders_workspace_number_key');
  });

  it("hold a proposal to its run's workspace, and delete both with the workspace (migration 0017)", async () => {
    const { tenant, scope, product } = await workspaceScope();
    const wheel = await product('Wheel', { procurementType: 'make' });
    const [run] = await t.db.db
      .insert(mrpRuns)
      .values({ ...scope, today: '2026-03-02', horizonDays: 90, horizonEnd: '2026-05-31', summary: {} })
      .returning();
    const proposal = {
      ...scope,
      runId: run?.id ?? '',
      seq: 1,
      productId: wheel.id,
      kind: 'work' as const,
      quantity: '2',
      needDate: '2026-03-10',
      releaseDate: '2026-03-03',
      pastDue: false,
    };
    // Another workspace of the same account: the run's key refuses it (no key of its own holds it).
    const other = await createWorkspace(t, tenant.home.token, { template: 'mrp', workspace_name: 'Other' });
    expect(
      await refusal(t.db.db.insert(mrpProposals).values({ ...proposal, workspaceId: other.workspace_id })),
    ).toContain('mrp_proposals_run_fk');
    // Nor a workspace that does not exist.
    expect(
      await refusal(
        t.db.db
          .insert(mrpProposals)
          .values({ ...proposal, workspaceId: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toContain('mrp_proposals_run_fk');
    await t.db.db.insert(mrpProposals).values(proposal);

    await t.db.db
      .delete(workspaces)
      .where(and(eq(workspaces.accountId, scope.accountId), eq(workspaces.id, scope.workspaceId)));
    const left = await t.db.db
      .select({ id: mrpProposals.id })
      .from(mrpProposals)
      .where(
        and(eq(mrpProposals.accountId, scope.accountId), eq(mrpProposals.workspaceId, scope.workspaceId)),
      );
    expect(left).toEqual([]);
  });
});
