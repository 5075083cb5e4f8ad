import {
  BOM_ATTACHMENT_MAX_BYTES,
  LEAD_TIME_UNITS,
  OPERATIONS_RECORD_STATUSES,
  ORDER_NUMBER_SEQUENCES,
  PROCUREMENT_TYPES,
} from '@workhub/shared/schemas/operations';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from '../../db/schema/columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaces } from '../../db/schema/workspaces.ts';

// The operations module's tables (issue 13; docs/api.md 'Operations'). Every one is a workspace's:
// account_id and workspace_id, primary key (account_id, id), and a cascade from its workspace.
// A reference between them is (account_id, workspace_id, <id>) onto a unique key of the same three
// columns, so the database refuses a product, catalog, order or run of another workspace of the
// same account too (as tags do); the service checks first, to answer 400 with a message.
// Money and quantities are numeric(14,4) (never a float); days are `date`, instants timestamptz.
// Records with a name sort by lower(name), which is unique per workspace: that order is total, so
// the name indexes need no id after it. Every other list index ends with its sort column and id.

/** numeric(14,4): money and quantities (packages/shared DECIMAL_*). Drizzle reads it as text. */
export const decimal = (name: string) => numeric(name, { precision: 14, scale: 4 });

export const workspaceFk = (name: string, accountId: AnyColumn, workspaceId: AnyColumn) =>
  foreignKey({
    name,
    columns: [accountId, workspaceId],
    foreignColumns: [workspaces.accountId, workspaces.id],
  }).onDelete('cascade');
export type AnyColumn = Parameters<typeof foreignKey>[0]['columns'][number];

/**
 * A reference to a record of the same workspace: (account_id, workspace_id, `column`) points at
 * the target's (account_id, workspace_id, id), so the database refuses another workspace's record.
 */
export const sameWorkspaceFk = (
  name: string,
  from: { accountId: AnyColumn; workspaceId: AnyColumn },
  column: AnyColumn,
  to: { accountId: AnyColumn; workspaceId: AnyColumn; id: AnyColumn },
) =>
  foreignKey({
    name,
    columns: [from.accountId, from.workspaceId, column],
    foreignColumns: [to.accountId, to.workspaceId, to.id],
  });

// ---------------------------------------------------------------- catalogs and units of measure

const namedRecordColumns = () => ({
  accountId: uuid('account_id').notNull(),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  status: text('status', { enum: OPERATIONS_RECORD_STATUSES }).notNull().default('active'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const catalogs = pgTable('catalogs', namedRecordColumns(), (t) => [
  primaryKey({ name: 'catalogs_pkey', columns: [t.accountId, t.id] }),
  workspaceFk('catalogs_workspace_fk', t.accountId, t.workspaceId),
  unique('catalogs_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
  // One name per workspace whatever the case; also the list by name (the default).
  uniqueIndex('catalogs_workspace_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
  index('catalogs_workspace_status_name_idx').on(t.accountId, t.workspaceId, t.status, sql`lower(${t.name})`),
  index('catalogs_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
  check('catalogs_status_check', sql`${t.status} in (${inList(OPERATIONS_RECORD_STATUSES)})`),
]);

export const uoms = pgTable(
  'uoms',
  {
    ...namedRecordColumns(),
    // Pieces, bicycles: a quantity in this unit on an order, a stock count or a work order is whole.
    wholeUnits: boolean('whole_units').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'uoms_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('uoms_workspace_fk', t.accountId, t.workspaceId),
    unique('uoms_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    uniqueIndex('uoms_workspace_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
    index('uoms_workspace_status_name_idx').on(t.accountId, t.workspaceId, t.status, sql`lower(${t.name})`),
    index('uoms_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    check('uoms_status_check', sql`${t.status} in (${inList(OPERATIONS_RECORD_STATUSES)})`),
  ],
);

// ---------------------------------------------------------------- products and BOM lines

export const products = pgTable(
  'products',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    productName: text('product_name').notNull(),
    productGroup: text('product_group'),
    catalogId: uuid('catalog_id'),
    price: decimal('price').notNull().default('0'),
    color: text('color'),
    /** On hand. Changed only with a stock move in the same transaction (stock_moves.on_hand_after). */
    productQty: decimal('product_qty').notNull().default('0'),
    uomId: uuid('uom_id'),
    description: text('description'),
    status: text('status', { enum: OPERATIONS_RECORD_STATUSES }).notNull().default('active'),
    procurementType: text('procurement_type', { enum: PROCUREMENT_TYPES }).notNull().default('buy'),
    leadTime: integer('lead_time').notNull().default(0),
    leadTimeUnit: text('lead_time_unit', { enum: LEAD_TIME_UNITS }).notNull().default('days'),
    safetyStock: decimal('safety_stock').notNull().default('0'),
    /** The lot size: 0 = lot-for-lot. */
    minOrderQty: decimal('min_order_qty').notNull().default('0'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'products_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('products_workspace_fk', t.accountId, t.workspaceId),
    unique('products_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    sameWorkspaceFk('products_catalog_fk', t, t.catalogId, catalogs),
    sameWorkspaceFk('products_uom_fk', t, t.uomId, uoms),
    // One name per workspace whatever the case (CSV imports of BOM lines name products); the list
    // by name (the default).
    uniqueIndex('products_workspace_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.productName})`),
    // The list's filters, each in name order.
    index('products_workspace_status_name_idx').on(
      t.accountId,
      t.workspaceId,
      t.status,
      sql`lower(${t.productName})`,
    ),
    index('products_catalog_name_idx').on(t.accountId, t.catalogId, sql`lower(${t.productName})`),
    index('products_workspace_type_name_idx').on(
      t.accountId,
      t.workspaceId,
      t.procurementType,
      sql`lower(${t.productName})`,
    ),
    index('products_workspace_group_name_idx').on(
      t.accountId,
      t.workspaceId,
      t.productGroup,
      sql`lower(${t.productName})`,
    ),
    // The list's other sorts.
    index('products_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    index('products_workspace_qty_idx').on(t.accountId, t.workspaceId, t.productQty, t.id),
    index('products_workspace_price_idx').on(t.accountId, t.workspaceId, t.price, t.id),
    // A unit or catalog in use is found without reading the whole table.
    index('products_uom_idx').on(t.accountId, t.uomId),
    check('products_status_check', sql`${t.status} in (${inList(OPERATIONS_RECORD_STATUSES)})`),
    check('products_procurement_type_check', sql`${t.procurementType} in (${inList(PROCUREMENT_TYPES)})`),
    check('products_lead_time_unit_check', sql`${t.leadTimeUnit} in (${inList(LEAD_TIME_UNITS)})`),
    check('products_price_check', sql`${t.price} >= 0`),
    // Stock never goes below zero: a shipment or a completion that would is refused, and an
    // adjustment sets a counted figure, which is never negative (docs/decisions.md 023).
    check('products_qty_check', sql`${t.productQty} >= 0`),
    check('products_lead_time_check', sql`${t.leadTime} >= 0`),
    check('products_safety_stock_check', sql`${t.safetyStock} >= 0`),
    check('products_min_order_qty_check', sql`${t.minOrderQty} >= 0`),
  ],
);

/** `product_need` (the parent) needs `bom_qty` of `product_needed` (the component) per unit. */
export const bomLines = pgTable(
  'bom_lines',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    productNeedId: uuid('product_need_id').notNull(),
    productNeededId: uuid('product_needed_id').notNull(),
    bomQty: decimal('bom_qty').notNull(),
    /** An offset: the component must be on hand this long before the parent's release. */
    leadTime: integer('lead_time').notNull().default(0),
    leadTimeUnit: text('lead_time_unit', { enum: LEAD_TIME_UNITS }).notNull().default('days'),
    /** A bought component's cost on this line; null: the component's price. */
    costPerUnit: decimal('cost_per_unit'),
    notes: text('notes'),
    /** The attached file (all four set, or none): its name as uploaded, checked type and size, and
     * where the server keeps it (a random name under DATA_DIR/private/bom-attachments: unlike workspace
     * logos, not under DATA_DIR/uploads, which is served to anyone; bom-attachments.ts). */
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    attachmentKey: text('attachment_key'),
    status: text('status', { enum: OPERATIONS_RECORD_STATUSES }).notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bom_lines_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('bom_lines_workspace_fk', t.accountId, t.workspaceId),
    sameWorkspaceFk('bom_lines_product_need_fk', t, t.productNeedId, products),
    sameWorkspaceFk('bom_lines_product_needed_fk', t, t.productNeededId, products),
    // One line per component of a parent (change its quantity instead); also a parent's BOM, the
    // tree walking down.
    unique('bom_lines_parent_component_key').on(t.accountId, t.productNeedId, t.productNeededId),
    // Where a product is used: the tree walking up (cycle checks, which parents a change affects).
    index('bom_lines_component_idx').on(t.accountId, t.productNeededId),
    // A product's BOM list, in the order its lines were added.
    index('bom_lines_parent_created_idx').on(t.accountId, t.productNeedId, t.createdAt, t.id),
    check('bom_lines_not_itself_check', sql`${t.productNeedId} <> ${t.productNeededId}`),
    check('bom_lines_qty_check', sql`${t.bomQty} > 0`),
    check('bom_lines_lead_time_check', sql`${t.leadTime} >= 0`),
    check('bom_lines_lead_time_unit_check', sql`${t.leadTimeUnit} in (${inList(LEAD_TIME_UNITS)})`),
    check('bom_lines_cost_check', sql`${t.costPerUnit} >= 0`),
    check('bom_lines_status_check', sql`${t.status} in (${inList(OPERATIONS_RECORD_STATUSES)})`),
    check(
      'bom_lines_attachment_check',
      sql`(${t.attachmentKey} is null and ${t.attachmentName} is null and ${t.attachmentType} is null and ${t.attachmentSize} is null)
        or (${t.attachmentKey} is not null and ${t.attachmentName} is not null and ${t.attachmentType} is not null and ${t.attachmentSize} between 0 and ${sql.raw(String(BOM_ATTACHMENT_MAX_BYTES))})`,
    ),
  ],
);

// ---------------------------------------------------------------- order numbers

/**
 * The last order number given per workspace and sequence. The service takes numbers with
 * `insert ... on conflict do update set last_value = last_value + n returning last_value` in the
 * order's transaction: numbers are gapless and unique, and two orders created at once wait for
 * each other only for that row (docs/decisions.md 023).
 */
export const orderNumberSequences = pgTable(
  'order_number_sequences',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    sequence: text('sequence', { enum: ORDER_NUMBER_SEQUENCES }).notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_number_sequences_pkey', columns: [t.accountId, t.workspaceId, t.sequence] }),
    workspaceFk('order_number_sequences_workspace_fk', t.accountId, t.workspaceId),
    check('order_number_sequences_sequence_check', sql`${t.sequence} in (${inList(ORDER_NUMBER_SEQUENCES)})`),
    check('order_number_sequences_last_value_check', sql`${t.lastValue} >= 1`),
  ],
);

export type CatalogRow = typeof catalogs.$inferSelect;
export type UomRow = typeof uoms.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type BomLineRow = typeof bomLines.$inferSelect;
