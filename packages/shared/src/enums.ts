/** Platform-wide roles held by staff of the product itself. */
export const PLATFORM_ROLES = ['super_admin', 'admin'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Roles a person holds inside one workspace. The owner is the account holder. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'worker', 'guest', 'customer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The `role` claim of an access token: a platform role, or the role the user acts in. */
export const TOKEN_ROLES = [...PLATFORM_ROLES, ...WORKSPACE_ROLES] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

export const TEMPLATES = ['workspace', 'mrp', 'erp', 'crm', 'srm', 'barber', 'cbe', 'ticketing'] as const;
export type Template = (typeof TEMPLATES)[number];

export const TEMPLATE_LABELS: Record<Template, string> = {
  workspace: 'Workspace',
  mrp: 'MRP',
  erp: 'ERP',
  crm: 'CRM',
  srm: 'SRM',
  barber: 'Barber Shop & Spa',
  cbe: 'CBE School Management System',
  ticketing: 'Queue Ticketing System',
};

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PLAN_STATUSES = ['active', 'inactive'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'expired', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a one-time code proves: the owner of the address, or the right to set a new password. */
export const CODE_PURPOSES = ['verify_email', 'reset_password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
