import { TEMPLATE_DASHBOARDS, type Template } from './enums.ts';

/** The workspace picker: where a sign-in lands when it reopens no workspace. */
export const PICKER_PATH = '/workspace';

/**
 * Where a sign-in lands (password, provider, new password): the dashboard of the workspace it
 * reopened (the one used last, when still usable), else the workspace picker.
 */
export const landingPath = (workspace: { template: Template } | null): string =>
  workspace ? TEMPLATE_DASHBOARDS[workspace.template] : PICKER_PATH;
