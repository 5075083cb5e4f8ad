import { z } from 'zod';
import { messages } from '../messages.ts';
import { calendarDate, idField, paginationQuery, plainText } from './common.ts';

/**
 * Every event the audit log records (issue 14, section 3). A fixed set, so the filter can offer
 * it and a row never carries a made-up action; adding one is a line here, no migration.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'member.role_changed',
  'member.status_changed',
  'member.removed',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'workspace.archived',
  'workspace.restored',
  'project.status_changed',
  'milestone.deleted',
  'task.deleted',
  'tag.deleted',
  'cbe.deleted',
  'plan.created',
  'plan.changed',
  'plan.status_changed',
  'subscriber.status_changed',
  'subscription.plan_chosen',
  'billing.checkout',
  'export.projects',
  'export.tasks',
  'export.products',
  'export.orders',
  'export.stock_moves',
  'export.master_data',
  'export.tickets',
  'export.ticketing_services',
  'export.ticketing_counters',
  'export.audit',
  'export.appointments',
  'export.barber_customers',
  'export.barber_services',
  'export.barber_staff',
  'export.cbe',
  'mrp.confirmed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What kind of record an event is about. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'member',
  'invitation',
  'workspace',
  'project',
  'milestone',
  'task',
  'tag',
  'plan',
  'account',
  'subscription',
  'invoice',
  'mrp_run',
  'cbe_record',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** A record's state as the log keeps it: plain values, never a secret (no hash, token or code). */
export type AuditState = Record<string, string | number | boolean | null | readonly string[]>;

/** One row of the log as the API answers it. */
export const auditEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  account_id: z.string().nullable(),
  workspace_id: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The filters of the log (the page's form and both routes): each optional, dates both included. */
export const auditFilters = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: messages.auditActionInvalid }).optional(),
  /** Part of the actor's e-mail, any case. */
  actor: plainText(254).optional(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES, { error: messages.auditEntityTypeInvalid }).optional(),
  from: calendarDate(messages.dateInvalid).optional(),
  to: calendarDate(messages.dateInvalid).optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const rangeIssue = { error: messages.auditRangeInvalid, path: ['to'] };

/** GET /api/audit and GET /api/audit/export (the export ignores page and limit). */
export const auditListQuery = paginationQuery.extend(auditFilters.shape).refine(fromNotAfterTo, rangeIssue);
export type AuditListQuery = z.input<typeof auditListQuery>;

/** GET /api/admin/audit: the platform's events, or with `account_id` one account's. */
export const adminAuditListQuery = paginationQuery
  .extend(auditFilters.shape)
  .extend({ account_id: idField().optional() })
  .refine(fromNotAfterTo, rangeIssue);
export type AdminAuditListQuery = z.input<typeof adminAuditListQuery>;

/**
 * The filter form of /settings/audit and of the platform's log (empty fields mean 'any');
 * `account_id` is the platform page's only and stays empty on the account's.
 */
export const auditFilterForm = z
  .object({
    account_id: z.union([z.literal(''), idField()]),
    action: z.union([z.literal(''), z.enum(AUDIT_ACTIONS)]),
    actor: plainText(254),
    entity_type: z.union([z.literal(''), z.enum(AUDIT_ENTITY_TYPES)]),
    from: z.union([z.literal(''), calendarDate(messages.dateInvalid)], { error: messages.dateInvalid }),
    to: z.union([z.literal(''), calendarDate(messages.dateInvalid)], { error: messages.dateInvalid }),
  })
  .refine(fromNotAfterTo, rangeIssue);
export type AuditFilterForm = z.infer<typeof auditFilterForm>;

/** How an action reads in the log's table and filter. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = messages.auditActionLabels;
