import { moduleByKey } from '@workhub/shared/modules';
import type { Auth } from '@workhub/shared/permissions';
import { describe, expect, it } from 'vitest';
import type { ModulePage } from '../../lib/web-module.ts';
import { fakeAuth } from '../../test/fixtures.ts';
import { WEB_MODULES, type WebModules } from '../web-modules.ts';
import {
  dashboardPath,
  moduleSections,
  showsWorkspaceSwitcher,
  sidebarSections,
} from './sidebar-sections.ts';

const auth = fakeAuth;
const inWorkspace = (role: Auth['role'], template: Auth['template'] = 'workspace', accounts = 0) =>
  auth({ role, template, accounts, workspace_id: 'w1' });

/** The operations pages every role with operations:read gets (a template of the module). */
const OPERATIONS_READ = [
  'Products /operations/products',
  'Catalogs /operations/catalogs',
  'Units /operations/units',
  'Purchase orders /operations/purchase-orders',
  'Customer orders /operations/customer-orders',
  'Work orders /operations/work-orders',
  'Stock moves /operations/stock-moves',
];

const links = (a: Auth) =>
  sidebarSections(a).map((section) => [
    section.title,
    section.links.map((link) => `${link.label} ${link.to}`),
  ]);

describe('sidebar by role, driven by can()', () => {
  it('gives the super admin Dashboard, Subscribers, Plans and the Audit log only', () => {
    const superAdmin = auth({
      role: 'super_admin',
      platform_role: 'super_admin',
      accounts: 0,
      account_id: null,
    });
    expect(links(superAdmin)).toEqual([
      [
        'Super Admin',
        [
          'Dashboard /dashboard_admin',
          'Subscribers /team',
          'Plans /subscription_type',
          'Audit log /admin/audit',
        ],
      ],
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
      ['Operations', [...OPERATIONS_READ, 'MRP run /operations/mrp']],
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

  it('gives a worker or member their dashboard (under Home: they run nothing), the project list and My tasks only', () => {
    for (const role of ['member', 'worker'] as const) {
      expect(links(inWorkspace(role, 'crm'))).toEqual([
        ['Home', ['Dashboard /dashboard_crm']],
        ['Projects', ['List /project/list']],
        ['Tasks', ['My tasks /tasks/mine']],
        // The MRP run is operations:plan (owners and admins).
        ['Operations', OPERATIONS_READ],
      ]);
    }
  });

  it('gives a guest or customer their dashboard only', () => {
    for (const role of ['guest', 'customer'] as const) {
      expect(links(inWorkspace(role, 'workspace'))).toEqual([['Home', ['Dashboard /dashboard']]]);
    }
    expect(links(inWorkspace('guest', 'barber'))).toEqual([['Home', ['Dashboard /dashboard_barber']]]);
    // A salon's customer also gets their own appointments (barber:own).
    expect(links(inWorkspace('customer', 'barber'))).toEqual([
      ['Home', ['Dashboard /dashboard_barber']],
      ['Salon', ['My appointments /barber/my-appointments']],
    ]);
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

describe('sidebar sections of the template modules, read from the registry', () => {
  /** The web modules with every sidebar entry of their manifests routed (their pages built). */
  const allRouted: WebModules = {
    ...WEB_MODULES,
    operations: {
      ...WEB_MODULES.operations,
      pages: moduleByKey('operations').sidebar.map(
        (entry): ModulePage => ({
          path: entry.path,
          action: entry.action,
          element: null,
          page: { preload: async () => undefined },
        }),
      ),
    },
  };
  const moduleLinks = (a: Auth) =>
    moduleSections(a, allRouted).map((section) => [section.title, section.links.map((link) => link.label)]);
  const records = [
    'Products',
    'Catalogs',
    'Units',
    'Purchase orders',
    'Customer orders',
    'Work orders',
    'Stock moves',
  ];

  it('gives owners and admins of an MRP, ERP, SRM or CRM workspace every Operations entry', () => {
    for (const template of ['mrp', 'erp', 'srm', 'crm'] as const) {
      expect(moduleLinks(inWorkspace('owner', template, 1))).toEqual([
        ['Operations', [...records, 'MRP run']],
      ]);
      expect(moduleLinks(inWorkspace('admin', template))).toEqual([['Operations', [...records, 'MRP run']]]);
    }
  });

  it('gives members and workers the records but not the MRP run, and guests and customers nothing', () => {
    expect(moduleLinks(inWorkspace('member', 'mrp'))).toEqual([['Operations', records]]);
    expect(moduleLinks(inWorkspace('worker', 'crm'))).toEqual([['Operations', records]]);
    expect(moduleLinks(inWorkspace('guest', 'mrp'))).toEqual([]);
    expect(moduleLinks(inWorkspace('customer', 'mrp'))).toEqual([]);
  });

  it('gives a workspace of a template without the module no section, nor a session outside any workspace', () => {
    expect(moduleLinks(inWorkspace('owner', 'workspace', 1))).toEqual([]);
    // Their own modules' sections only, never Operations.
    for (const template of ['barber', 'ticketing'] as const) {
      const titles = moduleLinks(inWorkspace('owner', template, 1)).map(([title]) => title);
      expect(titles).not.toContain('Operations');
    }
    expect(moduleLinks(inWorkspace('owner', 'barber', 1))).toEqual([
      ['Salon', ['Calendar', 'Appointments', 'Walk-ins', 'Customers', 'Services', 'Staff']],
    ]);
    expect(moduleLinks(auth())).toEqual([]);
  });

  it("gives a school's owners and admins the Fees link (cbe:fees), its teachers (members, workers) not", () => {
    const school = ['Students', 'Classes and set-up', 'Register', 'Gradebook'];
    for (const role of ['owner', 'admin'] as const) {
      expect(moduleLinks(inWorkspace(role, 'cbe', 1))).toEqual([['School', [...school, 'Fees']]]);
    }
    for (const role of ['member', 'worker'] as const) {
      expect(moduleLinks(inWorkspace(role, 'cbe'))).toEqual([['School', school]]);
    }
    expect(moduleLinks(inWorkspace('customer', 'cbe'))).toEqual([['School', ['My children']]]);
  });

  it('places the module sections after Tasks, before Teams', () => {
    const titles = sidebarSections(inWorkspace('admin', 'mrp'), allRouted).map((section) => section.title);
    expect(titles).toEqual(['Admin', 'Projects', 'Tasks', 'Operations', 'Teams', 'Settings']);
  });

  it('shows only the entries whose page the web module routes', () => {
    const productsOnly: WebModules = {
      ...WEB_MODULES,
      operations: {
        ...allRouted.operations,
        pages: allRouted.operations.pages.filter((page) => page.path === '/operations/products'),
      },
    };
    expect(moduleSections(inWorkspace('owner', 'mrp', 1), productsOnly)).toEqual([
      { title: 'Operations', links: [{ label: 'Products', to: '/operations/products' }] },
    ]);
    expect(
      moduleSections(inWorkspace('owner', 'mrp', 1), {
        ...WEB_MODULES,
        operations: { ...productsOnly.operations, pages: [] },
      }),
    ).toEqual([]);
  });
});
