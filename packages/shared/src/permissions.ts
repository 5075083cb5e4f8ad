import type { PlatformRole, Template, TokenRole, WorkspaceRole } from './enums.ts';
import { isModuleAction, MODULE_ACTIONS, type ModuleAction, moduleActionRule } from './modules.ts';
import { isAccountHolder, isPlatformStaff } from './roles.ts';

/**
 * The one permission rule of the product (spec section 6, docs/permissions.md): the API refuses
 * with 403 what this refuses, and the web hides it. Tenancy (which records a user may reach at all)
 * is not decided here: another tenant's record is a 404 before any permission is asked.
 */
export type Auth = {
  user_id: string;
  /** The role in the tenant the session acts in (a workspace role), or a platform role. */
  role: TokenRole;
  platform_role: PlatformRole | null;
  /** Accounts the user holds: 1 or more means an account holder. */
  accounts: number;
  account_id: string | null;
  workspace_id: string | null;
  template: Template | null;
};

/** The actions of the core product; the template modules add theirs (modules.ts). */
export const CORE_ACTIONS = [
  // platform staff
  'admin:dashboard',
  'admin:subscribers',
  'admin:plans',
  'admin:audit',
  // the account holder's own account
  'workspace:create',
  'workspace:update',
  'workspace:archive',
  'workspace:list',
  'billing:view',
  'billing:manage',
  'audit:view',
  // inside the current workspace
  'dashboard:view',
  'team:view',
  'team:invite',
  'team:update',
  'team:set_status',
  'team:remove',
  'tags:manage',
  'tags:view',
  'project:view',
  'project:create',
  'project:update',
  'project:archive',
  'milestone:view',
  'milestone:create',
  'milestone:update',
  'milestone:delete',
  'task:view_all',
  'task:view_assigned',
  'task:create',
  'task:update',
  'task:delete',
  'task:update_status',
] as const;
export type CoreAction = (typeof CORE_ACTIONS)[number];
export type Action = CoreAction | ModuleAction;
export const ACTIONS: readonly Action[] = [...CORE_ACTIONS, ...MODULE_ACTIONS];

/** What an action is about, when the rule depends on it. */
export type Resource = { assigned_to?: string | null; template?: Template };

const ADMIN_TYPE: readonly TokenRole[] = ['owner', 'admin'];
const WORKSPACE_ROLES_READ: readonly TokenRole[] = ['owner', 'admin', 'member', 'worker'];
/**
 * The roles a task may be assigned to: those who may open a task assigned to them
 * (`task:view_assigned`). Guests and customers see the dashboard only, so a task of theirs could
 * not be opened by them, nor its status changed.
 */
export const TASK_ASSIGNEE_ROLES = ['owner', 'admin', 'member', 'worker'] as const;

/** Who the session is: in roles.ts, which the sign-in route's guards load without this file. */
export { isAccountHolder, isPlatformStaff };
/** Owner or workspace admin (spec: the 'admin-type' check). */
export const isAdminType = (auth: Pick<Auth, 'role'>): boolean => ADMIN_TYPE.includes(auth.role);
export const inWorkspace = (auth: Pick<Auth, 'workspace_id'>): boolean => auth.workspace_id !== null;

/** The workspace role of the session, or null outside a workspace. */
export function workspaceRole(auth: Auth): WorkspaceRole | null {
  if (!inWorkspace(auth)) return null;
  switch (auth.role) {
    case 'owner':
    case 'admin':
    case 'member':
    case 'worker':
    case 'guest':
    case 'customer':
      return auth.role;
    case 'super_admin':
      return null;
  }
}

/**
 * A module's action (modules.ts): held by the roles its manifest names, in a workspace whose
 * template includes the module. Outside such a workspace nobody holds it.
 */
function canInModule(auth: Auth, role: WorkspaceRole | null, action: ModuleAction): boolean {
  const { module, rule } = moduleActionRule(action);
  return (
    role !== null &&
    auth.template !== null &&
    module.templates.includes(auth.template) &&
    rule.roles.includes(role)
  );
}

export function can(auth: Auth, action: Action, resource: Resource = {}): boolean {
  const role = workspaceRole(auth);
  if (isModuleAction(action)) return canInModule(auth, role, action);
  switch (action) {
    case 'admin:dashboard':
    case 'admin:subscribers':
    case 'admin:plans':
    case 'admin:audit':
      return isPlatformStaff(auth);

    // Workspaces are managed by the holder of the account, acting in that account.
    case 'workspace:create':
    case 'workspace:update':
    case 'workspace:archive':
    case 'workspace:list':
    case 'billing:view':
    case 'billing:manage':
    case 'audit:view':
      return isAccountHolder(auth) && auth.role === 'owner' && auth.account_id !== null;

    case 'dashboard:view':
      return role !== null;

    case 'team:view':
    case 'team:update':
    case 'team:set_status':
    case 'project:create':
    case 'project:update':
    case 'project:archive':
    case 'task:view_all':
    case 'task:create':
    case 'task:update':
    case 'task:delete':
      return role !== null && isAdminType(auth);

    // Spec section 6: 'Owner only'.
    case 'team:invite':
    case 'team:remove':
    case 'milestone:create':
    case 'milestone:update':
    case 'milestone:delete':
      return role === 'owner';

    // Module admin: an admin-type of a workspace of that template.
    case 'tags:manage':
      return (
        role !== null &&
        isAdminType(auth) &&
        (resource.template === undefined || resource.template === auth.template)
      );

    // Members and workers see their workspace's projects and the tasks assigned to them.
    case 'project:view':
    case 'milestone:view':
    case 'tags:view':
    case 'task:view_assigned':
      return role !== null && WORKSPACE_ROLES_READ.includes(role);

    // Admin-types change any task's status; members and workers only the status of their own.
    case 'task:update_status':
      if (role === null) return false;
      if (isAdminType(auth)) return true;
      return (role === 'member' || role === 'worker') && resource.assigned_to === auth.user_id;
  }
}
