import { operationsMessages } from '@workhub/shared/operations-messages';
import {
  type BomLineImportRow,
  bomLineImportRow,
  checkImportRows,
  type ImportError,
  type ImportResult,
  type importBody,
  type ProductImportRow,
  productImportRow,
} from '@workhub/shared/schemas/operations-import';
import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { isUniqueViolation } from '../../lib/app-error.ts';
import {
  type GraphLine,
  lockWorkspaceBom,
  productNames,
  tooDeepMessage,
  workspaceLines,
} from './bom-graph.ts';
import { componentTaken } from './bom-lines.service.ts';
import { BOM_DEPTH_MAX } from './mrp/cost.ts';
import { type BomEdge, bomLevels, findCycle, formatCyclePath, shownInPath } from './mrp/cycles.ts';
import { bomLines, catalogs, products, uoms } from './operations.schema.ts';
import { stockMoves } from './orders.schema.ts';
import { productNameTaken } from './products.service.ts';

type Body = z.output<typeof importBody>;
type Checked<T> = { row: number; value: T };

/** Rows per INSERT (about 20 parameters each: well under PostgreSQL's 65,535), and names per lookup. */
const BATCH = 1000;
const LOOKUP = 5000;
/** Cycles reported per import: past that, the file has a deeper problem than a list can show. */
const MAX_CYCLES = 50;

const key = (name: string) => name.toLowerCase();

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const byRow = (a: ImportError, b: ImportError) => a.row - b.row;

/**
 * POST /api/products/import and POST /api/bom-lines/import (issue 13 §6): every row checked with the
 * shared row schema, then by name against the workspace (any case); with any error nothing is
 * written, else every row in one transaction, in multi-row INSERTs (no round trip per row).
 */
export function createImportService(ctx: Ctx) {
  const { db, now } = ctx;

  /** id by lower-case name of the rows of `table` named in `names` (any case). */
  async function idsByName(
    tx: Db,
    scope: WorkspaceScope,
    table: typeof catalogs | typeof uoms,
    names: Iterable<string>,
  ): Promise<Map<string, string>> {
    const wanted = [...new Set([...names].map(key))];
    const found = new Map<string, string>();
    for (const part of chunks(wanted, LOOKUP)) {
      const rows = await tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(scope.workspace(table), inArray(sql`lower(${table.name})`, part)));
      for (const row of rows) found.set(key(row.name), row.id);
    }
    return found;
  }

  /** The ids of the named products (by name in any case); `inactive` collects those inactive. */
  async function productIdsByName(
    tx: Db,
    scope: WorkspaceScope,
    names: Iterable<string>,
    inactive?: Set<string>,
  ) {
    const wanted = [...new Set([...names].map(key))];
    const found = new Map<string, string>();
    for (const part of chunks(wanted, LOOKUP)) {
      const rows = await tx
        .select({ id: products.id, name: products.productName, status: products.status })
        .from(products)
        .where(and(scope.workspace(products), inArray(sql`lower(${products.productName})`, part)));
      for (const row of rows) {
        found.set(key(row.name), row.id);
        if (row.status !== 'active') inactive?.add(row.id);
      }
    }
    return found;
  }

  const result = (body: Body, errors: ImportError[], imported: number): ImportResult => ({
    dry_run: body.dry_run,
    rows: body.rows.length,
    imported,
    errors: errors.sort(byRow),
  });

  async function insertProducts(
    tx: Db,
    scope: WorkspaceScope,
    rows: Checked<ProductImportRow>[],
    refs: Refs,
  ) {
    const at = now();
    const values = rows.map(({ value }) => ({
      ...scope.workspaceValues(),
      productName: value.product_name,
      productGroup: value.product_group,
      catalogId: value.catalog ? (refs.catalogs.get(key(value.catalog)) ?? null) : null,
      price: value.price,
      color: value.color,
      productQty: value.product_qty,
      uomId: value.uom ? (refs.uoms.get(key(value.uom)) ?? null) : null,
      description: value.description,
      status: value.status,
      procurementType: value.procurement_type,
      leadTime: value.lead_time,
      leadTimeUnit: value.lead_time_unit,
      safetyStock: value.safety_stock,
      minOrderQty: value.min_order_qty,
      createdBy: scope.auth.user_id,
      createdAt: at,
      updatedAt: at,
    }));
    for (const part of chunks(values, BATCH)) {
      const created = await tx
        .insert(products)
        .values(part)
        .returning({ id: products.id, qty: products.productQty });
      // Opening stock, as a single product's create records it (docs/decisions.md 023).
      const moves = created
        .filter((p) => Number(p.qty) > 0)
        .map((p) => ({
          ...scope.workspaceValues(),
          productId: p.id,
          kind: 'adjustment' as const,
          qtyDelta: p.qty,
          onHandAfter: p.qty,
          reason: operationsMessages.openingStockReason,
          createdBy: scope.auth.user_id,
          createdAt: at,
        }));
      if (moves.length > 0) await tx.insert(stockMoves).values(moves);
    }
  }

  type Refs = { catalogs: Map<string, string>; uoms: Map<string, string> };

  async function importProducts(scope: WorkspaceScope, body: Body): Promise<ImportResult> {
    // The checks against the workspace are made of every row's cells that are right on their own
    // (`cells`), a row with another fault too: the preview says all of a row's faults at once.
    const { valid, errors, cells } = checkImportRows(productImportRow, body.rows);
    const firstRowOf = new Map<string, number>();
    for (const { row, value } of cells) {
      if (value.product_name === undefined) continue;
      const first = firstRowOf.get(key(value.product_name));
      if (first === undefined) firstRowOf.set(key(value.product_name), row);
      else
        errors.push({
          row,
          column: 'product_name',
          message: operationsMessages.importNameRepeated(value.product_name, first),
        });
    }
    try {
      return await db.transaction(async (tx) => {
        const [taken, refs] = await Promise.all([
          productIdsByName(tx, scope, firstRowOf.keys()),
          Promise.all([
            idsByName(
              tx,
              scope,
              catalogs,
              cells.flatMap(({ value }) => (value.catalog ? [value.catalog] : [])),
            ),
            idsByName(
              tx,
              scope,
              uoms,
              cells.flatMap(({ value }) => (value.uom ? [value.uom] : [])),
            ),
          ]).then(([c, u]) => ({ catalogs: c, uoms: u })),
        ]);
        for (const { row, value } of cells) {
          if (value.product_name !== undefined && taken.has(key(value.product_name)))
            errors.push({
              row,
              column: 'product_name',
              message: operationsMessages.importNameTaken(value.product_name),
            });
          if (value.catalog && !refs.catalogs.has(key(value.catalog)))
            errors.push({
              row,
              column: 'catalog',
              message: operationsMessages.importCatalogUnknown(value.catalog),
            });
          if (value.uom && !refs.uoms.has(key(value.uom)))
            errors.push({ row, column: 'uom', message: operationsMessages.importUomUnknown(value.uom) });
        }
        if (errors.length > 0 || body.dry_run) return result(body, errors, 0);
        await insertProducts(tx, scope, valid, refs);
        return result(body, errors, valid.length);
      });
    } catch (err) {
      // Another request created one of the names since they were checked.
      if (isUniqueViolation(err)) throw productNameTaken();
      throw err;
    }
  }

  type NewLine = BomEdge & { row: number; value: BomLineImportRow };

  /** The cycles the new lines close with the workspace's lines (and each other), one error each. */
  async function cycleErrors(tx: Db, scope: WorkspaceScope, lines: NewLine[], existing: BomEdge[]) {
    const errors: ImportError[] = [];
    const edges: (BomEdge & { row?: number })[] = [...existing, ...lines];
    // The products' own names (a file may write them in another case).
    const names = new Map<string, string>();
    for (let found = 0; found < MAX_CYCLES; found++) {
      const path = findCycle(edges);
      if (!path) break;
      const steps = new Set(path.slice(1).map((to, i) => `${path[i]}|${to}`));
      // The new line of the cycle that comes last in the file closes it: the rows before it were fine.
      let index = -1;
      edges.forEach((edge, i) => {
        const row = edge.row;
        if (row === undefined || !steps.has(`${edge.parent_id}|${edge.component_id}`)) return;
        if (index < 0 || row > (edges[index]?.row ?? 0)) index = i;
      });
      const culprit = edges[index];
      // The workspace's own lines never hold a cycle (each write checks): a new line closes it.
      if (!culprit || culprit.row === undefined) break;
      // The path as that line sees it: from its parent, through its component, back to its parent.
      const at = path.findIndex((id, i) => id === culprit.parent_id && path[i + 1] === culprit.component_id);
      const loop = path.slice(0, -1);
      const fromCulprit = [...loop.slice(at), ...loop.slice(0, at), culprit.parent_id];
      const missing = shownInPath(fromCulprit).filter((id) => !names.has(id));
      if (missing.length > 0) {
        const rows = await tx
          .select({ id: products.id, name: products.productName })
          .from(products)
          .where(and(scope.workspace(products), inArray(products.id, missing)));
        for (const row of rows) names.set(row.id, row.name);
      }
      const message = operationsMessages.bomCycle(formatCyclePath(fromCulprit, (id) => names.get(id) ?? id));
      errors.push({ row: culprit.row, column: 'product_needed', message });
      edges.splice(index, 1);
    }
    return errors;
  }

  /**
   * The active new lines on a path of active lines deeper than BOM_DEPTH_MAX (docs/decisions.md
   * 030), each with its deepest path, in row order, MAX_CYCLES at most. Lines that close a cycle are
   * left out (they have their error); with a cycle still among the rest there is no depth to tell.
   */
  async function depthErrors(tx: Db, scope: WorkspaceScope, lines: NewLine[], existing: GraphLine[]) {
    const active = lines.filter((line) => line.value.status === 'active');
    const levels = bomLevels([...existing.filter((line) => line.active), ...active]);
    if (!levels) return [];
    const deep: { row: number; path: string[] }[] = [];
    for (const line of active) {
      if (deep.length >= MAX_CYCLES) break;
      // The path through the line as stored, with the line itself counted once.
      const path = levels.pathThrough(line.parent_id, line.component_id);
      if (path.length > BOM_DEPTH_MAX) deep.push({ row: line.row, path });
    }
    if (deep.length === 0) return [];
    const names = await productNames(
      tx,
      scope,
      deep.flatMap(({ path }) => shownInPath(path)),
    );
    return deep.map(({ row, path }) => ({
      row,
      column: 'product_needed',
      message: tooDeepMessage(path, names),
    }));
  }

  async function importBomLines(scope: WorkspaceScope, body: Body): Promise<ImportResult> {
    const { valid, errors, cells } = checkImportRows(bomLineImportRow, body.rows);
    try {
      return await db.transaction(async (tx) => {
        await lockWorkspaceBom(tx, scope);
        const inactive = new Set<string>();
        const ids = await productIdsByName(
          tx,
          scope,
          cells.flatMap(({ value }) => [value.product_need ?? [], value.product_needed ?? []].flat()),
          inactive,
        );
        // A row with another fault: its products by name are still looked up (all its faults at once).
        const checked = new Set(valid.map(({ row }) => row));
        for (const { row, value } of cells) {
          if (checked.has(row)) continue;
          for (const column of ['product_need', 'product_needed'] as const) {
            const name = value[column];
            if (name !== undefined && !ids.has(key(name)))
              errors.push({ row, column, message: operationsMessages.importProductUnknown(name) });
          }
        }
        const existing = await workspaceLines(tx, scope);
        const pairs = new Set(existing.map((line) => `${line.parent_id}|${line.component_id}`));
        const lines: NewLine[] = [];
        for (const { row, value } of valid) {
          const parent = ids.get(key(value.product_need));
          const component = ids.get(key(value.product_needed));
          if (!parent)
            errors.push({
              row,
              column: 'product_need',
              message: operationsMessages.importProductUnknown(value.product_need),
            });
          if (!component)
            errors.push({
              row,
              column: 'product_needed',
              message: operationsMessages.importProductUnknown(value.product_needed),
            });
          if (!parent || !component) continue;
          // As a BOM line written by hand: a new line needs an active component.
          if (inactive.has(component)) {
            errors.push({
              row,
              column: 'product_needed',
              message: operationsMessages.productInactive(value.product_needed),
            });
            continue;
          }
          if (parent === component) {
            const path = formatCyclePath([value.product_need, value.product_need]);
            errors.push({ row, column: 'product_needed', message: operationsMessages.bomCycle(path) });
            continue;
          }
          const pair = `${parent}|${component}`;
          if (pairs.has(pair)) {
            errors.push({ row, column: 'product_needed', message: operationsMessages.bomComponentTaken });
            continue;
          }
          pairs.add(pair);
          lines.push({ row, value, parent_id: parent, component_id: component });
        }
        const cycles = await cycleErrors(tx, scope, lines, existing);
        errors.push(...cycles);
        const closing = new Set(cycles.map((error) => error.row));
        errors.push(
          ...(await depthErrors(
            tx,
            scope,
            lines.filter((line) => !closing.has(line.row)),
            existing,
          )),
        );
        if (errors.length > 0 || body.dry_run) return result(body, errors, 0);
        const at = now();
        for (const part of chunks(lines, BATCH)) {
          await tx.insert(bomLines).values(
            part.map(({ value, parent_id, component_id }) => ({
              ...scope.workspaceValues(),
              productNeedId: parent_id,
              productNeededId: component_id,
              bomQty: value.bom_qty,
              leadTime: value.lead_time,
              leadTimeUnit: value.lead_time_unit,
              costPerUnit: value.cost_per_unit,
              notes: value.notes,
              status: value.status,
              createdBy: scope.auth.user_id,
              createdAt: at,
              updatedAt: at,
            })),
          );
        }
        return result(body, errors, lines.length);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw componentTaken();
      throw err;
    }
  }

  return { importProducts, importBomLines };
}

export type ImportService = ReturnType<typeof createImportService>;
