import { orderNumberLabel } from '@workhub/shared/schemas/operations-orders';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { decimal, format } from './mrp/decimal.ts';
import type { CustomerDemand, PlanInput, ScheduledReceipt } from './mrp/plan-types.ts';
import type { BomLine, PlanProduct } from './mrp/types.ts';
import { bomLines, products, uoms } from './operations.schema.ts';
import {
  customerOrderLines,
  customerOrders,
  purchaseOrderLines,
  purchaseOrders,
  workOrders,
} from './orders.schema.ts';

/**
 * What an MRP run reads of the workspace (docs/api.md 'The MRP run', decision 023): the active
 * products, the active BOM lines of active parents, the open demand (lines of confirmed customer
 * orders: quantity − shipped) and the open supply (lines of draft and confirmed purchase orders:
 * quantity − received; planned and released work orders), so that a confirmed proposal is never
 * proposed again. Besides the engine's input it keeps what the screen names things by: product
 * names, order numbers, customers; `labels` turns any id of the run's messages into words.
 */
export type MrpRunInputs = {
  input: PlanInput;
  /** Every product of the workspace (inactive ones too: an exception may name one). */
  productNames: Map<string, string>;
  /** Customer order line id -> 'CO-00012 line 1 (Acme)'. */
  demandLabels: Map<string, string>;
  /** Work order id -> 'WO-00003: 5 Wheel'. */
  workOrderLabels: Map<string, string>;
  /** Ids in the engine's messages (products, orders, lines, work orders) -> what people call them. */
  labels: Map<string, string>;
};

/** '5.0000' -> '5': a quantity as the engine writes it, for a label. */
export const plainQty = (value: string): string => format(decimal(value));

export async function loadMrpInputs(
  tx: Db,
  scope: WorkspaceScope,
  today: string,
  horizonDays: number,
): Promise<MrpRunInputs> {
  const [productRows, lineRows, demandRows, purchaseRows, workRows] = await Promise.all([
    tx
      .select({
        id: products.id,
        name: products.productName,
        status: products.status,
        procurementType: products.procurementType,
        onHand: products.productQty,
        safetyStock: products.safetyStock,
        minOrderQty: products.minOrderQty,
        leadTime: products.leadTime,
        leadTimeUnit: products.leadTimeUnit,
        wholeUnits: sql<boolean>`coalesce(${uoms.wholeUnits}, false)`,
      })
      .from(products)
      .leftJoin(uoms, and(eq(uoms.accountId, products.accountId), eq(uoms.id, products.uomId)))
      .where(scope.workspace(products)),
    tx
      .select({
        id: bomLines.id,
        parentId: bomLines.productNeedId,
        componentId: bomLines.productNeededId,
        qty: bomLines.bomQty,
        leadTime: bomLines.leadTime,
        leadTimeUnit: bomLines.leadTimeUnit,
      })
      .from(bomLines)
      .where(and(scope.workspace(bomLines), eq(bomLines.status, 'active'))),
    tx
      .select({
        orderId: customerOrders.id,
        number: customerOrders.number,
        customer: customerOrders.customerName,
        lineId: customerOrderLines.id,
        position: customerOrderLines.position,
        productId: customerOrderLines.productId,
        remaining: sql<string>`(${customerOrderLines.quantity} - ${customerOrderLines.shippedQty})::text`,
        dueDate: customerOrderLines.dueDate,
      })
      .from(customerOrders)
      .innerJoin(
        customerOrderLines,
        and(
          eq(customerOrderLines.accountId, customerOrders.accountId),
          eq(customerOrderLines.orderId, customerOrders.id),
        ),
      )
      .where(
        and(
          scope.workspace(customerOrders),
          eq(customerOrders.status, 'confirmed'),
          gt(customerOrderLines.quantity, customerOrderLines.shippedQty),
        ),
      ),
    tx
      .select({
        number: purchaseOrders.number,
        lineId: purchaseOrderLines.id,
        position: purchaseOrderLines.position,
        productId: purchaseOrderLines.productId,
        remaining: sql<string>`(${purchaseOrderLines.quantity} - ${purchaseOrderLines.receivedQty})::text`,
        dueDate: purchaseOrderLines.dueDate,
      })
      .from(purchaseOrders)
      .innerJoin(
        purchaseOrderLines,
        and(
          eq(purchaseOrderLines.accountId, purchaseOrders.accountId),
          eq(purchaseOrderLines.orderId, purchaseOrders.id),
        ),
      )
      .where(
        and(
          scope.workspace(purchaseOrders),
          inArray(purchaseOrders.status, ['draft', 'confirmed']),
          gt(purchaseOrderLines.quantity, purchaseOrderLines.receivedQty),
        ),
      ),
    tx
      .select({
        id: workOrders.id,
        number: workOrders.number,
        productId: workOrders.productId,
        quantity: workOrders.quantity,
        needDate: workOrders.needDate,
      })
      .from(workOrders)
      .where(and(scope.workspace(workOrders), inArray(workOrders.status, ['planned', 'released']))),
  ]);

  const productNames = new Map(productRows.map((row) => [row.id, row.name]));
  const nameOf = (id: string) => productNames.get(id) ?? id;
  const active = new Set<string>();
  const planProducts: PlanProduct[] = [];
  for (const row of productRows) {
    if (row.status !== 'active') continue;
    active.add(row.id);
    planProducts.push({
      id: row.id,
      procurement_type: row.procurementType,
      on_hand: row.onHand,
      safety_stock: row.safetyStock,
      min_order_qty: row.minOrderQty,
      lead_time: row.leadTime,
      lead_time_unit: row.leadTimeUnit,
      whole_units: row.wholeUnits,
    });
  }
  const labels = new Map(productNames);
  const lines: BomLine[] = [];
  for (const row of lineRows) {
    // An inactive parent is not planned: its lines say nothing (an inactive component of an active
    // parent does: the engine reports the line).
    if (!active.has(row.parentId)) continue;
    labels.set(row.id, `${nameOf(row.parentId)} → ${nameOf(row.componentId)}`);
    lines.push({
      id: row.id,
      parent_id: row.parentId,
      component_id: row.componentId,
      qty: row.qty,
      lead_time: row.leadTime,
      lead_time_unit: row.leadTimeUnit,
    });
  }

  const demandLabels = new Map<string, string>();
  const demands: CustomerDemand[] = demandRows.map((row) => {
    const number = orderNumberLabel('customer_order', row.number);
    labels.set(row.orderId, number);
    labels.set(row.lineId, String(row.position));
    demandLabels.set(row.lineId, `${number} line ${row.position} (${row.customer})`);
    return {
      order_id: row.orderId,
      line_id: row.lineId,
      product_id: row.productId,
      qty: row.remaining,
      due_date: row.dueDate,
    };
  });
  const receipts: ScheduledReceipt[] = purchaseRows.map((row) => {
    labels.set(row.lineId, `${orderNumberLabel('purchase_order', row.number)}/${row.position}`);
    return {
      source: 'purchase_order',
      id: row.lineId,
      product_id: row.productId,
      qty: row.remaining,
      due_date: row.dueDate,
    };
  });
  const workOrderLabels = new Map<string, string>();
  for (const row of workRows) {
    const number = orderNumberLabel('work_order', row.number);
    labels.set(row.id, number);
    workOrderLabels.set(row.id, `${number}: ${plainQty(row.quantity)} ${nameOf(row.productId)}`);
    receipts.push({
      source: 'work_order',
      id: row.id,
      product_id: row.productId,
      qty: row.quantity,
      due_date: row.needDate,
    });
  }

  return {
    input: {
      today,
      horizon_days: horizonDays,
      products: planProducts,
      lines,
      demands,
      receipts,
    },
    productNames,
    demandLabels,
    workOrderLabels,
    labels,
  };
}
