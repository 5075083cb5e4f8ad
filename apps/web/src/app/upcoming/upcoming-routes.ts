import type { AccessRule } from '../guards/access.ts';

/**
 * The protected pages that later issues build. Each gets a real route now (guard, page header,
 * honest empty state); to build one, give it its own page in its feature and delete its line here.
 */
export type UpcomingRoute = {
  path: string;
  title: string;
  /** What the page will be for, shown under the title. */
  purpose: string;
  rule?: AccessRule;
};

const account: AccessRule = { anyOf: ['account'] };
const admin: AccessRule = { anyOf: ['admin'] };

export const upcomingRoutes: readonly UpcomingRoute[] = [
  { path: '/workspace/list', title: 'Workspaces', purpose: 'Your active workspaces.', rule: account },
  {
    path: '/workspace/archived',
    title: 'Archived workspaces',
    purpose: 'Workspaces you archived.',
    rule: account,
  },
  {
    path: '/workspace/create',
    title: 'New workspace',
    purpose: 'Create a workspace from a template.',
    rule: account,
  },
  {
    path: '/workspace/:id/edit',
    title: 'Edit workspace',
    purpose: 'Rename or describe a workspace.',
    rule: account,
  },
  { path: '/project/list', title: 'Projects', purpose: 'The projects of this workspace.' },
  { path: '/project/archived', title: 'Archived projects', purpose: 'Projects that were archived.' },
  { path: '/project/create', title: 'New project', purpose: 'Start a project.' },
  { path: '/project/:id/edit', title: 'Edit project', purpose: 'Change a project.' },
  { path: '/milestone/create', title: 'New milestone', purpose: 'Add a milestone to a project.' },
  { path: '/milestone/:id/edit', title: 'Edit milestone', purpose: 'Change a milestone.' },
  { path: '/milestone/:id', title: 'Milestones', purpose: 'The milestones of a project.' },
  { path: '/task/create', title: 'New task', purpose: 'Add a task.' },
  { path: '/task/:id/edit', title: 'Edit task', purpose: 'Change a task.' },
  { path: '/task/:id', title: 'Tasks', purpose: 'The tasks of a project or milestone.' },
  { path: '/team', title: 'Team', purpose: 'Invite people and manage your team.' },
  { path: '/team/:id/edit', title: 'Edit team member', purpose: 'Change a team member.' },
  { path: '/user/:id', title: 'Edit user', purpose: 'Change a user.' },
  { path: '/tags', title: 'Tags', purpose: 'Tags of this workspace.' },
  { path: '/general', title: 'My account', purpose: 'Your name, contact details and address.' },
  { path: '/account', title: 'Account', purpose: 'Your account.' },
  { path: '/settings', title: 'Settings', purpose: 'Your preferences.' },
  { path: '/user/billing', title: 'Billing', purpose: 'Your plan and invoices.', rule: account },
  { path: '/user/security', title: 'Security', purpose: 'Your password and sessions.' },
  { path: '/dashboard', title: 'Dashboard', purpose: 'An overview of this workspace.' },
  { path: '/dashboard_admin', title: 'Admin dashboard', purpose: 'Subscribers and plans.', rule: admin },
  {
    path: '/dashboard_mrp',
    title: 'MRP dashboard',
    purpose: 'Materials planning.',
    rule: { anyOf: [{ template: 'mrp' }] },
  },
  {
    path: '/dashboard_erp',
    title: 'ERP dashboard',
    purpose: 'Resource planning.',
    rule: { anyOf: [{ template: 'erp' }] },
  },
  {
    path: '/dashboard_crm',
    title: 'CRM dashboard',
    purpose: 'Customers.',
    rule: { anyOf: [{ template: 'crm' }] },
  },
  {
    path: '/dashboard_srm',
    title: 'SRM dashboard',
    purpose: 'Suppliers.',
    rule: { anyOf: [{ template: 'srm' }] },
  },
  {
    path: '/dashboard_barber',
    title: 'Barber Shop & Spa dashboard',
    purpose: 'Appointments and services.',
    rule: { anyOf: [{ template: 'barber' }] },
  },
  {
    path: '/dashboard_cbe',
    title: 'CBE School Management dashboard',
    purpose: 'Classes and students.',
    rule: { anyOf: [{ template: 'cbe' }] },
  },
  {
    path: '/dashboard_ticketing',
    title: 'Queue Ticketing dashboard',
    purpose: 'Queues and tickets.',
    rule: { anyOf: [{ template: 'ticketing' }] },
  },
  { path: '/subscription/:id', title: 'Edit plan', purpose: 'Change a subscription plan.', rule: admin },
  { path: '/checkout/:id', title: 'Checkout', purpose: 'Pay for the plan you chose.' },
];
