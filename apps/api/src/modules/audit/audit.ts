import type { AuditAction, AuditEntityType, AuditState } from '@workhub/shared/schemas/audit';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import type { AccountScope } from '../../db/tenant-scope.ts';
import { clientIpOf } from '../../lib/client-ip.ts';

/** Who made a change: the user (null for an unknown address) and where the request came from. */
export type AuditActor = {
  userId: string | null;
  /** Given when the user is not a row yet or at all (a failed sign-in); else read from users. */
  email?: string | null;
  ip: string | null;
};

export type AuditEntry = {
  action: AuditAction;
  /** Null: an event of the platform, not of an account. */
  accountId: string | null;
  workspaceId?: string | null;
  actor: AuditActor;
  entityType?: AuditEntityType;
  entityId?: string | null;
  before?: AuditState | null;
  after?: AuditState | null;
  /** The application's clock (tests move it); the database's when left out. */
  at?: Date;
};

/** The actor of a verified session: its user, and the address requireAuth marked it with. */
export const actorOf = (auth: { user_id: string }): AuditActor => ({
  userId: auth.user_id,
  ip: clientIpOf(auth),
});

/** The tenant and actor of a session acting in an account (or one workspace of it). */
export const inScope = (scope: AccountScope) => ({
  accountId: scope.accountId,
  workspaceId: scope.workspaceId,
  actor: actorOf(scope.auth),
});

/**
 * Key names that would carry a secret. Callers write only what the log should show; this is the
 * backstop that keeps a password hash, a token or a code out of a row should one slip into a state.
 */
const SECRET_KEY = /password|hash|token|secret|code|otp/i;

function withoutSecrets(state: AuditState | null | undefined): AuditState | null {
  if (!state) return null;
  return Object.fromEntries(Object.entries(state).filter(([key]) => !SECRET_KEY.test(key)));
}

/**
 * Writes one row of the audit log. `db` is the handle the change itself uses: inside the change's
 * transaction pass its `tx`, so the row commits with the change or not at all (a refused or failed
 * change leaves no row). Rows are only ever inserted: the app holds no UPDATE or DELETE on them.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  // The e-mail is copied so that the row still says who it was once the user is gone.
  const actorEmail =
    actor.email !== undefined
      ? actor.email
      : actor.userId === null
        ? null
        : sql`(${db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId))})`;
  await db.insert(auditLog).values({
    accountId: entry.accountId,
    workspaceId: entry.workspaceId ?? null,
    actorUserId: actor.userId,
    actorEmail,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
    ip: actor.ip,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** A record or a query as an audit state: its plain values (strings, numbers, booleans) only. */
export function plainState(record: Readonly<Record<string, unknown>>): AuditState {
  const state: AuditState = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      state[key] = value;
  }
  return state;
}

/** The audit row of a CSV export: what was exported, how many rows, with which filters. */
export const exportEvent = (
  scope: AccountScope,
  action: Extract<AuditAction, `export.${string}`>,
  rows: number,
  query: Readonly<Record<string, unknown>>,
  at: Date,
): AuditEntry => {
  // An export has no pages: a list's paging that came along with its filters says nothing of it.
  const { page: _page, limit: _limit, ...filters } = query;
  return { ...inScope(scope), action, after: { rows, ...plainState(filters) }, at };
};
