import type { Template } from './enums.ts';

/** The workspace picker: where a sign-in lands when it reopens no workspace. */
export const PICKER_PATH = '/workspace';

/**
 * Where a sign-in lands (password, provider, new password): the dashboard of the workspace it
 * reopened (the one used last, when still usable), else the workspace picker. Spelled out rather
 * than read from templateDashboard (modules.ts) so the sign-in route does not load the module
 * registry for it (its 140 KB budget); landing.test.ts keeps the two equal.
 */
export const landingPath = (workspace: { template: Template } | null): string => {
  if (!workspace) return PICKER_PATH;
  return workspace.template === 'workspace' ? '/dashboard' : `/dashboard_${workspace.template}`;
};
