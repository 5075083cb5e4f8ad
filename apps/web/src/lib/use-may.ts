import { isModuleAction, moduleActionRule } from '@workhub/shared/modules';
import { type Action, type CoreAction, can, type Resource } from '@workhub/shared/permissions';
import { useCallback } from 'react';
import { useAccountAccess } from './use-account-access.ts';
import { useAuth } from './use-auth.ts';

/**
 * Whether an action creates, changes or deletes something in the account, which a read-only
 * account (trial or paid period over) may not do: the API answers it 403 READ_ONLY. Billing stays
 * open (it is how the account gets out of read-only), and so does everything that only reads.
 */
const CHANGES: Record<CoreAction, boolean> = {
  'admin:dashboard': false,
  'admin:subscribers': false,
  'admin:plans': false,
  'admin:audit': false,
  'workspace:create': true,
  'workspace:update': true,
  'workspace:archive': true,
  'workspace:list': false,
  'billing:view': false,
  'billing:manage': false,
  'audit:view': false,
  'dashboard:view': false,
  'team:view': false,
  'team:invite': true,
  'team:update': true,
  'team:set_status': true,
  'team:remove': true,
  'tags:manage': true,
  'tags:view': false,
  'project:view': false,
  'project:create': true,
  'project:update': true,
  'project:archive': true,
  'milestone:view': false,
  'milestone:create': true,
  'milestone:update': true,
  'milestone:delete': true,
  'task:view_all': false,
  'task:view_assigned': false,
  'task:create': true,
  'task:update': true,
  'task:delete': true,
  'task:update_status': true,
};

/** Whether `action` changes data (see CHANGES; a module's action says so in its manifest). */
export const changesData = (action: Action): boolean =>
  isModuleAction(action) ? moduleActionRule(action).rule.changes : CHANGES[action];

export type May = (action: Action, resource?: Resource) => boolean;

/**
 * The one check behind every action control of a page: `can()` for the session, and no change
 * while the account is read-only (the banner says why and links to the upgrade). Pages hide what
 * this refuses, the way they hide what `can()` refuses.
 */
export const useMay = (): May => {
  const auth = useAuth();
  const { readOnly } = useAccountAccess();
  return useCallback(
    (action, resource) => auth !== null && can(auth, action, resource) && !(readOnly && changesData(action)),
    [auth, readOnly],
  );
};
