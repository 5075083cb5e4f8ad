import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { workspaces } from './schema/workspaces.ts';

/*
 * A template module's time zone (a salon's, a school's, a queue's day): its own setting, else the
 * zone its workspace was created in (the creator's browser's), else the module's default. A
 * module's settings row is written only once they are saved, so the module reads it joined to its
 * workspace, which always has a row:
 *
 *   db.select({ zone: zoneOf(settings.timeZone, DEFAULT) })
 *     .from(workspaces).leftJoin(settings, joinSettings(settings)).where(theWorkspace(scope))
 */

/** The module's zone (`zone`, a column of its settings), else the workspace's, else `fallback`. */
export const zoneOf = (zone: PgColumn, fallback: string): SQL<string> =>
  sql<string>`coalesce(${zone}, ${workspaces.timeZone}, ${fallback})`;

/** The join of a module's settings (one row per workspace, keyed by account and workspace). */
export const joinSettings = (table: { accountId: PgColumn; workspaceId: PgColumn }): SQL =>
  and(eq(table.accountId, workspaces.accountId), eq(table.workspaceId, workspaces.id)) as SQL;

/** The scope's workspace. */
export const theWorkspace = (scope: {
  workspaceValues(): { accountId: string; workspaceId: string };
}): SQL => {
  const { accountId, workspaceId } = scope.workspaceValues();
  return and(eq(workspaces.accountId, accountId), eq(workspaces.id, workspaceId)) as SQL;
};
