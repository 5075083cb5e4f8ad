import { describe, expect, it } from 'vitest';
import { decodeClaims } from '../../lib/jwt.ts';
import type { SignedInSession } from '../../lib/session-store.ts';
import { fakeToken, fakeUser } from '../../test/fixtures.ts';
import { dashboardPath, showsNotificationsToggle, sidebarSections } from './sidebar-sections.ts';

const session = (
  claims: Parameters<typeof fakeToken>[0],
  user: Parameters<typeof fakeUser>[0] = {},
): SignedInSession => {
  const token = fakeToken(claims);
  return { status: 'signed_in', accessToken: token, claims: decodeClaims(token), user: fakeUser(user) };
};

const links = (s: SignedInSession) =>
  sidebarSections(s).map((section) => [
    section.title,
    section.links.map((link) => `${link.label} ${link.to}`),
  ]);

describe('sidebar by role', () => {
  it('gives the super admin Dashboard and Subscribers only', () => {
    const superAdmin = session({ role: 'super_admin', accounts: 0 }, { platform_role: 'super_admin' });
    expect(links(superAdmin)).toEqual([['Super Admin', ['Dashboard /dashboard_admin', 'Subscribers /team']]]);
    expect(showsNotificationsToggle(superAdmin)).toBe(false);
  });

  it('gives an owner the Admin block, Projects, Teams and Settings > Tags', () => {
    const owner = session({ role: 'owner' });
    expect(links(owner)).toEqual([
      ['Admin', ['Dashboard /dashboard']],
      ['Projects', ['List /project/list', 'Archived /project/archived']],
      ['Teams', ['List /team']],
      ['Settings', ['Tags /tags']],
    ]);
    expect(showsNotificationsToggle(owner)).toBe(true);
  });

  it('hides Tags from roles that may not manage them', () => {
    for (const role of ['member', 'worker', 'guest', 'customer'] as const) {
      expect(links(session({ role, accounts: 0 })).map(([title]) => title)).not.toContain('Settings');
    }
  });

  it("links each role's own dashboard", () => {
    expect(dashboardPath(session({ role: 'admin' }, { platform_role: 'admin' }))).toBe('/dashboard_admin');
    expect(dashboardPath(session({ template: 'mrp' }))).toBe('/dashboard_mrp');
    expect(dashboardPath(session({ template: 'erp' }))).toBe('/dashboard_erp');
    expect(dashboardPath(session({ template: 'barber' }))).toBe('/dashboard_barber');
    expect(dashboardPath(session({ template: 'workspace' }))).toBe('/dashboard');
    expect(dashboardPath(session({ template: null }))).toBe('/dashboard');
  });
});
