import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type {
  Catalog as NamedRecord,
  namedRecordExportQuery,
  namedRecordListQuery,
  OperationsRecordStatus,
  Uom,
  uomBody,
} from '@workhub/shared/schemas/operations';
import { and, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import { lockVersion } from '../../db/edit-lock.ts';
import { sortedListOf, sortedPageOf } from '../../db/paging.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { containing, ListShape } from '../../lib/list-query.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import { sortOrder } from './master-data-lists.ts';
import { catalogs, products, uoms } from './operations.schema.ts';

// A catalog's body is a unit's without whole_units.
type Input = z.output<typeof uomBody>;
type ListQuery = z.output<typeof namedRecordListQuery>;
type ExportQuery = z.output<typeof namedRecordExportQuery>;

/** Catalogs and units are the same record (name, description, status); products name one of each. */
export type NamedKind = 'catalogs' | 'uoms';

const KINDS = {
  catalogs: {
    // The two tables have the same columns; the service reads them through one type.
    table: catalogs,
    productColumn: products.catalogId,
    nameTaken: operationsMessages.catalogNameTaken,
    wholeUnits: sql<boolean>`false`,
    exportColumns: [] as string[],
  },
  uoms: {
    table: uoms as unknown as typeof catalogs,
    productColumn: products.uomId,
    nameTaken: operationsMessages.uomNameTaken,
    wholeUnits: uoms.wholeUnits,
    exportColumns: ['Whole units'],
  },
} as const;

const EXPORT_COLUMNS = ['Name', 'Description', 'Status', 'Products', 'Created at'];

/** A unit's record carries whole_units; a catalog's does not. */
type KindRecord = NamedRecord & Partial<Pick<Uom, 'whole_units'>>;

/** GET,POST /api/catalogs, GET,PATCH /api/catalogs/:id and /status; the same for /api/uoms. */
export function createNamedRecordService(ctx: Ctx, kind: NamedKind) {
  const { db, now } = ctx;
  const { table, productColumn, nameTaken, wholeUnits, exportColumns } = KINDS[kind];
  /** The columns only a unit has (the two tables share one type here, so these are set by kind). */
  const kindValues = (input: Input) =>
    (kind === 'uoms' && input.whole_units !== undefined ? { wholeUnits: input.whole_units } : {}) as Record<
      never,
      never
    >;

  /** The records with how many products name each, for a prepared statement (the scope's placeholders). */
  function select(where: SQL | undefined) {
    const productCount = sql`(select ${countOf()} from ${products} where ${and(
      inScopeWorkspace(products),
      eq(productColumn, table.id),
    )})`.mapWith(Number);
    return db.select({ row: table, productCount, wholeUnits }).from(table).where(where).$dynamic();
  }
  type Selected = Awaited<ReturnType<typeof select>>[number];

  const toRecord = ({ row, productCount, wholeUnits: whole }: Selected): KindRecord => ({
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    product_count: productCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(kind === 'uoms' ? { whole_units: whole } : {}),
  });

  function listOf(scope: WorkspaceScope, query: ExportQuery) {
    const shape = new ListShape(`operations-${kind}`, scope.workspaceValues(), () => inScopeWorkspace(table))
      .param('q', query.q ? containing(query.q) : undefined, (q) => ilike(table.name, q))
      .param('status', query.status, (status) => eq(table.status, status))
      .sorted(query.sort);
    const order = sortOrder(
      query.sort,
      { name: sql`lower(${table.name})`, created_at: table.createdAt },
      table.id,
    );
    return { shape, build: () => ({ select: select(shape.where()), order }), table, toItem: toRecord };
  }

  const thisRecord = (scope: WorkspaceScope, id: string) => and(scope.workspace(table), eq(table.id, id));

  async function reload(scope: WorkspaceScope, id: string): Promise<KindRecord> {
    const [found] = await select(thisRecord(scope, id)).execute(scope.workspaceValues());
    if (!found) throw notFound();
    return toRecord(found);
  }

  /** The unique index on lower(name) is the rule (two creates at once included): 409, never a 500. */
  async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(nameTaken, { name: nameTaken });
      throw err;
    }
  }

  return {
    list: (scope: WorkspaceScope, query: ListQuery) => sortedPageOf(db, query, listOf(scope, query)),

    async exportCsv(scope: WorkspaceScope, query: ExportQuery) {
      const fetched = await sortedListOf(db, listOf(scope, query), EXPORT_ROWS_MAX + 1);
      const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
      const csv = toCsv(
        [...EXPORT_COLUMNS, ...exportColumns],
        rows.map((r) => [
          r.name,
          r.description,
          r.status,
          r.product_count,
          r.created_at,
          ...(kind === 'uoms' ? [r.whole_units ? 'yes' : 'no'] : []),
        ]),
      );
      const at = now();
      await recordAudit(db, exportEvent(scope, 'export.master_data', rows.length, { kind, ...query }, at));
      return { filename: csvFilename(kind, at), csv, truncatedAt };
    },

    async create(scope: WorkspaceScope, input: Input): Promise<KindRecord> {
      const at = now();
      const [created] = await uniqueName(() =>
        db
          .insert(table)
          .values({
            ...scope.workspaceValues(),
            name: input.name,
            description: input.description,
            status: input.status,
            ...kindValues(input),
            createdBy: scope.auth.user_id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: table.id }),
      );
      if (!created) throw new Error(`${kind} insert returned no row`);
      return reload(scope, created.id);
    },

    /** One record, as the edit dialog opens it (and reads it again after a 412). */
    get: (scope: WorkspaceScope, id: string) => reload(scope, id),

    async update(
      scope: WorkspaceScope,
      id: string,
      input: Input,
      expected?: EditVersion,
    ): Promise<KindRecord> {
      const updated = await uniqueName(() =>
        db.transaction(async (tx) => {
          // Made against a version: the record locked and its version checked before the change.
          await lockVersion(tx, table, table.updatedAt, thisRecord(scope, id), expected);
          return tx
            .update(table)
            .set({
              name: input.name,
              description: input.description,
              status: input.status,
              ...kindValues(input),
              updatedAt: now(),
            })
            .where(thisRecord(scope, id))
            .returning({ id: table.id });
        }),
      );
      if (updated.length === 0) throw notFound();
      return reload(scope, id);
    },

    async setStatus(scope: WorkspaceScope, id: string, status: OperationsRecordStatus): Promise<KindRecord> {
      const updated = await db
        .update(table)
        .set({ status, updatedAt: now() })
        .where(thisRecord(scope, id))
        .returning({ id: table.id });
      if (updated.length === 0) throw notFound();
      return reload(scope, id);
    },
  };
}

export type NamedRecordService = ReturnType<typeof createNamedRecordService>;
