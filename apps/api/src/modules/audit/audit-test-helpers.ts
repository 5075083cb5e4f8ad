import type { AuditAction } from '@workhub/shared/schemas/audit';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { type AuditRow, auditLog } from '../../db/schema/audit.ts';
import type { TestApp } from '../../test/helpers.ts';

/** What a secret looks like in a row: a password, an argon2 hash, a token or code by its key. */
const SECRET = /argon2|secret-1|"(password|password_hash|token|token_hash|code)"/i;

/** The rows of an account (null: the platform's) with that action, newest first, read as the owner of the table. */
export async function auditRowsOf(
  t: TestApp,
  accountId: string | null,
  action?: AuditAction,
  entityId?: string,
): Promise<AuditRow[]> {
  const conditions: (SQL | undefined)[] = [
    accountId === null ? isNull(auditLog.accountId) : eq(auditLog.accountId, accountId),
    action ? eq(auditLog.action, action) : undefined,
    entityId ? eq(auditLog.entityId, entityId) : undefined,
  ];
  return t.db.db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** The one row of that action about that record, checked to carry no secret. */
export async function theAuditRow(
  t: TestApp,
  accountId: string | null,
  action: AuditAction,
  entityId?: string,
): Promise<AuditRow> {
  const rows = await auditRowsOf(t, accountId, action, entityId);
  expect(rows, `${action} rows of ${accountId}`).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error('no row');
  expect(JSON.stringify(row)).not.toMatch(SECRET);
  return row;
}
