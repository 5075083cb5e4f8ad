import { messages } from '@workhub/shared/messages';
import type { PlanUsage } from '@workhub/shared/schemas/billing';
import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { countOf } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import type { PlanRow } from '../../db/schema/plans.ts';
import { accounts, users } from '../../db/schema/users.ts';
import { invitations, workspaceMembers, workspaces } from '../../db/schema/workspaces.ts';
import { subscriptionOf } from '../../db/subscription-times.ts';
import { accountConditions, workspaceOfMember } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * What a plan's limits count (docs/decisions.md, "Plan limits"):
 * - workspaces: the account's workspaces that are not archived. Archiving frees a place, so
 *   restoring one is checked like creating one.
 * - members: distinct people (by e-mail) across the account's workspaces that are not archived:
 *   active members, pending invitations (not accepted, revoked nor expired) and the holder. One
 *   person in three workspaces is one member; an invitation holds its place, so inviting many at
 *   once cannot overshoot the limit. Inactive members and expired invitations hold none.
 * Every check runs in the transaction of the insert it guards, after locking the account's
 * subscription row (subscriptionOf with lock): two requests at once count in turn, never both
 * before either inserts.
 */

const planLimit = (kind: 'workspaces' | 'members', plan: PlanRow, max: number) =>
  new AppError(
    403,
    'PLAN_LIMIT',
    kind === 'workspaces'
      ? messages.planLimitWorkspaces(plan.title, max)
      : messages.planLimitMembers(plan.title, max),
  );

/** Workspaces counted against the limit; `also` counts one archived workspace as if restored. */
function countedWorkspaces(accountId: string, also?: string): SQL {
  const live = also
    ? or(eq(workspaces.archived, false), eq(workspaces.id, also))
    : eq(workspaces.archived, false);
  return and(accountConditions(accountId).account(workspaces), live) as SQL;
}

/** The e-mails of the people the member limit counts (see the top of this file). */
async function memberEmails(
  db: Db,
  accountId: string,
  now: Date,
  alsoWorkspace?: string,
): Promise<Set<string>> {
  const live = countedWorkspaces(accountId, alsoWorkspace);
  const members = db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(workspaces, workspaceOfMember)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(live, eq(workspaceMembers.status, 'active')));
  const invited = db
    .select({ email: invitations.email })
    .from(invitations)
    .innerJoin(
      workspaces,
      and(eq(workspaces.accountId, invitations.accountId), eq(workspaces.id, invitations.workspaceId)),
    )
    .where(
      and(
        live,
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  const holder = db
    .select({ email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId));
  const rows = await members.union(invited).union(holder);
  return new Set(rows.map((row) => row.email.toLowerCase()));
}

async function workspaceCount(db: Db, accountId: string, also?: string): Promise<number> {
  const [row] = await db.select({ n: countOf() }).from(workspaces).where(countedWorkspaces(accountId, also));
  return row?.n ?? 0;
}

/**
 * 403 PLAN_LIMIT unless the account may have one more workspace (or have `restoring` back).
 * `tx` must be the transaction that then inserts or restores it: the subscription row stays locked.
 */
export async function assertWorkspaceRoom(
  tx: Db,
  accountId: string,
  now: Date,
  restoring?: string,
): Promise<void> {
  const { plan } = await subscriptionOf(tx, accountId, { lock: true });
  if (plan.maxWorkspaces !== null) {
    const count = await workspaceCount(tx, accountId, restoring);
    if (count + (restoring ? 0 : 1) > plan.maxWorkspaces)
      throw planLimit('workspaces', plan, plan.maxWorkspaces);
  }
  // A workspace restored brings its members and invitations back with it.
  if (restoring && plan.maxMembers !== null) {
    const emails = await memberEmails(tx, accountId, now, restoring);
    if (emails.size > plan.maxMembers) throw planLimit('members', plan, plan.maxMembers);
  }
}

/**
 * 403 PLAN_LIMIT unless the person with `email` fits in the account's member limit: someone
 * already counted (a member or invitee elsewhere in the account) costs no new place. `tx` must be
 * the transaction that then inserts the invitation or membership.
 */
export async function assertMemberRoom(tx: Db, accountId: string, email: string, now: Date): Promise<void> {
  const { plan } = await subscriptionOf(tx, accountId, { lock: true });
  if (plan.maxMembers === null) return;
  const emails = await memberEmails(tx, accountId, now);
  if (emails.has(email.toLowerCase())) return;
  if (emails.size + 1 > plan.maxMembers) throw planLimit('members', plan, plan.maxMembers);
}

/** What the billing page shows against the plan's limits. */
export async function planUsage(db: Db, accountId: string, plan: PlanRow, now: Date): Promise<PlanUsage> {
  const [workspaceTotal, emails] = await Promise.all([
    workspaceCount(db, accountId),
    memberEmails(db, accountId, now),
  ]);
  return {
    workspaces: { used: workspaceTotal, max: plan.maxWorkspaces },
    members: { used: emails.size, max: plan.maxMembers },
  };
}
