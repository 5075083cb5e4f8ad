import { isPlatformAdmin, isSuperAdmin, roleOf } from '../../lib/roles.ts';
import type { SignedInSession } from '../../lib/session-store.ts';

export type SidebarLink = { label: string; to: string };
export type SidebarSection = { title: string; links: SidebarLink[] };

/** The dashboard of the user's role or workspace template ('workspace' has the plain one). */
export const dashboardPath = (session: SignedInSession): string => {
  if (isPlatformAdmin(session)) return '/dashboard_admin';
  const template = session.claims?.template;
  if (!template || template === 'workspace') return '/dashboard';
  return `/dashboard_${template}`;
};

/**
 * Settings > Tags is for the admins of the workspace's module (spec section 6). Until workspace
 * roles are richer, that is the owner, a workspace admin, or platform staff.
 */
export const canSeeTags = (session: SignedInSession): boolean => {
  const role = roleOf(session);
  return role === 'owner' || role === 'admin' || isPlatformAdmin(session);
};

/** The sidebar by role (spec section 2): super admins get their two links; everyone else the blocks. */
export const sidebarSections = (session: SignedInSession): SidebarSection[] => {
  if (isSuperAdmin(session)) {
    return [
      {
        title: 'Super Admin',
        links: [
          { label: 'Dashboard', to: '/dashboard_admin' },
          { label: 'Subscribers', to: '/team' },
        ],
      },
    ];
  }
  const sections: SidebarSection[] = [
    { title: 'Admin', links: [{ label: 'Dashboard', to: dashboardPath(session) }] },
    {
      title: 'Projects',
      links: [
        { label: 'List', to: '/project/list' },
        { label: 'Archived', to: '/project/archived' },
      ],
    },
    { title: 'Teams', links: [{ label: 'List', to: '/team' }] },
  ];
  if (canSeeTags(session)) sections.push({ title: 'Settings', links: [{ label: 'Tags', to: '/tags' }] });
  return sections;
};

/** Whether the Notifications toggle shows (every role but the super admin's short sidebar). */
export const showsNotificationsToggle = (session: SignedInSession): boolean => !isSuperAdmin(session);
