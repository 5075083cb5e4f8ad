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

/** Roles an owner can give when inviting (the owner is the account holder and is never invited). */
export const INVITABLE_ROLES = ['admin', 'member', 'worker', 'guest', 'customer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const MEMBER_STATUSES = ['active', 'inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const PROJECT_STATUSES = [
  'not_started',
  'in_progress',
  'on_hold',
  'complete',
  'cancelled',
  'archived',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Statuses a form may set; 'archived' is set by Deactivate only. */
export const EDITABLE_PROJECT_STATUSES = [
  'not_started',
  'in_progress',
  'on_hold',
  'complete',
  'cancelled',
] as const satisfies readonly ProjectStatus[];

export const MILESTONE_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/** 'overdue' is never stored: a task past its due date and not completed shows as overdue. */
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'overdue'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses a form may set; 'overdue' is computed from the due date. */
export const SETTABLE_TASK_STATUSES = [
  'pending',
  'in_progress',
  'completed',
] as const satisfies readonly TaskStatus[];

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** A subscriber (an account) that platform staff deactivated cannot be signed into, nor its workspaces. */
export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** An invoice is open until the payment provider confirms it; a void one is never collected. */
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * What an account may do under its subscription now: 'full' while trialing or in a paid period,
 * 'read_only' once the trial (or the paid period) has ended: sign in, read and export, not create.
 */
export const ACCOUNT_ACCESS = ['full', 'read_only'] as const;
export type AccountAccess = (typeof ACCOUNT_ACCESS)[number];

/** External sign-in providers: GitHub (OAuth 2) and any OpenID Connect issuer. */
export const IDENTITY_PROVIDERS = ['github', 'oidc'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];
