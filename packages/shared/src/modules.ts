import type { Template, WorkspaceRole } from './enums.ts';

/*
 * The template modules (design.md, 'Template modules'; docs/modules.md is the recipe). A module is
 * one folder per side (apps/api/src/modules/<key>/, apps/web/src/features/<key>/) and one entry in
 * MODULES below, which both sides read: which templates include it, the actions it adds to can()
 * (permissions.ts) and who holds them, its sidebar entries, and the template dashboards it owns.
 * The API answers a module's routes only in a workspace whose template includes it (else 404); the
 * web routes, links and guards its pages from the same entry.
 *
 * This file imports types only: permissions.ts (on the sign-in page's first load) reads it.
 */

/** What the sidebar draws beside an entry, named rather than imported (no icon set is loaded yet). */
export type ModuleIcon =
  | 'box'
  | 'folder'
  | 'ruler'
  | 'truck'
  | 'cart'
  | 'hammer'
  | 'arrows'
  | 'calculator'
  // CBE School
  | 'users'
  | 'school'
  | 'checklist'
  | 'book'
  | 'coins'
  // Barber Shop & Spa
  | 'calendar'
  | 'scissors'
  // Queue Ticketing
  | 'megaphone'
  | 'ticket'
  | 'desk'
  | 'clock';

/** Who holds one action of a module, inside a workspace of a template that includes the module. */
export type ModuleActionRule = {
  roles: readonly WorkspaceRole[];
  /**
   * The action creates, changes or deletes something, so a read-only account (trial or paid
   * period over) may not do it: the web hides it (use-may.ts), the API refuses its writes.
   */
  changes: boolean;
};

export type ModuleSidebarEntry<A extends string = string> = {
  label: string;
  path: string;
  icon: ModuleIcon;
  /** The action that opens the page: the link shows only where can() allows it. */
  action: A;
};

export type ModuleManifest<K extends string = string, A extends string = string> = {
  /** Lower-case letters only: it names the folders and prefixes every action (`<key>:<verb>`). */
  key: K;
  /** The sidebar section's title. */
  label: string;
  /** The templates whose workspaces include the module. */
  templates: readonly Template[];
  actions: { readonly [P in A]: ModuleActionRule };
  sidebar: readonly ModuleSidebarEntry<NoInfer<A>>[];
  /**
   * The dashboards of templates this module owns: that template's dashboard route shows the
   * module's dashboard (the web module's `dashboards`), the shared one until it has its own.
   */
  dashboards: { readonly [T in Template]?: string };
};

/** Keeps the literal key and action names, and refuses an action not named `<key>:<verb>`. */
const defineModule = <const K extends string, const A extends `${K}:${string}`>(
  manifest: ModuleManifest<K, A>,
): ModuleManifest<K, A> => manifest;

export const MODULES = [
  defineModule({
    key: 'operations',
    label: 'Operations',
    // Products, orders and stock are the base of MRP; ERP, SRM and CRM reuse them (issue 13).
    templates: ['mrp', 'erp', 'srm', 'crm'],
    actions: {
      // Workers read what they build from; guests and customers see none of the stock or orders.
      'operations:read': { roles: ['owner', 'admin', 'member', 'worker'], changes: false },
      // Records: products, catalogs, units, BOM lines, orders and their status steps, stock.
      'operations:write': { roles: ['owner', 'admin', 'member'], changes: true },
      // An MRP run and confirming its proposals create orders for the whole workspace at once.
      'operations:plan': { roles: ['owner', 'admin'], changes: true },
    },
    sidebar: [
      { label: 'Products', path: '/operations/products', icon: 'box', action: 'operations:read' },
      { label: 'Catalogs', path: '/operations/catalogs', icon: 'folder', action: 'operations:read' },
      { label: 'Units', path: '/operations/units', icon: 'ruler', action: 'operations:read' },
      {
        label: 'Purchase orders',
        path: '/operations/purchase-orders',
        icon: 'truck',
        action: 'operations:read',
      },
      {
        label: 'Customer orders',
        path: '/operations/customer-orders',
        icon: 'cart',
        action: 'operations:read',
      },
      { label: 'Work orders', path: '/operations/work-orders', icon: 'hammer', action: 'operations:read' },
      { label: 'Stock moves', path: '/operations/stock-moves', icon: 'arrows', action: 'operations:read' },
      { label: 'MRP run', path: '/operations/mrp', icon: 'calculator', action: 'operations:plan' },
    ],
    dashboards: { mrp: '/dashboard_mrp' },
  }),
  defineModule({
    key: 'ticketing',
    label: 'Queue',
    // A clinic's, a bank branch's or an office's queue (issue 15).
    templates: ['ticketing'],
    actions: {
      'ticketing:read': { roles: ['owner', 'admin', 'member', 'worker'], changes: false },
      // Issuing tickets at the desk and working a counter: call next, recall, start, done, no-show, transfer.
      'ticketing:serve': { roles: ['owner', 'admin', 'member', 'worker'], changes: true },
      // Services, counters, opening hours and the sample data.
      'ticketing:manage': { roles: ['owner', 'admin'], changes: true },
      // A customer's own tickets.
      'ticketing:own': { roles: ['customer'], changes: false },
    },
    sidebar: [
      { label: 'Counter console', path: '/ticketing/console', icon: 'megaphone', action: 'ticketing:serve' },
      { label: 'Tickets', path: '/ticketing/tickets', icon: 'ticket', action: 'ticketing:read' },
      { label: 'Services', path: '/ticketing/services', icon: 'checklist', action: 'ticketing:read' },
      { label: 'Counters', path: '/ticketing/counters', icon: 'desk', action: 'ticketing:read' },
      { label: 'Queue settings', path: '/ticketing/settings', icon: 'clock', action: 'ticketing:manage' },
      { label: 'My tickets', path: '/ticketing/my-tickets', icon: 'ticket', action: 'ticketing:own' },
    ],
    dashboards: { ticketing: '/dashboard_ticketing' },
  }),
  defineModule({
    key: 'cbe',
    label: 'School',
    // A school that assesses by competence (Kenya's CBC as the model; issue 15).
    templates: ['cbe'],
    actions: {
      'cbe:read': { roles: ['owner', 'admin', 'member', 'worker'], changes: false },
      // A teacher's daily work: the register and the gradebook.
      'cbe:teach': { roles: ['owner', 'admin', 'member', 'worker'], changes: true },
      // Years, terms, classes, learning areas, students, fees and the sample data.
      'cbe:manage': { roles: ['owner', 'admin'], changes: true },
      // Reading the fees (money families owe): the school's administration's, not every teacher's.
      'cbe:fees': { roles: ['owner', 'admin'], changes: false },
      // A guardian's own children.
      'cbe:own': { roles: ['customer'], changes: false },
    },
    sidebar: [
      { label: 'Students', path: '/cbe/students', icon: 'users', action: 'cbe:read' },
      { label: 'Classes and set-up', path: '/cbe/classes', icon: 'school', action: 'cbe:read' },
      { label: 'Register', path: '/cbe/register', icon: 'checklist', action: 'cbe:read' },
      { label: 'Gradebook', path: '/cbe/gradebook', icon: 'book', action: 'cbe:read' },
      { label: 'Fees', path: '/cbe/fees', icon: 'coins', action: 'cbe:fees' },
      { label: 'My children', path: '/cbe/children', icon: 'users', action: 'cbe:own' },
    ],
    dashboards: { cbe: '/dashboard_cbe' },
  }),
  defineModule({
    key: 'barber',
    label: 'Salon',
    // A barber shop's or a spa's bookings (issue 15).
    templates: ['barber'],
    actions: {
      'barber:read': { roles: ['owner', 'admin', 'member', 'worker'], changes: false },
      // Appointments, walk-ins and customers: the front desk's and the chairs' daily work.
      'barber:book': { roles: ['owner', 'admin', 'member', 'worker'], changes: true },
      // Services, staff, working hours and the sample data.
      'barber:manage': { roles: ['owner', 'admin'], changes: true },
      // A customer's own appointments.
      'barber:own': { roles: ['customer'], changes: false },
    },
    sidebar: [
      { label: 'Calendar', path: '/barber/calendar', icon: 'calendar', action: 'barber:read' },
      { label: 'Appointments', path: '/barber/appointments', icon: 'folder', action: 'barber:read' },
      { label: 'Walk-ins', path: '/barber/walk-ins', icon: 'arrows', action: 'barber:read' },
      { label: 'Customers', path: '/barber/customers', icon: 'users', action: 'barber:read' },
      { label: 'Services', path: '/barber/services', icon: 'scissors', action: 'barber:read' },
      { label: 'Staff', path: '/barber/staff', icon: 'users', action: 'barber:read' },
      { label: 'My appointments', path: '/barber/my-appointments', icon: 'calendar', action: 'barber:own' },
    ],
    dashboards: { barber: '/dashboard_barber' },
  }),
] as const;

export type TemplateModule = (typeof MODULES)[number];
export type ModuleKey = TemplateModule['key'];
type ActionsOf<M> = M extends { actions: infer R } ? Extract<keyof R, string> : never;
/** Every action a module adds to can(). */
export type ModuleAction = ActionsOf<TemplateModule>;

const ACTION_RULES = new Map<string, { module: TemplateModule; rule: ModuleActionRule }>(
  MODULES.flatMap((module) =>
    Object.entries<ModuleActionRule>(module.actions).map(([action, rule]) => [action, { module, rule }]),
  ),
);

export const isModuleAction = (action: string): action is ModuleAction => ACTION_RULES.has(action);

export const MODULE_ACTIONS: readonly ModuleAction[] = [...ACTION_RULES.keys()].filter(isModuleAction);

/** The module an action belongs to, and who holds it. */
export function moduleActionRule(action: ModuleAction): { module: TemplateModule; rule: ModuleActionRule } {
  const found = ACTION_RULES.get(action);
  if (!found) throw new Error(`${action} is no module's action`);
  return found;
}

/** The actions a module adds, in the order of its manifest. */
export const moduleActions = (key: ModuleKey): ModuleAction[] =>
  MODULE_ACTIONS.filter((action) => moduleActionRule(action).module.key === key);

export function moduleByKey(key: ModuleKey): TemplateModule {
  const found = MODULES.find((module) => module.key === key);
  if (!found) throw new Error(`no module ${key}`);
  return found;
}

/** Whether workspaces of `template` include the module (null: no workspace, so none). */
export const templateIncludes = (template: Template | null, key: ModuleKey): boolean =>
  template !== null && moduleByKey(key).templates.includes(template);

/** The module that owns the dashboard of `template`, if one does. */
export const dashboardOwner = (template: Template): TemplateModule | undefined =>
  MODULES.find((module) => module.dashboards[template] !== undefined);

/**
 * The dashboard route of a template: the one a module owns for it, else the shared template
 * dashboard's (`/dashboard` for the general workspace, `/dashboard_<template>` for the others).
 */
export function templateDashboard(template: Template): string {
  const owned = dashboardOwner(template)?.dashboards[template];
  if (owned) return owned;
  return template === 'workspace' ? '/dashboard' : `/dashboard_${template}`;
}
