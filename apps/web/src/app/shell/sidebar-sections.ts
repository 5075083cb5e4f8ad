import { MODULES, templateDashboard, templateIncludes } from '@workhub/shared/modules';
import { type Auth, can, isPlatformStaff } from '@workhub/shared/permissions';
import { WEB_MODULES, type WebModules } from '../web-modules.ts';

export type SidebarLink = { label: string; to: string };
export type SidebarSection = { title: string; links: SidebarLink[] };

/** The dashboard of the session: the admin one for staff, else the current workspace template's. */
export const dashboardPath = (auth: Auth): string | null => {
  if (can(auth, 'admin:dashboard')) return '/dashboard_admin';
  return auth.template ? templateDashboard(auth.template) : null;
};

/**
 * A section per module of the workspace's template (packages/shared/src/modules.ts), with the
 * manifest's entries that can() allows and whose page the web module routes (an entry whose page
 * is not built yet stays hidden rather than lead nowhere).
 */
export const moduleSections = (auth: Auth, webModules: WebModules = WEB_MODULES): SidebarSection[] =>
  MODULES.filter((module) => templateIncludes(auth.template, module.key)).flatMap((module) => {
    const routed = new Set(webModules[module.key].pages.map((page) => page.path));
    const links = module.sidebar
      .filter((entry) => routed.has(entry.path) && can(auth, entry.action))
      .map((entry) => ({ label: entry.label, to: entry.path }));
    return links.length > 0 ? [{ title: module.label, links }] : [];
  });

/**
 * The sidebar (spec section 2), every link shown only where `can()` allows its page: staff get
 * their Dashboard, Subscribers, Plans and the platform's Audit log; everyone else the Admin block with the current workspace's
 * dashboard, the account holder's Workspaces, Projects, My tasks, a section per template module
 * (moduleSections), Teams, and Settings > Tags for the module admin.
 */
export const sidebarSections = (auth: Auth, webModules: WebModules = WEB_MODULES): SidebarSection[] => {
  if (isPlatformStaff(auth)) {
    const links: SidebarLink[] = [];
    if (can(auth, 'admin:dashboard')) links.push({ label: 'Dashboard', to: '/dashboard_admin' });
    if (can(auth, 'admin:subscribers')) links.push({ label: 'Subscribers', to: '/team' });
    if (can(auth, 'admin:plans')) links.push({ label: 'Plans', to: '/subscription_type' });
    if (can(auth, 'admin:audit')) links.push({ label: 'Audit log', to: '/admin/audit' });
    return [{ title: auth.platform_role === 'super_admin' ? 'Super Admin' : 'Platform admin', links }];
  }
  const sections: SidebarSection[] = [];
  const dashboard = dashboardPath(auth);
  if (dashboard && can(auth, 'dashboard:view')) {
    // Spec: the Admin block with the role's dashboard. Its title says Admin to those who run the
    // workspace; a member, worker, guest or customer (a guardian, a salon's client) runs nothing.
    const runsIt = auth.role === 'owner' || auth.role === 'admin';
    sections.push({ title: runsIt ? 'Admin' : 'Home', links: [{ label: 'Dashboard', to: dashboard }] });
  }
  if (can(auth, 'workspace:list')) {
    sections.push({
      title: 'Workspaces',
      links: [
        { label: 'All workspaces', to: '/workspace/list' },
        { label: 'Archived workspaces', to: '/workspace/archived' },
      ],
    });
  }
  if (can(auth, 'project:view')) {
    const links: SidebarLink[] = [{ label: 'List', to: '/project/list' }];
    if (can(auth, 'project:archive')) links.push({ label: 'Archived', to: '/project/archived' });
    sections.push({ title: 'Projects', links });
  }
  if (can(auth, 'task:view_assigned')) {
    sections.push({ title: 'Tasks', links: [{ label: 'My tasks', to: '/tasks/mine' }] });
  }
  sections.push(...moduleSections(auth, webModules));
  if (can(auth, 'team:view')) sections.push({ title: 'Teams', links: [{ label: 'List', to: '/team' }] });
  if (auth.template && can(auth, 'tags:manage', { template: auth.template })) {
    sections.push({ title: 'Settings', links: [{ label: 'Tags', to: '/tags' }] });
  }
  return sections;
};

/** The workspace switcher shows for everyone but platform staff's short sidebar. */
export const showsWorkspaceSwitcher = (auth: Auth): boolean => !isPlatformStaff(auth);
