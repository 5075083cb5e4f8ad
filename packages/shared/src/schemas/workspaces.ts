import { z } from 'zod';
import { TEMPLATES, WORKSPACE_ROLES } from '../enums.ts';
import { messages } from '../messages.ts';
import {
  choiceField,
  currencyField,
  idField,
  isTimeZone,
  paginationQuery,
  plainText,
  requiredMultilineText,
  requiredString,
} from './common.ts';

/** Create and edit (spec section 5: name, template and description are required). */
export const workspaceBody = z.object({
  workspace_name: requiredString(messages.nameRequired, 120),
  template: choiceField(TEMPLATES, messages.templateRequired, 'Template'),
  description: requiredMultilineText(messages.descriptionRequired, 2000),
  /** What its amounts are shown in (ISO 4217); missing: unchanged (none for a new workspace). */
  currency: currencyField,
});
export type WorkspaceBody = z.input<typeof workspaceBody>;

/**
 * A new workspace: the form's fields and, from the creator's browser, the IANA zone its template's
 * modules keep their day in until they are given their own (none: each module's own default).
 */
export const workspaceCreateBody = workspaceBody.extend({
  time_zone: plainText(64).refine(isTimeZone, { error: messages.timeZoneInvalid }).optional(),
});
export type WorkspaceCreateBody = z.input<typeof workspaceCreateBody>;

export const workspace = z.object({
  workspace_id: z.string(),
  account_id: z.string(),
  workspace_name: z.string(),
  template: z.enum(TEMPLATES),
  description: z.string(),
  /** URL of the uploaded logo, or of the default one. */
  workspace_logo: z.string(),
  archived: z.boolean(),
  /** Names the workspace in its public pages' addresses (/q/{slug}, /book/{slug}); never changes. */
  public_slug: z.string(),
  /** What its amounts are shown in (ISO 4217, 'KES'); null: none chosen, amounts alone. */
  currency: z.string().nullable(),
  /** Members of the workspace, the owner included. */
  team_size: z.number().int(),
  /** Share of the workspace's tasks that are completed, 0-100 (0 when it has none). */
  completion: z.number().int().min(0).max(100),
  time_inserted: z.string(),
  time_updated: z.string(),
});
export type Workspace = z.infer<typeof workspace>;

/** The spec sends archived '1' or '0'; true and false are taken too. */
export const workspaceStatusBody = z.object({
  archived: z
    .union([z.boolean(), z.enum(['0', '1'])], { error: "archived must be '0' or '1'" })
    .transform((value) => value === true || value === '1'),
});
export type WorkspaceStatusBody = z.input<typeof workspaceStatusBody>;

export const workspaceListQuery = paginationQuery.extend({
  archived: z
    .enum(['true', 'false', '1', '0'], { error: "archived must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});
export type WorkspaceListQuery = z.input<typeof workspaceListQuery>;

/** A workspace the signed-in user belongs to (the /workspace picker), owned or joined. */
export const myWorkspace = z.object({
  workspace_id: z.string(),
  account_id: z.string(),
  workspace_name: z.string(),
  template: z.enum(TEMPLATES),
  workspace_logo: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  /** What its amounts are shown in (ISO 4217); null: none chosen. */
  currency: z.string().nullable(),
});
export type MyWorkspace = z.infer<typeof myWorkspace>;

/** Choose the workspace to act in (login-auto); null goes back to the user's own account. */
export const workspaceSessionBody = z.object({
  workspace_id: idField('Choose a workspace').nullable(),
});
export type WorkspaceSessionBody = z.input<typeof workspaceSessionBody>;

export const idParam = z.object({ id: idField() });
