import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../lib/app-error.ts';
import { assertVersion, type EditVersion } from '../lib/edit-version.ts';
import type { Db } from './client.ts';
import { workspaces } from './schema/workspaces.ts';
import { joinSettings, theWorkspace } from './workspace-zone.ts';

/**
 * With an edit's `expected` version (lib/edit-version.ts), locks the record `where` selects in the
 * transaction of `into` and refuses the edit (412) unless its `updatedAt` is that version. Of two
 * edits made from one version at the same instant, the second waits for the first to commit, reads
 * the version it wrote and is refused: neither undoes the other unseen. Without a condition it
 * reads nothing.
 */
export async function lockVersion(
  into: Db,
  table: PgTable,
  updatedAt: PgColumn,
  where: SQL | undefined,
  expected: EditVersion | undefined,
): Promise<void> {
  if (!expected) return;
  const [row] = await into.select({ at: updatedAt }).from(table).where(where).for('update');
  if (!row) throw notFound();
  assertVersion(row.at as Date, expected);
}

/**
 * The `updated_at` an edit sets when part of the record lives in rows of their own (a student's
 * guardians, a staff member's hours): `at`, or a millisecond past the stored version when `at` is
 * not past it. The trigger of migration 0027 moves a version only when the row itself changes, and a
 * change of the other rows alone, within the millisecond of the last edit, would leave the row as
 * it was: the version would not move, and an edit made against it would undo this one unseen.
 */
export const nextVersion = (updatedAt: PgColumn, at: Date): SQL =>
  sql`greatest(${at.toISOString()}::timestamptz, ${updatedAt} + interval '1 millisecond')`;

/** A module's settings table: one row per workspace, written only once the settings are saved. */
type SettingsTable = PgTable & { accountId: PgColumn; workspaceId: PgColumn; updatedAt: PgColumn };

/**
 * The version of a module's settings (a queue's, a salon's, a school's): their row's `updated_at`,
 * or the workspace's `created_at` while they were never saved (the defaults are a version too: an
 * edit made against them is refused once someone has saved). Read joined as db/workspace-zone.ts
 * reads them.
 */
export const settingsVersion = (updatedAt: PgColumn): SQL<Date> =>
  sql`coalesce(${updatedAt}, ${workspaces.createdAt})`.mapWith(workspaces.createdAt) as SQL<Date>;

/**
 * Before a module's settings are written, in the transaction of `into`: takes the workspace's turn
 * among their writers (a transaction-scoped advisory lock: the row may not exist yet, so there is
 * none to lock), refuses an edit made against another version than the stored one (412), and
 * answers the `updated_at` the edit sets: `at`, or a millisecond past the stored version when `at`
 * is not past it (as nextVersion). Of two edits made from one version at the same instant, the
 * second waits, reads the first's version and is refused; an edit without a condition waits its
 * turn and applies.
 */
export async function lockSettings(
  into: Db,
  module: 'barber' | 'cbe' | 'ticketing',
  table: SettingsTable,
  scope: { workspaceValues(): { accountId: string; workspaceId: string } },
  expected: EditVersion | undefined,
  at: Date,
): Promise<Date> {
  const { workspaceId } = scope.workspaceValues();
  await into.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`settings:${module}:${workspaceId}`}, 0))`,
  );
  const [row] = await into
    .select({ at: settingsVersion(table.updatedAt) })
    .from(workspaces)
    .leftJoin(table, joinSettings(table))
    .where(theWorkspace(scope));
  if (!row) throw notFound();
  assertVersion(row.at, expected);
  return new Date(Math.max(at.getTime(), row.at.getTime() + 1));
}
