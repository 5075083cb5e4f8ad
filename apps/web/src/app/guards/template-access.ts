import type { Template } from '@workhub/shared/enums';
import { type ModuleKey, templateDashboard, templateIncludes } from '@workhub/shared/modules';
import type { Auth } from '@workhub/shared/permissions';

export type TemplateDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/** Where a page of another template sends the user: their own workspace's dashboard, or the picker. */
const elsewhere = (auth: Auth): TemplateDecision => {
  if (auth.workspace_id !== null && auth.template !== null) {
    return { kind: 'redirect', to: templateDashboard(auth.template) };
  }
  return { kind: 'redirect', to: '/workspace' };
};

/**
 * The guard of a template's dashboard (spec section 2: 'gated by the matching template flag'):
 * it opens only while the session acts in a workspace of that template. Otherwise the user goes
 * to their own workspace's dashboard, or to the picker when no workspace is chosen.
 */
export const decideTemplateAccess = (auth: Auth, template: Template): TemplateDecision =>
  auth.workspace_id !== null && auth.template === template ? { kind: 'allow' } : elsewhere(auth);

/**
 * The guard of a template module's pages (packages/shared/src/modules.ts): they open only while the
 * session acts in a workspace whose template includes the module, as the API answers them (else
 * 404). Whether the role may open the page is can()'s answer, asked after this (RequireCan).
 */
export const decideModuleAccess = (auth: Auth, key: ModuleKey): TemplateDecision =>
  auth.workspace_id !== null && templateIncludes(auth.template, key) ? { kind: 'allow' } : elsewhere(auth);
