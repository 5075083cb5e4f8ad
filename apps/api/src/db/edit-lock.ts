import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../lib/app-error.ts';
import { assertVersion, type EditVersion } from '../lib/edit-version.ts';
import type { Db } from './client.ts';

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
