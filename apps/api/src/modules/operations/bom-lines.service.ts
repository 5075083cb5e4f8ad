import { operationsMessages } from '@workhub/shared/operations-messages';
import type { BomLine, bomLineBody, bomLineListQuery } from '@workhub/shared/schemas/operations';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import { sortedPageOf } from '../../db/paging.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { containing, ListShape } from '../../lib/list-query.ts';
import { lockWorkspaceBom, refuseCycle } from './bom-graph.ts';
import { sortOrder } from './master-data-lists.ts';
import { type BomLineRow, bomLines, products, uoms } from './operations.schema.ts';
import { unknownReference } from './products.service.ts';

type Input = z.output<typeof bomLineBody>;
type ListQuery = z.output<typeof bomLineListQuery>;

const parentOf = alias(products, 'parent');
const componentOf = alias(products, 'component');
const componentUom = alias(uoms, 'component_uom');

/** A BOM line's attachment as the API answers it (null without one). */
export const attachmentOf = (row: BomLineRow): BomLine['attachment'] =>
  row.attachmentKey && row.attachmentName && row.attachmentType && row.attachmentSize !== null
    ? {
        file_name: row.attachmentName,
        content_type: row.attachmentType as NonNullable<BomLine['attachment']>['content_type'],
        size: row.attachmentSize,
        url: `/api/bom-lines/${row.id}/attachment`,
      }
    : null;

/** BOM lines with the names of both ends and the component's type and unit. */
function selectLines(db: Db, where: SQL | undefined) {
  return db
    .select({
      row: bomLines,
      parentName: parentOf.productName,
      componentName: componentOf.productName,
      componentType: componentOf.procurementType,
      componentUom: componentUom.name,
    })
    .from(bomLines)
    .innerJoin(
      parentOf,
      and(eq(parentOf.accountId, bomLines.accountId), eq(parentOf.id, bomLines.productNeedId)),
    )
    .innerJoin(
      componentOf,
      and(eq(componentOf.accountId, bomLines.accountId), eq(componentOf.id, bomLines.productNeededId)),
    )
    .leftJoin(
      componentUom,
      and(eq(componentUom.accountId, componentOf.accountId), eq(componentUom.id, componentOf.uomId)),
    )
    .where(where)
    .$dynamic();
}
type Selected = Awaited<ReturnType<typeof selectLines>>[number];

const toBomLine = ({ row, parentName, componentName, componentType, componentUom }: Selected): BomLine => ({
  id: row.id,
  product_need: row.productNeedId,
  product_need_name: parentName,
  product_needed: row.productNeededId,
  product_needed_name: componentName,
  product_needed_type: componentType,
  product_needed_uom: componentUom,
  bom_qty: row.bomQty,
  lead_time: row.leadTime,
  lead_time_unit: row.leadTimeUnit,
  cost_per_unit: row.costPerUnit,
  notes: row.notes,
  attachment: attachmentOf(row),
  status: row.status,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const componentTaken = () =>
  conflict(operationsMessages.bomComponentTaken, { product_needed: operationsMessages.bomComponentTaken });

/** GET,POST /api/products/:id/bom, PATCH,DELETE /api/bom-lines/:id. */
export function createBomLineService(ctx: Ctx, removeAttachment: (key: string | null) => Promise<void>) {
  const { db, now } = ctx;

  const thisLine = (scope: WorkspaceScope, id: string) => and(scope.workspace(bomLines), eq(bomLines.id, id));

  async function reload(scope: WorkspaceScope, id: string): Promise<BomLine> {
    const [found] = await selectLines(db, and(inScopeWorkspace(bomLines), eq(bomLines.id, id))).execute(
      scope.workspaceValues(),
    );
    if (!found) throw notFound();
    return toBomLine(found);
  }

  /**
   * A product of the workspace: 404 (the path's product), or 400 with `field`'s message (a body's);
   * with `active`, a body's inactive product is refused too (a new component: the MRP run would
   * leave its line out).
   */
  async function productIn(
    scope: WorkspaceScope,
    id: string,
    field?: string,
    { active = false }: { active?: boolean } = {},
  ): Promise<void> {
    const [found] = await db
      .select({ id: products.id, name: products.productName, status: products.status })
      .from(products)
      .where(and(scope.workspace(products), eq(products.id, id)));
    if (found && field && active && found.status !== 'active') {
      throw unknownReference(field, operationsMessages.productInactive(found.name));
    }
    if (found) return;
    throw field ? unknownReference(field, operationsMessages.productUnknown) : notFound();
  }

  async function lineIn(scope: WorkspaceScope, id: string): Promise<BomLineRow> {
    const [row] = await db.select().from(bomLines).where(thisLine(scope, id));
    if (!row) throw notFound();
    return row;
  }

  const columnsOf = (input: Input) => ({
    productNeededId: input.product_needed,
    bomQty: input.bom_qty,
    leadTime: input.lead_time,
    leadTimeUnit: input.lead_time_unit,
    costPerUnit: input.cost_per_unit,
    notes: input.notes,
    status: input.status,
  });

  /** Runs a write of the BOM under the workspace's BOM lock; one line per component is a 409. */
  async function underLock<T>(scope: WorkspaceScope, write: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await lockWorkspaceBom(tx, scope);
        return write(tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw componentTaken();
      throw err;
    }
  }

  return {
    lineIn,
    reload,

    /** A product's own lines, in the order they were added (q: the component's name or the notes). */
    async list(scope: WorkspaceScope, productId: string, query: ListQuery) {
      await productIn(scope, productId);
      const shape = new ListShape(
        'operations-bom-lines',
        { ...scope.workspaceValues(), productId },
        () =>
          and(inScopeWorkspace(bomLines), eq(bomLines.productNeedId, sql.placeholder('productId'))) as SQL,
      )
        .param(
          'q',
          query.q ? containing(query.q) : undefined,
          (q) =>
            // A subquery, not the join's column: the list's count reads bom_lines alone.
            or(
              sql`exists (select 1 from ${products} where ${products.accountId} = ${bomLines.accountId} and ${products.id} = ${bomLines.productNeededId} and ${ilike(products.productName, q)})`,
              ilike(bomLines.notes, q),
            ) as SQL,
        )
        .param('status', query.status, (status) => eq(bomLines.status, status))
        .sorted(query.sort);
      const order = sortOrder(query.sort, { created_at: bomLines.createdAt }, bomLines.id);
      return sortedPageOf(db, query, {
        shape,
        build: () => ({ select: selectLines(db, shape.where()), order }),
        table: bomLines,
        toItem: toBomLine,
      });
    },

    /** A new line of `parentId`: its component a product of the workspace, no cycle, one line per component. */
    async create(scope: WorkspaceScope, parentId: string, input: Input): Promise<BomLine> {
      await productIn(scope, parentId);
      await productIn(scope, input.product_needed, 'product_needed', { active: true });
      const at = now();
      const id = await underLock(scope, async (tx) => {
        await refuseCycle(tx, scope, {
          parent: parentId,
          component: input.product_needed,
          deepens: input.status === 'active',
        });
        const [created] = await tx
          .insert(bomLines)
          .values({
            ...scope.workspaceValues(),
            productNeedId: parentId,
            ...columnsOf(input),
            createdBy: scope.auth.user_id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: bomLines.id });
        if (!created) throw new Error('BOM line insert returned no row');
        return created.id;
      });
      return reload(scope, id);
    },

    /** One line, as an edit reads it again after a 412. */
    get: (scope: WorkspaceScope, id: string) => reload(scope, id),

    /** The whole line; a new component is checked as on create. */
    async update(scope: WorkspaceScope, id: string, input: Input, expected?: EditVersion): Promise<BomLine> {
      const line = await lineIn(scope, id);
      await productIn(scope, input.product_needed, 'product_needed', {
        active: input.product_needed !== line.productNeededId,
      });
      await underLock(scope, async (tx) => {
        // Made against a version: the line locked and its version checked before the change.
        await lockVersion(tx, bomLines, bomLines.updatedAt, thisLine(scope, id), expected);
        await refuseCycle(tx, scope, {
          id,
          parent: line.productNeedId,
          component: input.product_needed,
          // A line active before with the same component makes no path deeper than it was.
          deepens:
            input.status === 'active' &&
            (line.status !== 'active' || line.productNeededId !== input.product_needed),
        });
        const updated = await tx
          .update(bomLines)
          .set({ ...columnsOf(input), updatedAt: now() })
          .where(thisLine(scope, id))
          .returning({ id: bomLines.id });
        if (updated.length === 0) throw notFound();
      });
      return reload(scope, id);
    },

    /** Deletes the line, then its attachment's file. */
    async remove(scope: WorkspaceScope, id: string): Promise<void> {
      const [deleted] = await db
        .delete(bomLines)
        .where(thisLine(scope, id))
        .returning({ key: bomLines.attachmentKey });
      if (!deleted) throw notFound();
      await removeAttachment(deleted.key);
    },
  };
}

export type BomLineService = ReturnType<typeof createBomLineService>;
