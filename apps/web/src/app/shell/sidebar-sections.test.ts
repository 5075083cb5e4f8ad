import type { Auth } from '@workhub/shared/permissions';
import { describe, expect, it } from 'vitest';
import { fakeAuth } from '../../test/fixtures.ts';
import { dashboardPath, showsWorkspaceSwitcher, sidebarSections } from './sidebar-sections.ts';

const auth = fakeAuth;
const inWorkspace = (role: Auth['role'], template: Auth['template'] = 'workspace', accounts = 0) =>
  auth({ role, template, accounts, workspace_id: 'w1' });

const links = (a: Auth) =>
  sidebarSections(a).map((section) => [
    section.title,
    section.links.map((link) => `${link.label} ${link.to}`),
  ]);

describe('sidebar by role, driven by can()', () => {
  it('gives the super admin Dashboard, Subscribers and Plans only', () => {
    const superAdmin = auth({
      role: 'super_admin',
      platform_role: 'super_admin',
      accounts: 0,
      account_id: null,
    });
    expect(links(superAdmin)).toEqual([
      ['Super Admin', ['Dashboard /dashboard_admin', 'Subscribers /team', 'Plans /subscription_type']],
    ]);
    expect(showsWorkspaceSwitcher(superAdmin)).toBe(false);
  });

  it('gives an owner in a workspace the Admin block, Workspaces, Projects, Teams and Settings > Tags', () => {
    const owner = inWorkspace('owner', 'mrp', 1);
    expect(links(owner)).toEqual([
      ['Admin', ['Dashboard /dashboard_mrp']],
      ['Workspaces', ['All workspaces /workspace/list', 'Archived workspaces /workspace/archived']],
      ['Projects', ['List /project/list', 'Archived /project/archived']],
      ['Tasks', ['My tasks /tasks/mine']],
      ['Teams', ['List /team']],
      ['Settings', ['Tags /tags']],
    ]);
    expect(showsWorkspaceSwitcher(owner)).toBe(true);
  });

  it('gives an owner who has not chosen a workspace only the Workspaces block', () => {
    expect(links(auth())).toEqual([
      ['Workspaces', ['All workspaces /workspace/list', 'Archived workspaces /workspace/archived']],
    ]);
  });

  it('gives a workspace admin Teams and Tags but not the Workspaces block', () => {
    const titles = links(inWorkspace('admin')).map(([title]) => title);
    expect(titles).toEqual(['Admin', 'Projects', 'Tasks', 'Teams', 'Settings']);
  });

  it('gives a worker or member their dashboard, the project list and My tasks only', () => {
    for (const role of ['member', 'worker'] as const) {
      expect(links(inWorkspace(role, 'crm'))).toEqual([
        ['Admin', ['Dashboard /dashboard_crm']],
        ['Projects', ['List /project/list']],
        ['Tasks', ['My tasks /tasks/mine']],
      ]);
    }
  });

  it('gives a guest or customer their dashboard only', () => {
    for (const role of ['guest', 'customer'] as const) {
      expect(links(inWorkspace(role, 'barber'))).toEqual([['Admin', ['Dashboard /dashboard_barber']]]);
    }
  });

  it("links the current workspace template's dashboard", () => {
    expect(dashboardPath(auth({ role: 'admin', platform_role: 'admin', accounts: 0 }))).toBe(
      '/dashboard_admin',
    );
    expect(dashboardPath(inWorkspace('owner', 'erp'))).toBe('/dashboard_erp');
    expect(dashboardPath(inWorkspace('owner', 'workspace'))).toBe('/dashboard');
    expect(dashboardPath(auth())).toBeNull();
  });
});
