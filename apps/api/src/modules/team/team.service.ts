import { messages } from '@workhub/shared/messages';
import type { Action } from '@workhub/shared/permissions';
import type { AuditAction } from '@workhub/shared/schemas/audit';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { memberUpdateBody, TeamMember, teamListQuery } from '@workhub/shared/schemas/team';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceMembers } from '../../db/schema/workspaces.ts';
import { memberOfNoOtherAccount, type WorkspaceScope, workspaceScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { assertVersion, type EditVersion } from '../../lib/edit-version.ts';
import { containing } from '../../lib/list-query.ts';
import { pageOf } from '../../lib/paging.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
import { assertMemberRoom } from '../plans/plan-limits.ts';

/**
 * The version a member's edit is made against (decision 039): the later of the membership's
 * updated_at (role, status) and the person's (name, contact details), both moved on by every change
 * (migration 0028).
 */
function memberVersion() {
  return sql<Date>`greatest(${workspaceMembers.updatedAt}, ${users.updatedAt})`.mapWith(
    workspaceMembers.updatedAt,
  );
}

const memberColumns = {
  user_id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  role: workspaceMembers.role,
  status: workspaceMembers.status,
  phone: users.phone,
  address: users.address,
  state: users.state,
  country: users.country,
  city: users.city,
  zip: users.zip,
  notes: users.notes,
  joinedAt: workspaceMembers.createdAt,
  updatedAt: memberVersion(),
  accountHeld: users.heldAccountId,
  platformRole: users.platformRole,
};

function selectMembers(db: Ctx['db'], where: SQL | undefined) {
  return db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(where)
    .$dynamic();
}
type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

const toTeamMember = ({
  joinedAt,
  updatedAt,
  accountHeld: _held,
  platformRole: _staff,
  ...row
}: MemberRow): TeamMember => ({
  ...row,
  joined_at: joinedAt.toISOString(),
  updated_at: updatedAt.toISOString(),
});

/** An optional field of an edit: absent keeps the current value, empty clears it. */
const edited = (value: string | undefined, current: string | null): string | null =>
  value === undefined ? current : value || null;

/** The audit row of a change to a member of the session's workspace. */
const memberEvent = (scope: WorkspaceScope, member: MemberRow, action: AuditAction, at: Date) => ({
  ...inScope(scope),
  action,
  entityType: 'member' as const,
  entityId: member.user_id,
  at,
});

export function createTeamService(ctx: Ctx) {
  const { db, now } = ctx;

  /** The member of the session's workspace (404 otherwise, whoever they are elsewhere), then the permission. */
  async function findMember(claims: AccessTokenClaims, userId: string, action: Action) {
    const scope = await workspaceScope(db, claims);
    const [member] = await selectMembers(
      db,
      and(scope.workspace(workspaceMembers), eq(workspaceMembers.userId, userId)),
    ).limit(1);
    if (!member) throw notFound();
    assertCan(scope.auth, action);
    return { scope, member };
  }

  /**
   * The member's role and status as they are now, locked until the transaction ends: of two changes
   * at once, the second reads what the first wrote (its audit row's 'before' is true) or, after a
   * removal, nothing (404).
   */
  async function lockMember(tx: Db, scope: WorkspaceScope, userId: string) {
    const [locked] = await tx
      .select({
        role: workspaceMembers.role,
        status: workspaceMembers.status,
        updatedAt: workspaceMembers.updatedAt,
      })
      .from(workspaceMembers)
      .where(and(scope.workspace(workspaceMembers), eq(workspaceMembers.userId, userId)))
      .for('update');
    if (!locked) throw notFound();
    return locked;
  }

  /** The owner's role, status and membership never change (409). */
  function refuseOwner(member: MemberRow): void {
    if (member.role === 'owner') throw conflict(messages.ownerImmutable);
  }

  /** An admin never takes away their own access (409): they would lock themselves out at once. */
  function refuseSelf(claims: AccessTokenClaims, userId: string): void {
    if (claims.user_id === userId) throw conflict(messages.selfAccessImmutable);
  }

  async function reload(scope: WorkspaceScope, userId: string): Promise<TeamMember> {
    const [member] = await selectMembers(
      db,
      and(scope.workspace(workspaceMembers), eq(workspaceMembers.userId, userId)),
    );
    if (!member) throw notFound();
    return toTeamMember(member);
  }

  async function list(claims: AccessTokenClaims, query: z.output<typeof teamListQuery>) {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'team:view');
    const filters: SQL[] = [scope.workspace(workspaceMembers)];
    if (query.q) {
      const pattern = containing(query.q);
      const matches = or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
      );
      if (matches) filters.push(matches);
    }
    const where = and(...filters);
    return pageOf(
      query,
      ({ limit, offset }) =>
        selectMembers(db, where)
          .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map(toTeamMember)),
      db
        .select({ total: countOf() })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(where),
    );
  }

  async function get(claims: AccessTokenClaims, userId: string): Promise<TeamMember> {
    const { member } = await findMember(claims, userId, 'team:view');
    return toTeamMember(member);
  }

  /**
   * Sets the member's role in this workspace and, when the person belongs to this account alone
   * (holds no account, works in no other), their name and contact details.
   */
  async function update(
    claims: AccessTokenClaims,
    userId: string,
    input: z.output<typeof memberUpdateBody>,
    expected?: EditVersion,
  ) {
    const { scope, member } = await findMember(claims, userId, 'team:update');
    refuseOwner(member);
    if (input.role !== member.role) refuseSelf(claims, userId);
    const at = now();
    const ownsProfile =
      member.accountHeld === null &&
      member.platformRole === null &&
      (await memberOfNoOtherAccount(db, userId, scope.accountId));
    await db.transaction(async (tx) => {
      const was = await lockMember(tx, scope, userId);
      if (expected) {
        // The person's row as well: a change to their details since would be undone unseen.
        const [person] = await tx
          .select({ at: users.updatedAt })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!person) throw notFound();
        assertVersion(was.updatedAt > person.at ? was.updatedAt : person.at, expected);
      }
      await tx
        .update(workspaceMembers)
        .set({ role: input.role, updatedAt: at })
        .where(and(scope.workspace(workspaceMembers), eq(workspaceMembers.userId, userId)));
      if (input.role !== was.role) {
        await recordAudit(tx, {
          ...memberEvent(scope, member, 'member.role_changed', at),
          before: { email: member.email, role: was.role },
          after: { email: member.email, role: input.role },
        });
      }
      if (!ownsProfile) return;
      await tx
        .update(users)
        .set({
          firstName: input.first_name,
          lastName: input.last_name ?? member.last_name,
          phone: edited(input.phone, member.phone),
          address: edited(input.address, member.address),
          state: edited(input.state, member.state),
          country: edited(input.country, member.country),
          city: edited(input.city, member.city),
          zip: edited(input.zip, member.zip),
          notes: edited(input.notes, member.notes),
          updatedAt: at,
        })
        .where(eq(users.id, userId));
    });
    return reload(scope, userId);
  }

  /** Active or inactive in this workspace; an inactive member cannot act in it. */
  async function setStatus(claims: AccessTokenClaims, userId: string, status: 'active' | 'inactive') {
    const { scope, member } = await findMember(claims, userId, 'team:set_status');
    refuseOwner(member);
    refuseSelf(claims, userId);
    const at = now();
    await db.transaction(async (tx) => {
      const was = await lockMember(tx, scope, userId);
      if (was.status === status) return;
      // An inactive member holds no place in the plan's member limit; active again, they take one.
      if (status === 'active') await assertMemberRoom(tx, scope.accountId, member.email, at);
      await tx
        .update(workspaceMembers)
        .set({ status, updatedAt: at })
        .where(and(scope.workspace(workspaceMembers), eq(workspaceMembers.userId, userId)));
      await recordAudit(tx, {
        ...memberEvent(scope, member, 'member.status_changed', at),
        before: { email: member.email, status: was.status },
        after: { email: member.email, status },
      });
    });
    return reload(scope, userId);
  }

  /** Takes the person out of this workspace only: their user and other memberships stay. */
  async function remove(claims: AccessTokenClaims, userId: string): Promise<void> {
    const { scope, member } = await findMember(claims, userId, 'team:remove');
    refuseOwner(member);
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(workspaceMembers)
        .where(and(scope.workspace(workspaceMembers), eq(workspaceMembers.userId, userId)))
        .returning({ userId: workspaceMembers.userId });
      // Removed by a request at the same instant: that one answers, this one finds nothing.
      if (gone.length === 0) throw notFound();
      await recordAudit(tx, {
        ...memberEvent(scope, member, 'member.removed', now()),
        before: { email: member.email, role: member.role, status: member.status },
      });
    });
  }

  return { list, get, update, setStatus, remove };
}

export type TeamService = ReturnType<typeof createTeamService>;
