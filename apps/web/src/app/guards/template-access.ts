import { TEMPLATE_DASHBOARDS, type Template } from '@workhub/shared/enums';
import type { Auth } from '@workhub/shared/permissions';

export type TemplateDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The guard of a template's dashboard (spec section 2: 'gated by the matching template flag'):
 * it opens only while the session acts in a workspace of that template. Otherwise the user goes
 * to their own workspace's dashboard, or to the picker when no workspace is chosen.
 */
export const decideTemplateAccess = (auth: Auth, template: Template): TemplateDecision => {
  if (auth.workspace_id !== null && auth.template === template) return { kind: 'allow' };
  if (auth.workspace_id !== null && auth.template !== null) {
    return { kind: 'redirect', to: TEMPLATE_DASHBOARDS[auth.template] };
  }
  return { kind: 'redirect', to: '/workspace' };
};
