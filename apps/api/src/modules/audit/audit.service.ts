import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import type {
  AuditAction,
  AuditEntry,
  AuditFilters,
  adminAuditListQuery,
  auditListQuery,
} from '@workhub/shared/schemas/audit';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { PaginationQuery } from '@workhub/shared/schemas/common';
import { and, count, desc, eq, gte, ilike, isNull, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { type AuditRow, auditLog } from '../../db/schema/audit.ts';
import { accountScope } from '../../db/tenant-scope.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import { containing } from '../../lib/list-query.ts';
import { pageOf } from '../../lib/paging.ts';
import { assertStaff } from '../admin/staff.ts';
import { exportEvent, recordAudit } from './audit.ts';

const DAY_MS = 86_400_000;

/** The filters as SQL: each one the query brings, the dates whole UTC days, both ends included. */
function filtersOf(filters: AuditFilters): (SQL | undefined)[] {
  return [
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.actor ? ilike(auditLog.actorEmail, containing(filters.actor)) : undefined,
    filters.entity_type ? eq(auditLog.entityType, filters.entity_type) : undefined,
    filters.from ? gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(auditLog.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
  ];
}

const asState = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  account_id: row.accountId,
  workspace_id: row.workspaceId,
  actor_user_id: row.actorUserId,
  actor_email: row.actorEmail,
  action: row.action as AuditAction,
  entity_type: row.entityType,
  entity_id: row.entityId,
  before: asState(row.before),
  after: asState(row.after),
  ip: row.ip,
});

const CSV_HEADER = [
  'When (UTC)',
  'Actor',
  'Action',
  'Record type',
  'Record id',
  'Workspace id',
  'Before',
  'After',
  'IP',
] as const;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The log as CSV; every cell goes through csvCell, which neutralises a formula (an e-mail of `=...`). */
const auditCsv = (rows: readonly AuditRow[]) =>
  toCsv(
    CSV_HEADER,
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.actorEmail,
      row.action,
      row.entityType,
      row.entityId,
      row.workspaceId,
      json(row.before),
      json(row.after),
      row.ip,
    ]),
  );

/**
 * Reading the audit log: the account holder reads their account's (every workspace of it), platform
 * staff the platform's (rows of no account) or one account's. Newest first, paginated in SQL on
 * audit_log_account_created_idx (or its action twin when filtered by action).
 */
export function createAuditService(ctx: Ctx) {
  const { db, now } = ctx;

  function page(where: SQL | undefined, query: PaginationQuery) {
    return pageOf(
      query,
      async ({ limit, offset }) =>
        (
          await db
            .select()
            .from(auditLog)
            .where(where)
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(limit)
            .offset(offset)
        ).map(toEntry),
      db.select({ total: count() }).from(auditLog).where(where),
    );
  }

  async function ownerScope(claims: AccessTokenClaims) {
    const scope = await accountScope(db, claims);
    assertCan(scope.auth, 'audit:view');
    return scope;
  }

  /** GET /api/audit: the caller's account only (the tenant scope's condition, never the query's). */
  async function list(claims: AccessTokenClaims, query: z.output<typeof auditListQuery>) {
    const scope = await ownerScope(claims);
    return page(and(scope.account(auditLog), ...filtersOf(query)), query);
  }

  /** GET /api/audit/export: the same filters, up to EXPORT_ROWS_MAX rows; the export is itself logged. */
  async function exportCsv(claims: AccessTokenClaims, query: z.output<typeof auditListQuery>) {
    const scope = await ownerScope(claims);
    const fetched = await db
      .select()
      .from(auditLog)
      .where(and(scope.account(auditLog), ...filtersOf(query)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(EXPORT_ROWS_MAX + 1);
    const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
    const at = now();
    await recordAudit(db, exportEvent(scope, 'export.audit', rows.length, query, at));
    return { filename: csvFilename('audit-log', at), csv: auditCsv(rows), truncatedAt };
  }

  /** GET /api/admin/audit: the platform's own events, or one account's with `account_id`. */
  async function listPlatform(claims: AccessTokenClaims, query: z.output<typeof adminAuditListQuery>) {
    await assertStaff(db, claims, 'admin:audit');
    const whose = query.account_id ? eq(auditLog.accountId, query.account_id) : isNull(auditLog.accountId);
    return page(and(whose, ...filtersOf(query)), query);
  }

  return { list, exportCsv, listPlatform };
}

export type AuditService = ReturnType<typeof createAuditService>;
