import { type Action, type Auth, can, type Resource } from '@workhub/shared/permissions';
import { forbidden } from './app-error.ts';

/**
 * 403 unless can() allows the action (docs/permissions.md). Services call it with the live `auth`
 * of their tenant scope (the role read from the membership, not the token's possibly stale one),
 * and for a record only after finding it in the caller's tenant: another tenant's record is a 404
 * before any permission is asked.
 */
export function assertCan(auth: Auth, action: Action, resource?: Resource): void {
  if (!can(auth, action, resource)) throw forbidden();
}
