import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type {
  StockMove,
  stockAdjustmentBody,
  stockMoveExportQuery,
  stockMoveListQuery,
} from '@workhub/shared/schemas/operations';
import { orderNumberLabel } from '@workhub/shared/schemas/operations-orders';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { outer, relatedColumn } from '../../db/correlated.ts';
import { sortedListOf, sortedPageOf } from '../../db/paging.ts';
import { users } from '../../db/schema/users.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import { containing, ListShape } from '../../lib/list-query.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import { compare, decimal, formatGrouped, sub } from './mrp/decimal.ts';
import { products } from './operations.schema.ts';
import {
  customerOrderLines,
  customerOrders,
  purchaseOrderLines,
  purchaseOrders,
  stockMoves,
  workOrders,
} from './orders.schema.ts';
import { invalidFields } from './orders-rules.ts';
import { applyStockChanges, lockProducts } from './stock-ledger.ts';
import { fractionalQuantities } from './whole-units.ts';

type ListQuery = z.output<typeof stockMoveListQuery>;
type ExportQuery = z.output<typeof stockMoveExportQuery>;
type AdjustmentInput = z.output<typeof stockAdjustmentBody>;

const m = stockMoves;

/** Stock moves (every change of on-hand, with what made it) and stock counts (adjustments). */
export function createStockService(ctx: Ctx) {
  const { db, now } = ctx;

  /**
   * Moves with the product's name, who made them, and the order or work order they came from: each
   * a correlated sub-select, not a join. A workspace's few products among every workspace's made the
   * planner guess the joins at a dozen rows and sort the whole history of moves for a page (5,000
   * read for 14 in stock-moves-plan.postgres.test.ts); from the moves alone a page is read in the
   * index's order.
   */
  function selectMoves(where: SQL | undefined) {
    type Lines = typeof purchaseOrderLines | typeof customerOrderLines;
    const ofLine = (lines: Lines, line: PgColumn) =>
      relatedColumn<string | null>(lines, { accountId: m.accountId, id: line }, lines.orderId);
    const orderNumber = (
      lines: Lines,
      orders: typeof purchaseOrders | typeof customerOrders,
      line: PgColumn,
    ) =>
      relatedColumn<number | null>(
        lines,
        { accountId: m.accountId, id: line },
        orders.number,
        sql`inner join ${orders} on ${orders.accountId} = ${lines.accountId} and ${orders.id} = ${lines.orderId}`,
      ).mapWith(Number);
    const author = (column: SQL) =>
      sql<string | null>`(select ${column} from ${users} where ${users.id} = ${outer(m.createdBy)})`;
    return db
      .select({
        row: m,
        productName: relatedColumn<string>(
          products,
          { accountId: m.accountId, id: m.productId },
          products.productName,
        ),
        firstName: author(sql`${users.firstName}`),
        lastName: author(sql`${users.lastName}`),
        purchaseOrderId: ofLine(purchaseOrderLines, m.purchaseOrderLineId),
        purchaseOrderNumber: orderNumber(purchaseOrderLines, purchaseOrders, m.purchaseOrderLineId),
        customerOrderId: ofLine(customerOrderLines, m.customerOrderLineId),
        customerOrderNumber: orderNumber(customerOrderLines, customerOrders, m.customerOrderLineId),
        workOrderNumber: relatedColumn<number | null>(
          workOrders,
          { accountId: m.accountId, id: m.workOrderId },
          workOrders.number,
        ).mapWith(Number),
      })
      .from(m)
      .where(where)
      .$dynamic();
  }
  type Selected = Awaited<ReturnType<typeof selectMoves>>[number];

  function referenceOf(r: Selected): StockMove['reference'] {
    const { row } = r;
    if (row.purchaseOrderLineId && r.purchaseOrderId && r.purchaseOrderNumber !== null) {
      const label = orderNumberLabel('purchase_order', r.purchaseOrderNumber);
      return { kind: 'purchase_order', id: r.purchaseOrderId, line_id: row.purchaseOrderLineId, label };
    }
    if (row.customerOrderLineId && r.customerOrderId && r.customerOrderNumber !== null) {
      const label = orderNumberLabel('customer_order', r.customerOrderNumber);
      return { kind: 'customer_order', id: r.customerOrderId, line_id: row.customerOrderLineId, label };
    }
    if (row.workOrderId && r.workOrderNumber !== null) {
      const label = orderNumberLabel('work_order', r.workOrderNumber);
      return { kind: 'work_order', id: row.workOrderId, line_id: null, label };
    }
    return null;
  }

  const toMove = (r: Selected): StockMove => ({
    id: r.row.id,
    product_id: r.row.productId,
    product_name: r.productName,
    kind: r.row.kind,
    qty_delta: r.row.qtyDelta,
    on_hand_after: r.row.onHandAfter,
    reference: referenceOf(r),
    reason: r.row.reason,
    created_by: r.row.createdBy,
    created_by_name: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
    created_at: r.row.createdAt.toISOString(),
  });

  function listOf(scope: WorkspaceScope, query: ExportQuery) {
    const shape = new ListShape('stock_moves', scope.workspaceValues(), () => inScopeWorkspace(m))
      .param('product_id', query.product_id, (id) => eq(m.productId, id))
      .param('kind', query.kind, (kind) => eq(m.kind, kind))
      // q: the product's name or the reason contains (a subquery: the count reads the moves alone).
      .param(
        'q',
        query.q ? containing(query.q) : undefined,
        (q) =>
          or(
            ilike(m.reason, q),
            sql`exists (select 1 from ${products} where ${products.accountId} = ${m.accountId} and ${products.id} = ${m.productId} and ${ilike(products.productName, q)})`,
          ) as SQL,
      )
      .sorted(query.sort);
    const direction = query.sort === 'created_at' ? asc : desc;
    return {
      shape,
      build: () => ({ select: selectMoves(shape.where()), order: [direction(m.createdAt), direction(m.id)] }),
      table: m,
      toItem: toMove,
    };
  }

  const list = (scope: WorkspaceScope, query: ListQuery) => sortedPageOf(db, query, listOf(scope, query));

  async function exportCsv(scope: WorkspaceScope, query: ExportQuery) {
    const fetched = await sortedListOf(db, listOf(scope, query), EXPORT_ROWS_MAX + 1);
    const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
    const csv = toCsv(
      ['When (UTC)', 'Product', 'Kind', 'Change', 'On hand after', 'Reference', 'Reason', 'By'],
      rows.map((r) => [
        r.created_at,
        r.product_name,
        r.kind,
        r.qty_delta,
        r.on_hand_after,
        r.reference?.label,
        r.reason,
        r.created_by_name,
      ]),
    );
    const at = now();
    await recordAudit(db, exportEvent(scope, 'export.stock_moves', rows.length, query, at));
    return { filename: csvFilename('stock-moves', at), csv, truncatedAt };
  }

  /**
   * A count (docs/decisions.md 023): `quantity` is the new on-hand figure; the move records the
   * difference to the locked figure (0 when the count found what the books said) and the reason.
   * Made against `expected_on_hand` (what the counter saw), it is refused (409) once any move has
   * changed the stock since: applied, it would silently undo that move (a work order's consumption
   * written back as a count).
   */
  async function adjust(scope: WorkspaceScope, input: AdjustmentInput): Promise<StockMove> {
    const id = await db.transaction(async (tx) => {
      const product = (await lockProducts(tx, scope, [input.product_id])).get(input.product_id);
      if (!product) throw invalidFields({ product_id: operationsMessages.productUnknown });
      // Counted in whole units, the count is whole (a fractional figure on hand may stay from before).
      const fractional = await fractionalQuantities(tx, scope, [
        { field: 'quantity', productId: product.id, quantity: input.quantity },
      ]);
      if (Object.keys(fractional).length > 0) throw invalidFields(fractional);
      if (input.expected_on_hand !== null && compare(decimal(input.expected_on_hand), product.onHand) !== 0) {
        const message = operationsMessages.stockChangedSinceCount(
          product.name,
          formatGrouped(product.onHand),
        );
        throw conflict(message, { quantity: message });
      }
      const delta = sub(decimal(input.quantity), product.onHand);
      const [move] = await applyStockChanges(
        tx,
        scope,
        [{ productId: product.id, kind: 'adjustment', delta, reason: input.reason }],
        { userId: scope.auth.user_id, at: now() },
      );
      if (!move) throw new Error('the adjustment wrote no move');
      return move.id;
    });
    const [row] = await selectMoves(and(scope.workspace(m), eq(m.id, id)));
    if (!row) throw notFound();
    return toMove(row);
  }

  return {
    list,
    /** The list's statement's parts (db/paging.ts), for the test that reads its plan. */
    listOf,
    exportCsv,
    adjust,
  };
}

export type StockService = ReturnType<typeof createStockService>;
