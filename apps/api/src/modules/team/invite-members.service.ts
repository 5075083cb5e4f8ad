import { INVITATION_RESEND_SECONDS, INVITATION_TTL_DAYS } from '@workhub/shared/constants';
import type { InvitationStatus } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type { AuditAction } from '@workhub/shared/schemas/audit';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { PaginationQuery } from '@workhub/shared/schemas/common';
import type { Invitation, inviteBody } from '@workhub/shared/schemas/team';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import { users } from '../../db/schema/users.ts';
import { type InvitationRow, invitations, workspaceMembers } from '../../db/schema/workspaces.ts';
import { type WorkspaceScope, workspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { addSeconds } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { pageOf } from '../../lib/paging.ts';
import { inScope, recordAudit } from '../audit/audit.ts';
import { assertMemberRoom } from '../plans/plan-limits.ts';
import { invitationMail } from './invitation.mails.ts';

const TTL_SECONDS = INVITATION_TTL_DAYS * 24 * 60 * 60;

/** Neither accepted nor revoked (it may have expired: then it can be re-sent). */
const openInvitation = () => [isNull(invitations.acceptedAt), isNull(invitations.revokedAt)];

export function invitationStatus(row: InvitationRow, at: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= at ? 'expired' : 'pending';
}

/** 410 for a link that no longer opens anything: expired, revoked or already accepted. */
export function refuseClosed(row: InvitationRow, at: Date): void {
  const status = invitationStatus(row, at);
  if (status === 'expired') throw new AppError(410, 'GONE', messages.invitationExpired);
  // Its invitee opening the mail's link again (or re-sending an accepted one) is told so, not
  // that the link may have been revoked.
  if (status === 'accepted') throw new AppError(410, 'GONE', messages.invitationAlreadyAccepted);
  if (status !== 'pending') throw new AppError(410, 'GONE', messages.invitationClosed);
}

/** 429: the address was mailed an invitation to this workspace less than a minute ago. */
const tooSoon = (lastSentAt: Date, at: Date) =>
  new AppError(429, 'RATE_LIMITED', messages.invitationTooSoon, {
    retryAfter: Math.max(
      1,
      Math.ceil((lastSentAt.getTime() + INVITATION_RESEND_SECONDS * 1000 - at.getTime()) / 1000),
    ),
  });

/** The audit row of an invitation: who was invited with which role (never the link's token). */
const invitationEvent = (scope: WorkspaceScope, row: InvitationRow, action: AuditAction, at: Date) => ({
  ...inScope(scope),
  action,
  entityType: 'invitation' as const,
  entityId: row.id,
  after: { email: row.email, role: row.role, expires_at: row.expiresAt.toISOString() },
  at,
});

export function createInvitationService(ctx: Ctx) {
  const { db, now, mailer, config } = ctx;

  const toInvitation = (row: InvitationRow): Invitation => ({
    invitation_id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    status: invitationStatus(row, now()),
    expires_at: row.expiresAt.toISOString(),
    sent_at: row.lastSentAt.toISOString(),
  });

  async function inviterName(userId: string): Promise<string> {
    const [inviter] = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return inviter ? `${inviter.first} ${inviter.last}`.trim() : 'Someone';
  }

  async function mail(scope: WorkspaceScope, row: InvitationRow, token: string): Promise<void> {
    await mailer.send(
      invitationMail({
        to: row.email,
        firstName: row.firstName,
        inviterName: await inviterName(scope.auth.user_id),
        workspaceName: scope.workspaceName,
        role: row.role,
        link: `${config.publicUrl}/invitations/${token}`,
      }),
    );
  }

  /** A fresh link: 32 random bytes, of which only the SHA-256 is kept; valid 7 days from now. */
  function freshLink() {
    const token = randomToken();
    const at = now();
    return { token, tokenHash: sha256(token), expiresAt: addSeconds(at, TTL_SECONDS), lastSentAt: at };
  }

  /** Invites an address to the session's workspace, replacing an open invitation to it, and mails the link. */
  async function invite(claims: AccessTokenClaims, input: z.output<typeof inviteBody>): Promise<Invitation> {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'team:invite');
    const [member] = await db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(scope.workspace(workspaceMembers), eq(users.email, input.email)))
      .limit(1);
    if (member) throw conflict(messages.alreadyMember, { email: messages.alreadyMember });

    const { token, ...link } = freshLink();
    const row = await db.transaction(async (tx) => {
      // A pending invitation holds a place in the plan's member limit, counted under the
      // account's lock until this insert commits: many invitations at once cannot overshoot it.
      await assertMemberRoom(tx, scope.accountId, input.email, link.lastSentAt);
      // One mail a minute to an address (the account's lock above orders invitations sent at once):
      // inviting again is no way to flood a mailbox.
      const [recent] = await tx
        .select({ lastSentAt: invitations.lastSentAt })
        .from(invitations)
        .where(
          and(
            scope.workspace(invitations),
            eq(invitations.email, input.email),
            ...openInvitation(),
            gt(invitations.lastSentAt, addSeconds(link.lastSentAt, -INVITATION_RESEND_SECONDS)),
          ),
        )
        .limit(1);
      if (recent) throw tooSoon(recent.lastSentAt, link.lastSentAt);
      await tx
        .update(invitations)
        .set({ revokedAt: link.lastSentAt })
        .where(and(scope.workspace(invitations), eq(invitations.email, input.email), ...openInvitation()));
      const [created] = await tx
        .insert(invitations)
        .values({
          ...scope.workspaceValues(),
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          role: input.role,
          invitedBy: scope.auth.user_id,
          createdAt: link.lastSentAt,
          ...link,
        })
        .returning();
      if (!created) throw new Error('invitation insert returned no row');
      await recordAudit(tx, invitationEvent(scope, created, 'invitation.sent', link.lastSentAt));
      return created;
    });
    await mail(scope, row, token);
    return toInvitation(row);
  }

  /** Invitations not accepted nor revoked (pending and expired), newest first. */
  async function listOpen(claims: AccessTokenClaims, query: PaginationQuery) {
    const scope = await workspaceScope(db, claims);
    assertCan(scope.auth, 'team:view');
    const where = and(scope.workspace(invitations), ...openInvitation());
    return pageOf(
      query,
      ({ limit, offset }) =>
        db
          .select()
          .from(invitations)
          .where(where)
          .orderBy(desc(invitations.createdAt), desc(invitations.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map(toInvitation)),
      db.select({ total: countOf() }).from(invitations).where(where),
    );
  }

  const invitationOf = async (scope: WorkspaceScope, id: string) =>
    (
      await db
        .select()
        .from(invitations)
        .where(and(scope.workspace(invitations), eq(invitations.id, id)))
        .limit(1)
    )[0];

  /** An invitation of the session's workspace (404 otherwise), then the permission. */
  async function findInvitation(claims: AccessTokenClaims, id: string) {
    const scope = await workspaceScope(db, claims);
    const row = await invitationOf(scope, id);
    if (!row) throw notFound();
    assertCan(scope.auth, 'team:invite');
    return { scope, row };
  }

  /** Mails a new link with a new 7-day expiry; the old link stops working. */
  async function resend(claims: AccessTokenClaims, id: string): Promise<Invitation> {
    const { scope, row } = await findInvitation(claims, id);
    if (row.acceptedAt || row.revokedAt) refuseClosed(row, now());
    const { token, ...link } = freshLink();
    const updated = await db.transaction(async (tx) => {
      // An expired invitation held no place; sent again, it takes one back.
      if (row.expiresAt <= link.lastSentAt)
        await assertMemberRoom(tx, scope.accountId, row.email, link.lastSentAt);
      // Only while it is open (accepted or revoked at the same instant, it stays closed), and not
      // within a minute of the last mail (re-sent at once, one of them mails).
      const [renewed] = await tx
        .update(invitations)
        .set(link)
        .where(
          and(
            scope.workspace(invitations),
            eq(invitations.id, id),
            ...openInvitation(),
            lte(invitations.lastSentAt, addSeconds(link.lastSentAt, -INVITATION_RESEND_SECONDS)),
          ),
        )
        .returning();
      if (renewed)
        await recordAudit(tx, invitationEvent(scope, renewed, 'invitation.resent', link.lastSentAt));
      return renewed;
    });
    if (!updated) {
      const current = await invitationOf(scope, id);
      if (current && !current.acceptedAt && !current.revokedAt) throw tooSoon(current.lastSentAt, now());
      throw new AppError(410, 'GONE', messages.invitationClosed);
    }
    await mail(scope, updated, token);
    return toInvitation(updated);
  }

  /** The link stops working. Revoking twice is fine; an accepted invitation is 410. */
  async function revoke(claims: AccessTokenClaims, id: string): Promise<void> {
    const { scope, row } = await findInvitation(claims, id);
    if (row.acceptedAt) refuseClosed(row, now());
    if (row.revokedAt) return;
    const at = now();
    const revoked = await db.transaction(async (tx) => {
      // Only while it is open: of two revocations at once one is recorded, and one racing the
      // acceptance does not mark an accepted invitation revoked.
      const [closed] = await tx
        .update(invitations)
        .set({ revokedAt: at })
        .where(and(scope.workspace(invitations), eq(invitations.id, id), ...openInvitation()))
        .returning({ id: invitations.id });
      if (closed) await recordAudit(tx, invitationEvent(scope, row, 'invitation.revoked', at));
      return closed !== undefined;
    });
    if (revoked) return;
    // Closed meanwhile: revoked twice is fine, accepted is 410.
    const current = await invitationOf(scope, id);
    if (current?.acceptedAt) refuseClosed(current, at);
  }

  return { invite, listOpen, resend, revoke };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
