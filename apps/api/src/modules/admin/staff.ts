import type { Action } from '@workhub/shared/permissions';
import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { Db } from '../../db/client.ts';
import { enterPlatform } from '../../db/tenant-context.ts';
import { assertCan } from '../../lib/assert-can.ts';
import { requireActiveUser } from '../auth/session-user.ts';

/**
 * 403 unless the caller is platform staff as the database says now (a token's role may be stale).
 * Then the rest of the request sees across tenants: its transaction takes the platform role
 * (db/tenant-context.ts enterPlatform), and the log says who took it, for what.
 */
export async function assertStaff(db: Db, auth: AccessTokenClaims, action: Action): Promise<void> {
  const user = await requireActiveUser(db, auth.user_id);
  assertCan({ ...auth, platform_role: user.platformRole }, action);
  await enterPlatform(db, { userId: user.id, action });
}
