import { messages } from '@workhub/shared/messages';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import { acceptInvitationBody, type InvitationPreview } from '@workhub/shared/schemas/team';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { invitations, workspaceMembers, workspaces } from '../../db/schema/workspaces.ts';
import { subscriptionOf } from '../../db/subscription-times.ts';
import { type Tenant, withTenant } from '../../db/tenant-context.ts';
import { findInvitationByToken, workspaceConditions, workspaceUnavailable } from '../../db/tenant-scope.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { parseOr400 } from '../../lib/parse.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.ts';
import { findUserByEmail } from '../auth/session-user.ts';
import type { ClientMeta, SessionService, SignedIn } from '../auth/sessions.service.ts';
import { assertMemberRoom } from '../plans/plan-limits.ts';
import { refuseClosed } from '../team/invite-members.service.ts';

/** The tenant an invitation's link opens (the whole account: the member limit counts all of it). */
const accountOf = (row: { accountId: string }): Tenant => ({
  accountId: row.accountId,
  workspaceId: null,
  userId: null,
});

/** What the invitee does with the link: see it, then accept it (as a new user, or with their login). */
export function createPublicInvitationService(ctx: Ctx, sessions: SessionService) {
  const { db, now } = ctx;

  /** The invitation a token opens (404 unknown, 410 closed), with its workspace. */
  async function openInvitation(token: string) {
    const row = await findInvitationByToken(db, sha256(token));
    if (!row) throw notFound();
    refuseClosed(row, now());
    // The tenant is the invitation's own: found by its token, not named by the caller.
    const tenant = workspaceConditions(row);
    const [workspace] = await withTenant(db, accountOf(row), (tx) =>
      tx
        .select({
          name: workspaces.name,
          template: workspaces.template,
          archived: workspaces.archived,
          publicSlug: workspaces.publicSlug,
        })
        .from(workspaces)
        .where(and(tenant.account(workspaces), eq(workspaces.id, row.workspaceId)))
        .limit(1),
    );
    if (!workspace) throw notFound();
    return { row, tenant, workspace };
  }

  async function preview(token: string): Promise<InvitationPreview> {
    const { row, workspace } = await openInvitation(token);
    const [inviter] = row.invitedBy
      ? await db
          .select({ first: users.firstName, last: users.lastName })
          .from(users)
          .where(eq(users.id, row.invitedBy))
      : [];
    return {
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      role: row.role,
      workspace_name: workspace.name,
      inviter_name: inviter ? `${inviter.first} ${inviter.last}`.trim() : '',
      has_login: (await findUserByEmail(db, row.email)) !== undefined,
      expires_at: row.expiresAt.toISOString(),
    };
  }

  /**
   * Accepts: an address with no login becomes a verified user (the link proves the mailbox) with
   * the name and password given; an address with a login must be signed in as that address.
   * Either way the person joins the workspace and is signed in there.
   */
  async function accept(
    token: string,
    body: unknown,
    claims: AccessTokenClaims | null,
    meta: ClientMeta,
  ): Promise<SignedIn> {
    const { row, tenant, workspace } = await openInvitation(token);
    if (workspace.archived) throw workspaceUnavailable();
    const existing = await findUserByEmail(db, row.email);
    if (existing) {
      if (!claims) {
        // Two accepts at once for a new address: the other made this login a moment ago, accepting
        // this very invitation. Said as the link now is ('already accepted'), not 'sign in'.
        const current = await findInvitationByToken(db, sha256(token));
        if (current) refuseClosed(current, now());
        throw unauthorized();
      }
      if (claims.user_id !== existing.id) throw forbidden(messages.invitationWrongUser);
      if (existing.status !== 'active') throw new AppError(403, 'ACCOUNT_INACTIVE', messages.loginInactive);
      // Staff see the admin pages and nothing inside tenants (docs/permissions.md): a membership
      // would hand them a tenant's data, under a navigation made for staff.
      if (existing.platformRole) throw forbidden(messages.invitationStaff);
    }
    const input = existing ? undefined : parseOr400(acceptInvitationBody, body);
    const profile = input && {
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash: await hashPassword(input.password),
    };

    const at = now();
    const user = await withTenant(db, accountOf(row), async (tx) => {
      // The account's lock first (as every limit check takes it), then the invitation.
      await subscriptionOf(tx, row.accountId, { lock: true });
      const [claimed] = await tx
        .update(invitations)
        .set({ acceptedAt: at })
        .where(
          and(
            tenant.account(invitations),
            eq(invitations.id, row.id),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ id: invitations.id });
      // Accepted or revoked a moment ago by another request: said as its invitee would be told
      // opening the link now.
      if (!claimed) {
        const [current] = await tx
          .select()
          .from(invitations)
          .where(and(tenant.account(invitations), eq(invitations.id, row.id)));
        if (current) refuseClosed(current, at);
        throw new AppError(410, 'GONE', messages.invitationClosed);
      }
      // Claimed, the invitation holds no place: the person needs one as a member (normally the
      // one it held; none is left if the plan was lowered since, and the claim rolls back).
      await assertMemberRoom(tx, row.accountId, row.email, at);
      const joining = existing ?? (await insertUser(tx, row.email, profile, at));
      await tx
        .insert(workspaceMembers)
        .values({
          ...tenant.workspaceValues(),
          userId: joining.id,
          role: row.role,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing();
      await recordAudit(tx, {
        ...tenant.workspaceValues(),
        action: 'invitation.accepted',
        actor: { userId: joining.id, email: row.email, ip: meta.ip },
        entityType: 'invitation',
        entityId: row.id,
        after: { email: row.email, role: row.role, new_user: !existing },
        at,
      });
      return joining;
    });
    // Normally the membership just made; one that existed already keeps its role and status.
    const [membership] = await withTenant(db, accountOf(row), (tx) =>
      tx
        .select({ role: workspaceMembers.role, status: workspaceMembers.status })
        .from(workspaceMembers)
        .where(and(tenant.workspace(workspaceMembers), eq(workspaceMembers.userId, user.id))),
    );
    const usable = membership?.status === 'active';
    return sessions.signIn(
      user,
      meta,
      membership && usable
        ? {
            ...tenant.workspaceValues(),
            role: membership.role,
            template: workspace.template,
            workspaceName: workspace.name,
            publicSlug: workspace.publicSlug,
          }
        : null,
    );
  }

  return { preview, accept };
}

type NewUser = { firstName: string; lastName: string; passwordHash: string };

async function insertUser(tx: Ctx['db'], email: string, profile: NewUser | undefined, at: Date) {
  if (!profile) throw new Error('a new user needs a name and a password');
  const [user] = await tx
    .insert(users)
    .values({ email, ...profile, emailVerifiedAt: at, createdAt: at, updatedAt: at })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  return user;
}

export type PublicInvitationService = ReturnType<typeof createPublicInvitationService>;
