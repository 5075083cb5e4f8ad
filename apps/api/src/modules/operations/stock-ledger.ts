import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { StockMoveKind } from '@workhub/shared/schemas/operations';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import {
  add,
  compare,
  type Decimal,
  decimal,
  format,
  formatGrouped,
  isNegative,
  sub,
  ZERO,
} from './mrp/decimal.ts';
import { products } from './operations.schema.ts';
import { type StockMoveRow, stockMoves } from './orders.schema.ts';

/*
 * The one way stock changes (docs/decisions.md 023): the products' rows are locked (SELECT ... FOR
 * UPDATE, in id order, so two transactions locking several products never wait for each other in
 * a circle), every change is checked against the locked figure, then the products' new figures
 * and one stock move per change are written, in the caller's transaction. The check constraint
 * products_qty_check stays the backstop.
 */

/** numeric(14,4)'s largest value: stock above it cannot be stored. */
const STOCK_MAX = decimal('9999999999.9999');

export type LockedProduct = { id: string; name: string; onHand: Decimal };

/** One change of one product's stock and what made it (the stock_moves_reference_check rules). */
export type StockChange = {
  productId: string;
  kind: StockMoveKind;
  /** Signed: + into stock, − out of it; at most 4 decimals. */
  delta: Decimal;
  purchaseOrderLineId?: string;
  customerOrderLineId?: string;
  workOrderId?: string;
  reason?: string;
};

/** Locks the workspace's products of `ids` (in id order) and answers them by id; a missing one is absent. */
export async function lockProducts(
  tx: Db,
  scope: WorkspaceScope,
  ids: readonly string[],
): Promise<Map<string, LockedProduct>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, name: products.productName, onHand: products.productQty })
    .from(products)
    .where(and(scope.workspace(products), inArray(products.id, unique)))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, onHand: decimal(row.onHand) }]));
}

/**
 * Applies `changes` in their order: 409 notEnoughStock naming the first product whose stock would
 * fall below 0 (with its figure and what the changes take from it), and nothing is written. A
 * product that is not the workspace's is a programming error here: callers check their input first.
 */
export async function applyStockChanges(
  tx: Db,
  scope: WorkspaceScope,
  changes: readonly StockChange[],
  by: { userId: string; at: Date },
): Promise<StockMoveRow[]> {
  if (changes.length === 0) return [];
  const locked = await lockProducts(
    tx,
    scope,
    changes.map((c) => c.productId),
  );
  const running = new Map<string, Decimal>();
  const afters: Decimal[] = [];
  for (const change of changes) {
    const product = locked.get(change.productId);
    if (!product) throw new Error(`product ${change.productId} is not of the workspace`);
    const after = add(running.get(product.id) ?? product.onHand, change.delta);
    running.set(product.id, after);
    afters.push(after);
  }
  for (const [id, after] of running) {
    const product = locked.get(id);
    if (!product) continue;
    if (isNegative(after)) {
      const taken = changes
        .filter((c) => c.productId === id && isNegative(c.delta))
        .reduce((sum, c) => sub(sum, c.delta), ZERO);
      throw conflict(
        operationsMessages.notEnoughStock(product.name, formatGrouped(product.onHand), formatGrouped(taken)),
      );
    }
    if (compare(after, STOCK_MAX) > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', messages.decimalTooLarge, {
        fields: { quantity: messages.decimalTooLarge },
      });
    }
  }
  const figures = [...running].map(([id, after]) => sql`(${id}::uuid, ${format(after)}::numeric)`);
  await tx.execute(sql`
    update ${products} set product_qty = figures.qty
    from (values ${sql.join(figures, sql`, `)}) as figures(id, qty)
    where ${scope.workspace(products)} and ${products.id} = figures.id`);
  return tx
    .insert(stockMoves)
    .values(
      changes.map((change, i) => ({
        ...scope.workspaceValues(),
        productId: change.productId,
        kind: change.kind,
        qtyDelta: format(change.delta),
        onHandAfter: format(afters[i] ?? ZERO),
        purchaseOrderLineId: change.purchaseOrderLineId ?? null,
        customerOrderLineId: change.customerOrderLineId ?? null,
        workOrderId: change.workOrderId ?? null,
        reason: change.reason ?? null,
        createdBy: by.userId,
        createdAt: by.at,
      })),
    )
    .returning();
}
