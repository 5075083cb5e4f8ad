import {
  CUSTOMER_ORDER_STATUSES,
  PURCHASE_ORDER_STATUSES,
  STOCK_MOVE_KINDS,
  WORK_ORDER_STATUSES,
} from '@workhub/shared/schemas/operations';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from '../../db/schema/columns.ts';
import { users } from '../../db/schema/users.ts';
import { mrpProposals, mrpRuns } from './mrp.schema.ts';
import { decimal, products, sameWorkspaceFk, workspaceFk } from './operations.schema.ts';

// Purchase orders, customer orders, work orders and the stock moves they make (operations.schema.ts
// says how the module's tables are keyed). An order's `number` is per workspace and sequence, from
// order_number_sequences; the web shows it as PO-00001 (orderNumberLabel in packages/shared).
// Stock changes only with a stock move written in the same transaction as the product's new figure.

const orderColumns = () => ({
  accountId: uuid('account_id').notNull(),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  workspaceId: uuid('workspace_id').notNull(),
  number: integer('number').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  /** The order's due date: each line's due date unless the line says otherwise. */
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  notes: text('notes'),
  confirmedAt: timestamptz('confirmed_at'),
  closedAt: timestamptz('closed_at'),
  cancelledAt: timestamptz('cancelled_at'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

const lineColumns = () => ({
  accountId: uuid('account_id').notNull(),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  workspaceId: uuid('workspace_id').notNull(),
  orderId: uuid('order_id').notNull(),
  /** The line's place in its order, from 1. */
  position: integer('position').notNull(),
  productId: uuid('product_id').notNull(),
  quantity: decimal('quantity').notNull(),
  unitPrice: decimal('unit_price').notNull().default('0'),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
});

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...orderColumns(),
    /** Optional: a draft made by an MRP run has none until someone picks the supplier. */
    supplierName: text('supplier_name'),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('draft'),
    /** When everything was received. */
    receivedAt: timestamptz('received_at'),
  },
  (t) => [
    primaryKey({ name: 'purchase_orders_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('purchase_orders_workspace_fk', t.accountId, t.workspaceId),
    unique('purchase_orders_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    // The number is unique per workspace; also the list by number.
    unique('purchase_orders_workspace_number_key').on(t.accountId, t.workspaceId, t.number),
    // The status filter (and late orders: confirmed, due before today), by due date.
    index('purchase_orders_workspace_status_due_idx').on(
      t.accountId,
      t.workspaceId,
      t.status,
      t.dueDate,
      t.id,
    ),
    // The status filter in the list's default order, by number.
    index('purchase_orders_workspace_status_number_idx').on(t.accountId, t.workspaceId, t.status, t.number),
    index('purchase_orders_workspace_due_idx').on(t.accountId, t.workspaceId, t.dueDate, t.id),
    index('purchase_orders_workspace_order_date_idx').on(t.accountId, t.workspaceId, t.orderDate, t.id),
    index('purchase_orders_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    check('purchase_orders_status_check', sql`${t.status} in (${inList(PURCHASE_ORDER_STATUSES)})`),
    check('purchase_orders_number_check', sql`${t.number} >= 1`),
    check('purchase_orders_dates_check', sql`${t.dueDate} >= ${t.orderDate}`),
    check(
      'purchase_orders_confirmed_check',
      sql`${t.status} in ('draft', 'cancelled') or ${t.confirmedAt} is not null`,
    ),
    check(
      'purchase_orders_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`,
    ),
    check('purchase_orders_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    ...lineColumns(),
    receivedQty: decimal('received_qty').notNull().default('0'),
    /** The MRP proposal it was made from: a proposal becomes at most one order line or work order. */
    mrpProposalId: uuid('mrp_proposal_id'),
  },
  (t) => [
    primaryKey({ name: 'purchase_order_lines_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('purchase_order_lines_workspace_fk', t.accountId, t.workspaceId),
    sameWorkspaceFk('purchase_order_lines_order_fk', t, t.orderId, purchaseOrders).onDelete('cascade'),
    sameWorkspaceFk('purchase_order_lines_product_fk', t, t.productId, products),
    // Onto the proposal's primary key: the service writes it from a proposal of the run it read in
    // the workspace (no one types it), and the largest table needs no third unique index.
    foreignKey({
      name: 'purchase_order_lines_proposal_fk',
      columns: [t.accountId, t.mrpProposalId],
      foreignColumns: [mrpProposals.accountId, mrpProposals.id],
    }),
    // An order's lines in order; also the order's foreign key.
    unique('purchase_order_lines_order_position_key').on(t.accountId, t.orderId, t.position),
    // A product's open supply (the MRP run, the product page).
    index('purchase_order_lines_product_idx').on(t.accountId, t.productId, t.dueDate),
    uniqueIndex('purchase_order_lines_proposal_key').on(t.accountId, t.mrpProposalId),
    check('purchase_order_lines_position_check', sql`${t.position} >= 1`),
    check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('purchase_order_lines_price_check', sql`${t.unitPrice} >= 0`),
    check(
      'purchase_order_lines_received_check',
      sql`${t.receivedQty} >= 0 and ${t.receivedQty} <= ${t.quantity}`,
    ),
  ],
);

export const customerOrders = pgTable(
  'customer_orders',
  {
    ...orderColumns(),
    customerName: text('customer_name').notNull(),
    status: text('status', { enum: CUSTOMER_ORDER_STATUSES }).notNull().default('draft'),
    /** When everything was shipped. */
    shippedAt: timestamptz('shipped_at'),
  },
  (t) => [
    primaryKey({ name: 'customer_orders_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('customer_orders_workspace_fk', t.accountId, t.workspaceId),
    unique('customer_orders_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    unique('customer_orders_workspace_number_key').on(t.accountId, t.workspaceId, t.number),
    index('customer_orders_workspace_status_due_idx').on(
      t.accountId,
      t.workspaceId,
      t.status,
      t.dueDate,
      t.id,
    ),
    // The status filter in the list's default order, by number.
    index('customer_orders_workspace_status_number_idx').on(t.accountId, t.workspaceId, t.status, t.number),
    index('customer_orders_workspace_due_idx').on(t.accountId, t.workspaceId, t.dueDate, t.id),
    // Also the dashboard's sales value and orders per week.
    index('customer_orders_workspace_order_date_idx').on(t.accountId, t.workspaceId, t.orderDate, t.id),
    index('customer_orders_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    check('customer_orders_status_check', sql`${t.status} in (${inList(CUSTOMER_ORDER_STATUSES)})`),
    check('customer_orders_number_check', sql`${t.number} >= 1`),
    check('customer_orders_dates_check', sql`${t.dueDate} >= ${t.orderDate}`),
    check(
      'customer_orders_confirmed_check',
      sql`${t.status} in ('draft', 'cancelled') or ${t.confirmedAt} is not null`,
    ),
    check(
      'customer_orders_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`,
    ),
    check('customer_orders_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

export const customerOrderLines = pgTable(
  'customer_order_lines',
  {
    ...lineColumns(),
    shippedQty: decimal('shipped_qty').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'customer_order_lines_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('customer_order_lines_workspace_fk', t.accountId, t.workspaceId),
    sameWorkspaceFk('customer_order_lines_order_fk', t, t.orderId, customerOrders).onDelete('cascade'),
    sameWorkspaceFk('customer_order_lines_product_fk', t, t.productId, products),
    unique('customer_order_lines_order_position_key').on(t.accountId, t.orderId, t.position),
    // A product's open demand (the MRP run, the product page).
    index('customer_order_lines_product_idx').on(t.accountId, t.productId, t.dueDate),
    check('customer_order_lines_position_check', sql`${t.position} >= 1`),
    check('customer_order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('customer_order_lines_price_check', sql`${t.unitPrice} >= 0`),
    check(
      'customer_order_lines_shipped_check',
      sql`${t.shippedQty} >= 0 and ${t.shippedQty} <= ${t.quantity}`,
    ),
  ],
);

/** Making `quantity` of a product by `need_date`; created by confirming an MRP work proposal. */
export const workOrders = pgTable(
  'work_orders',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    number: integer('number').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: decimal('quantity').notNull(),
    /** The day it must be done (its due date); release_date = need_date − the product's lead time. */
    needDate: date('need_date', { mode: 'string' }).notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: WORK_ORDER_STATUSES }).notNull().default('planned'),
    mrpRunId: uuid('mrp_run_id'),
    mrpProposalId: uuid('mrp_proposal_id'),
    notes: text('notes'),
    releasedAt: timestamptz('released_at'),
    completedAt: timestamptz('completed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'work_orders_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('work_orders_workspace_fk', t.accountId, t.workspaceId),
    sameWorkspaceFk('work_orders_product_fk', t, t.productId, products),
    sameWorkspaceFk('work_orders_run_fk', t, t.mrpRunId, mrpRuns),
    foreignKey({
      name: 'work_orders_proposal_fk',
      columns: [t.accountId, t.mrpProposalId],
      foreignColumns: [mrpProposals.accountId, mrpProposals.id],
    }),
    unique('work_orders_workspace_number_key').on(t.accountId, t.workspaceId, t.number),
    // Confirming a proposal twice can never make two work orders (Odoo's duplicate MOs, #64124).
    uniqueIndex('work_orders_proposal_key').on(t.accountId, t.mrpProposalId),
    // The list: by need date (the default), filtered by status or product; by release date, creation.
    index('work_orders_workspace_status_need_idx').on(t.accountId, t.workspaceId, t.status, t.needDate, t.id),
    index('work_orders_workspace_need_idx').on(t.accountId, t.workspaceId, t.needDate, t.id),
    index('work_orders_workspace_product_need_idx').on(
      t.accountId,
      t.workspaceId,
      t.productId,
      t.needDate,
      t.id,
    ),
    index('work_orders_workspace_release_idx').on(t.accountId, t.workspaceId, t.releaseDate, t.id),
    index('work_orders_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    check('work_orders_status_check', sql`${t.status} in (${inList(WORK_ORDER_STATUSES)})`),
    check('work_orders_number_check', sql`${t.number} >= 1`),
    check('work_orders_quantity_check', sql`${t.quantity} > 0`),
    check('work_orders_dates_check', sql`${t.releaseDate} <= ${t.needDate}`),
    check(
      'work_orders_released_check',
      sql`${t.status} not in ('released', 'completed') or ${t.releasedAt} is not null`,
    ),
    check('work_orders_completed_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    check('work_orders_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
  ],
);

/**
 * Every change of a product's on-hand figure, with what made it. The references point at primary
 * keys: the service writes them from the rows it changes in the same transaction.
 */
export const stockMoves = pgTable(
  'stock_moves',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    productId: uuid('product_id').notNull(),
    kind: text('kind', { enum: STOCK_MOVE_KINDS }).notNull(),
    /** Signed: + into stock, − out of it. */
    qtyDelta: decimal('qty_delta').notNull(),
    /** The product's on-hand figure after this move. */
    onHandAfter: decimal('on_hand_after').notNull(),
    purchaseOrderLineId: uuid('purchase_order_line_id'),
    customerOrderLineId: uuid('customer_order_line_id'),
    workOrderId: uuid('work_order_id'),
    /** Why: required for an adjustment ('Opening stock' for a new product's figure). */
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_moves_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('stock_moves_workspace_fk', t.accountId, t.workspaceId),
    sameWorkspaceFk('stock_moves_product_fk', t, t.productId, products),
    foreignKey({
      name: 'stock_moves_purchase_order_line_fk',
      columns: [t.accountId, t.purchaseOrderLineId],
      foreignColumns: [purchaseOrderLines.accountId, purchaseOrderLines.id],
    }),
    foreignKey({
      name: 'stock_moves_customer_order_line_fk',
      columns: [t.accountId, t.customerOrderLineId],
      foreignColumns: [customerOrderLines.accountId, customerOrderLines.id],
    }),
    foreignKey({
      name: 'stock_moves_work_order_fk',
      columns: [t.accountId, t.workOrderId],
      foreignColumns: [workOrders.accountId, workOrders.id],
    }),
    // GET /api/stock-moves?product_id= (a product's history), and all moves, and by kind; newest first.
    index('stock_moves_workspace_product_created_idx').on(
      t.accountId,
      t.workspaceId,
      t.productId,
      t.createdAt,
      t.id,
    ),
    index('stock_moves_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    index('stock_moves_workspace_kind_created_idx').on(t.accountId, t.workspaceId, t.kind, t.createdAt, t.id),
    // An order line's or work order's moves (its detail page).
    index('stock_moves_purchase_order_line_idx').on(t.accountId, t.purchaseOrderLineId),
    index('stock_moves_customer_order_line_idx').on(t.accountId, t.customerOrderLineId),
    index('stock_moves_work_order_idx').on(t.accountId, t.workOrderId),
    check('stock_moves_kind_check', sql`${t.kind} in (${inList(STOCK_MOVE_KINDS)})`),
    check('stock_moves_on_hand_check', sql`${t.onHandAfter} >= 0`),
    // Each kind has its sign and names what made it, and nothing else.
    check(
      'stock_moves_reference_check',
      sql`case ${t.kind}
        when 'receipt' then ${t.qtyDelta} > 0 and ${t.purchaseOrderLineId} is not null
          and ${t.customerOrderLineId} is null and ${t.workOrderId} is null
        when 'shipment' then ${t.qtyDelta} < 0 and ${t.customerOrderLineId} is not null
          and ${t.purchaseOrderLineId} is null and ${t.workOrderId} is null
        when 'production_in' then ${t.qtyDelta} > 0 and ${t.workOrderId} is not null
          and ${t.purchaseOrderLineId} is null and ${t.customerOrderLineId} is null
        when 'production_out' then ${t.qtyDelta} < 0 and ${t.workOrderId} is not null
          and ${t.purchaseOrderLineId} is null and ${t.customerOrderLineId} is null
        else ${t.reason} is not null and ${t.purchaseOrderLineId} is null
          and ${t.customerOrderLineId} is null and ${t.workOrderId} is null
      end`,
    ),
  ],
);

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
export type CustomerOrderRow = typeof customerOrders.$inferSelect;
export type CustomerOrderLineRow = typeof customerOrderLines.$inferSelect;
export type WorkOrderRow = typeof workOrders.$inferSelect;
export type StockMoveRow = typeof stockMoves.$inferSelect;
