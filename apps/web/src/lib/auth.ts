import type { Template } from '@workhub/shared/enums';
import type { Auth } from '@workhub/shared/permissions';
import type { SessionUser } from '@workhub/shared/schemas/auth';
import type { SignedInSession } from './session-store.ts';

/** The workspace the session acts in (SessionUser.workspace), or null outside any workspace. */
export type CurrentWorkspace = NonNullable<SessionUser['workspace']>;

/**
 * The `Auth` that `can()` reads, built from the token's claims (what the API decides on), each
 * claim falling back to the user record when the token could not be decoded or lacks it.
 */
export const authOf = (session: SignedInSession): Auth => {
  const { claims, user } = session;
  return {
    user_id: claims?.user_id ?? user.user_id,
    role: claims?.role ?? user.role,
    platform_role: claims?.platform_role ?? user.platform_role ?? null,
    accounts: claims?.accounts ?? user.accounts,
    account_id: claims?.account_id ?? user.account_id ?? null,
    workspace_id: claims?.workspace_id ?? user.workspace?.workspace_id ?? null,
    template: claims?.template ?? user.workspace?.template ?? null,
  };
};

export const currentWorkspace = (session: SignedInSession): CurrentWorkspace | null =>
  session.user.workspace ?? null;

/** The template of the workspace the session acts in. */
export const currentTemplate = (session: SignedInSession): Template | null => authOf(session).template;
