import type { AccessTokenClaims, SessionUser } from '@workhub/shared/schemas/auth';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../plugins/errors.ts';
import { findUserById, sessionUserOf } from '../auth/session-user.ts';

/** The token's user as it is now; a user deleted or deactivated since is signed out. */
export async function currentUser(db: Db, auth: AccessTokenClaims): Promise<SessionUser> {
  const user = await findUserById(db, auth.user_id);
  if (user?.status !== 'active') throw unauthorized();
  return sessionUserOf(db, user);
}
