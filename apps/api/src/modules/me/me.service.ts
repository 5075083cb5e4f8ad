import type { AccessTokenClaims, SessionUser } from '@workhub/shared/schemas/auth';
import type { PaginationQuery } from '@workhub/shared/schemas/common';
import type { MyWorkspace } from '@workhub/shared/schemas/workspaces';
import type { Db } from '../../db/client.ts';
import { openableMembershipsOf } from '../../db/tenant-scope.ts';
import { requireActiveUser, sessionUserOf, usableWorkspace } from '../auth/session-user.ts';
import { logoUrl } from '../workspaces/logo-storage.ts';

/**
 * The token's user as it is now, in the token's workspace if it is still usable; a user deleted or
 * deactivated since is signed out.
 */
export async function currentUser(db: Db, auth: AccessTokenClaims, now: Date): Promise<SessionUser> {
  const user = await requireActiveUser(db, auth.user_id);
  return sessionUserOf(db, user, await usableWorkspace(db, user.id, auth.workspace_id), now);
}

/** The picker: the workspaces the user may open now (active membership, workspace not archived). */
export async function myWorkspaces(db: Db, auth: AccessTokenClaims, { page, limit }: PaginationQuery) {
  const { rows, total } = await openableMembershipsOf(db, auth.user_id, {
    limit,
    offset: (page - 1) * limit,
  });
  const data: MyWorkspace[] = rows.map((m) => ({
    workspace_id: m.workspaceId,
    account_id: m.accountId,
    workspace_name: m.workspaceName,
    template: m.template,
    workspace_logo: logoUrl(m.logoPath),
    role: m.role,
    currency: m.currency,
  }));
  return { data, meta: { page, limit, total } };
}
