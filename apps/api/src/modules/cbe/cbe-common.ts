import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const tags = ['cbe'];
export const security = [{ bearerAuth: [] }];
export const readErrors = errorResponses(400, 401, 403, 404, 409);

type Scoped = PgTable & { accountId: PgColumn; workspaceId: PgColumn; id: PgColumn };

/** A field of the body names a record that is not in this workspace (forged, or another tenant's): 400. */
export const badReference = (field: string, message: string = cbeMessages.unknownRecord) =>
  new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });

/** The record `id` of `table` in the scope's workspace, or null. */
export async function findIn<T extends Scoped>(db: Db, scope: WorkspaceScope, table: T, id: string) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(scope.workspace(table), eq(table.id, id)))
    .limit(1);
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** The record a path names: 404 when it is not in this workspace. */
export async function mustFind<T extends Scoped>(db: Db, scope: WorkspaceScope, table: T, id: string) {
  const row = await findIn(db, scope, table, id);
  if (!row) throw notFound();
  return row;
}

/** The record a body field names: 400 on that field when it is not in this workspace. */
export async function mustReference<T extends Scoped>(
  db: Db,
  scope: WorkspaceScope,
  table: T,
  id: string,
  field: string,
) {
  const row = await findIn(db, scope, table, id);
  if (!row) throw badReference(field);
  return row;
}

/** A unique index said no (two creates at once included): 409 on `field`, never a 500. */
export async function unique<T>(field: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message, { [field]: message });
    throw err;
  }
}

export const pageOf = (query: { page: number; limit: number }) => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});

export const whereAll = (...conditions: (SQL | undefined)[]) => and(...conditions) as SQL;

/** 'YYYY-MM-DD' of a `date` column (drizzle reads it as that text already). */
export const iso = (at: Date) => at.toISOString();
