import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type {
  OperationsRecordStatus,
  Product,
  productBody,
  productExportQuery,
  productListQuery,
  productUpdateBody,
} from '@workhub/shared/schemas/operations';
import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import { sortedListOf, sortedPageOf } from '../../db/paging.ts';
import { rowsOf } from '../../db/rows.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename } from '../../lib/csv.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { containing, ListShape } from '../../lib/list-query.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import { lockWorkspaceBom } from './bom-graph.ts';
import { sortOrder } from './master-data-lists.ts';
import { bomLines, catalogs, products, uoms } from './operations.schema.ts';
import { stockMoves } from './orders.schema.ts';
import { productsCsv } from './product-export.ts';
import { isFractional } from './whole-units.ts';

type CreateInput = z.output<typeof productBody>;
type UpdateInput = z.output<typeof productUpdateBody>;
type ListQuery = z.output<typeof productListQuery>;
type ExportQuery = z.output<typeof productExportQuery>;

const catalogOf = alias(catalogs, 'catalog');
const uomOf = alias(uoms, 'uom');

/** 400 with the field's message: a body named a record that is not one of the workspace's. */
export const unknownReference = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });

export const productNameTaken = () =>
  conflict(operationsMessages.productNameTaken, { product_name: operationsMessages.productNameTaken });

/** Any unique violation of a products write is its name (the only unique key a write can break). */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw productNameTaken();
    throw err;
  }
}

/**
 * Whether the product's quantities are recorded in its unit: it has a stock move, or is on a BOM
 * line (either side, any status). Its unit then no longer changes (a kg read as metres). Each an
 * index probe: stock_moves_workspace_product_created_idx, bom_lines_parent_created_idx,
 * bom_lines_component_idx.
 */
const unitInUse = (accountId: SQL | PgColumn, productId: SQL | PgColumn) =>
  sql<boolean>`(exists (select 1 from ${stockMoves} where ${stockMoves.accountId} = ${accountId} and ${stockMoves.productId} = ${productId})
    or exists (select 1 from ${bomLines} where ${bomLines.accountId} = ${accountId} and ${bomLines.productNeedId} = ${productId})
    or exists (select 1 from ${bomLines} where ${bomLines.accountId} = ${accountId} and ${bomLines.productNeededId} = ${productId}))`.mapWith(
    Boolean,
  );

/**
 * Products with their catalog's and unit's names and their active BOM line count; the workspace is
 * the `accountId` and `workspaceId` placeholders (db/prepared.ts).
 */
export function selectProducts(db: Db, where: SQL | undefined) {
  const bomLineCount = sql`(select ${countOf()} from ${bomLines} where ${and(
    inScopeWorkspace(bomLines),
    eq(bomLines.productNeedId, products.id),
    eq(bomLines.status, 'active'),
  )})`.mapWith(Number);
  return db
    .select({
      row: products,
      catalogName: catalogOf.name,
      uomName: uomOf.name,
      bomLineCount,
      unitLocked: unitInUse(products.accountId, products.id),
      belowSafety: sql<boolean>`${products.productQty} < ${products.safetyStock}`,
    })
    .from(products)
    .leftJoin(
      catalogOf,
      and(eq(catalogOf.accountId, products.accountId), eq(catalogOf.id, products.catalogId)),
    )
    .leftJoin(uomOf, and(eq(uomOf.accountId, products.accountId), eq(uomOf.id, products.uomId)))
    .where(where)
    .$dynamic();
}
type Selected = Awaited<ReturnType<typeof selectProducts>>[number];

export const toProduct = ({
  row,
  catalogName,
  uomName,
  bomLineCount,
  unitLocked,
  belowSafety,
}: Selected): Product => ({
  id: row.id,
  product_name: row.productName,
  product_group: row.productGroup,
  catalog_id: row.catalogId,
  catalog_name: catalogName,
  price: row.price,
  color: row.color,
  product_qty: row.productQty,
  uom_id: row.uomId,
  uom_name: uomName,
  description: row.description,
  status: row.status,
  procurement_type: row.procurementType,
  lead_time: row.leadTime,
  lead_time_unit: row.leadTimeUnit,
  safety_stock: row.safetyStock,
  min_order_qty: row.minOrderQty,
  below_safety: belowSafety,
  bom_line_count: bomLineCount,
  unit_locked: unitLocked,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** GET,POST /api/products, GET,PATCH /api/products/:id, PATCH /api/products/:id/status, the export. */
export function createProductService(ctx: Ctx) {
  const { db, now } = ctx;

  function listOf(scope: WorkspaceScope, query: ExportQuery) {
    const shape = new ListShape('operations-products', scope.workspaceValues(), () =>
      inScopeWorkspace(products),
    )
      .param(
        'q',
        query.q ? containing(query.q) : undefined,
        (q) => or(ilike(products.productName, q), ilike(products.productGroup, q)) as SQL,
      )
      .param('status', query.status, (status) => eq(products.status, status))
      .param('catalog_id', query.catalog_id, (id) => eq(products.catalogId, id))
      .param('procurement_type', query.procurement_type, (type) => eq(products.procurementType, type))
      .param('product_group', query.product_group, (group) => eq(products.productGroup, group))
      .sorted(query.sort);
    if (query.below_safety !== undefined) {
      const wanted = query.below_safety;
      shape.choice('below_safety', String(wanted), () =>
        wanted
          ? lt(products.productQty, products.safetyStock)
          : gte(products.productQty, products.safetyStock),
      );
    }
    const order = sortOrder(
      query.sort,
      {
        product_name: sql`lower(${products.productName})`,
        created_at: products.createdAt,
        product_qty: products.productQty,
        price: products.price,
      },
      products.id,
    );
    return {
      shape,
      build: () => ({ select: selectProducts(db, shape.where()), order }),
      table: products,
      toItem: toProduct,
    };
  }

  async function reload(scope: WorkspaceScope, id: string): Promise<Product> {
    const [found] = await selectProducts(db, and(inScopeWorkspace(products), eq(products.id, id))).execute(
      scope.workspaceValues(),
    );
    if (!found) throw notFound();
    return toProduct(found);
  }

  /**
   * The catalog and unit a body names must be the workspace's (400 with the field's message).
   * Answers the unit (or null when none is named).
   */
  async function assertReferences(
    scope: WorkspaceScope,
    input: UpdateInput,
  ): Promise<{ name: string; wholeUnits: boolean } | null> {
    const [catalog, uom] = await Promise.all([
      input.catalog_id
        ? db
            .select({ id: catalogs.id })
            .from(catalogs)
            .where(and(scope.workspace(catalogs), eq(catalogs.id, input.catalog_id)))
        : [{ id: null }],
      input.uom_id
        ? db
            .select({ id: uoms.id, name: uoms.name, wholeUnits: uoms.wholeUnits })
            .from(uoms)
            .where(and(scope.workspace(uoms), eq(uoms.id, input.uom_id)))
        : [{ id: null, name: '', wholeUnits: false }],
    ]);
    if (!catalog[0]) throw unknownReference('catalog_id', operationsMessages.catalogUnknown);
    if (!uom[0]) throw unknownReference('uom_id', operationsMessages.uomUnknown);
    return uom[0].id === null ? null : uom[0];
  }

  const columnsOf = (input: UpdateInput) => ({
    productName: input.product_name,
    productGroup: input.product_group,
    catalogId: input.catalog_id,
    price: input.price,
    color: input.color,
    uomId: input.uom_id,
    description: input.description,
    status: input.status,
    procurementType: input.procurement_type,
    leadTime: input.lead_time,
    leadTimeUnit: input.lead_time_unit,
    safetyStock: input.safety_stock,
    minOrderQty: input.min_order_qty,
  });

  const thisProduct = (scope: WorkspaceScope, id: string) =>
    and(scope.workspace(products), eq(products.id, id));

  return {
    list: (scope: WorkspaceScope, query: ListQuery) => sortedPageOf(db, query, listOf(scope, query)),

    async exportCsv(scope: WorkspaceScope, query: ExportQuery) {
      const fetched = await sortedListOf(db, listOf(scope, query), EXPORT_ROWS_MAX + 1);
      const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
      const at = now();
      await recordAudit(db, exportEvent(scope, 'export.products', rows.length, query, at));
      return { filename: csvFilename('products', at), csv: productsCsv(rows), truncatedAt };
    },

    get: reload,

    /**
     * The product and, when its opening stock is above 0, the adjustment move that records it
     * ('Opening stock'), in one transaction (docs/decisions.md 023).
     */
    async create(scope: WorkspaceScope, input: CreateInput): Promise<Product> {
      const unit = await assertReferences(scope, input);
      // The opening stock is a count: whole when the unit counts whole units.
      if (unit?.wholeUnits && isFractional(input.product_qty)) {
        const message = operationsMessages.wholeUnitsOnly(input.product_name, unit.name);
        throw new AppError(400, 'VALIDATION_FAILED', message, { fields: { product_qty: message } });
      }
      const at = now();
      const id = await uniqueName(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(products)
            .values({
              ...scope.workspaceValues(),
              ...columnsOf(input),
              productQty: input.product_qty,
              createdBy: scope.auth.user_id,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: products.id });
          if (!created) throw new Error('product insert returned no row');
          if (input.product_qty !== '0') {
            await tx.insert(stockMoves).values({
              ...scope.workspaceValues(),
              productId: created.id,
              kind: 'adjustment',
              qtyDelta: input.product_qty,
              onHandAfter: input.product_qty,
              reason: operationsMessages.openingStockReason,
              createdBy: scope.auth.user_id,
              createdAt: at,
            });
          }
          return created.id;
        }),
      );
      return reload(scope, id);
    },

    /** The whole record but its stock, which only stock moves change. */
    async update(
      scope: WorkspaceScope,
      id: string,
      input: UpdateInput,
      expected?: EditVersion,
    ): Promise<Product> {
      const [exists] = await db.select({ id: products.id }).from(products).where(thisProduct(scope, id));
      if (!exists) throw notFound();
      await assertReferences(scope, input);
      await uniqueName(() =>
        db.transaction(async (tx) => {
          // The workspace's BOM writes wait (their lock first, as they take it) and so does any
          // stock move of the product (its row locked FOR UPDATE, as stock-ledger.ts locks it):
          // what unitInUse reads stays true until the unit is written.
          await lockWorkspaceBom(tx, scope);
          const [locked] = await tx
            .select({ name: products.productName, uomId: products.uomId })
            .from(products)
            .where(thisProduct(scope, id))
            .for('update');
          if (!locked) throw notFound();
          // Made against a version: the product locked and its version checked before the change.
          await lockVersion(tx, products, products.updatedAt, thisProduct(scope, id), expected);
          if (locked.uomId !== input.uom_id) {
            const inUse = unitInUse(sql`${scope.accountId}::uuid`, sql`${id}::uuid`);
            const [use] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select ${inUse} as locked`));
            if (use?.locked) {
              const message = operationsMessages.productUnitInUse(locked.name);
              throw conflict(message, { uom_id: message });
            }
          }
          await tx
            .update(products)
            .set({ ...columnsOf(input), updatedAt: now() })
            .where(thisProduct(scope, id));
        }),
      );
      return reload(scope, id);
    },

    async setStatus(scope: WorkspaceScope, id: string, status: OperationsRecordStatus): Promise<Product> {
      const updated = await db
        .update(products)
        .set({ status, updatedAt: now() })
        .where(thisProduct(scope, id))
        .returning({ id: products.id });
      if (updated.length === 0) throw notFound();
      return reload(scope, id);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
