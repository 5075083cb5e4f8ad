import { operationsMessages } from '@workhub/shared/operations-messages';
import type { BomTree, BomTreeNode } from '@workhub/shared/schemas/operations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { cycleRefused } from './bom-graph.ts';
import { BOM_DEPTH_MAX, type CostNode, createCostRollup } from './mrp/cost.ts';
import { MrpError } from './mrp/mrp-error.ts';
import { products, uoms } from './operations.schema.ts';

type TreeLine = {
  id: string;
  parent_id: string;
  component_id: string;
  qty: string;
  cost_per_unit: string | null;
};

/**
 * How many levels of lines the tree reads below its root: one more than it shows, so a deeper BOM
 * is still seen as too deep (409) without reading the rest of it. A 10,000-line import can make a
 * chain 10,000 levels deep; walking all of it held PGlite, and every workspace with it, for seconds.
 */
export const BOM_TREE_LEVELS_READ = BOM_DEPTH_MAX + 1;

/**
 * The active lines below `rootId`, BOM_TREE_LEVELS_READ levels at most: one recursive query, which
 * the depth stops at a cycle too (UNION keeps a product once per depth).
 */
export async function activeLinesBelow(
  db: Db,
  where: { accountId: string; workspaceId: string },
  rootId: string,
): Promise<TreeLine[]> {
  const { accountId, workspaceId } = where;
  const result: unknown = await db.execute(sql`
    with recursive below(product_id, depth) as (
      select ${rootId}::uuid, 1
      union
      select l.product_needed_id, b.depth + 1 from bom_lines l join below b on l.product_need_id = b.product_id
      where l.account_id = ${accountId} and l.workspace_id = ${workspaceId} and l.status = 'active'
        and b.depth < ${BOM_TREE_LEVELS_READ}
    )
    select l.id, l.product_need_id as parent_id, l.product_needed_id as component_id,
      l.bom_qty::text as qty, l.cost_per_unit::text as cost_per_unit
    from bom_lines l join (select distinct product_id from below) b on l.product_need_id = b.product_id
    where l.account_id = ${accountId} and l.workspace_id = ${workspaceId} and l.status = 'active'`);
  return rowsOf<TreeLine>(result);
}

/**
 * GET /api/products/:id/bom/tree: the product's active lines through every level, rolled up by the
 * engine (mrp/cost.ts) on every read, so a changed line shows in every ancestor at once. Only the
 * lines and products below the root are read (one recursive query), never the whole catalogue.
 */
export function createBomTreeService({ db }: Ctx) {
  return {
    async tree(scope: WorkspaceScope, rootId: string): Promise<BomTree> {
      const [root] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(scope.workspace(products), eq(products.id, rootId)));
      if (!root) throw notFound();
      const lines = await activeLinesBelow(db, scope.workspaceValues(), rootId);
      const ids = [...new Set([rootId, ...lines.map((line) => line.component_id)])];
      const rows = await db
        .select({
          id: products.id,
          name: products.productName,
          procurement_type: products.procurementType,
          price: products.price,
          uom: uoms.name,
        })
        .from(products)
        .leftJoin(uoms, and(eq(uoms.accountId, products.accountId), eq(uoms.id, products.uomId)))
        .where(and(scope.workspace(products), inArray(products.id, ids)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      let costTree: ReturnType<ReturnType<typeof createCostRollup>['bomTree']>;
      try {
        costTree = createCostRollup(
          rows,
          lines.map((line) => ({ ...line, status: 'active' as const })),
        ).bomTree(rootId);
      } catch (err) {
        if (err instanceof MrpError && err.code === 'bom_cycle')
          throw await cycleRefused(db, scope, err.path ?? []);
        if (err instanceof MrpError) throw new AppError(409, 'CONFLICT', operationsMessages.bomTreeTooLarge);
        throw err;
      }
      const named = (node: CostNode): BomTreeNode => {
        const product = byId.get(node.product_id);
        if (!product) throw new Error(`product ${node.product_id} of the tree was not read`);
        return {
          product_id: node.product_id,
          product_name: product.name,
          procurement_type: product.procurement_type,
          uom_name: product.uom,
          line_id: node.line_id,
          qty_per_parent: node.qty_per_parent,
          total_qty: node.total_qty,
          unit_cost: node.unit_cost,
          extended_cost: node.extended_cost,
          children: node.children.map(named),
        };
      };
      return { estimated_cost: costTree.estimated_cost, root: named(costTree) };
    },
  };
}

export type BomTreeService = ReturnType<typeof createBomTreeService>;
