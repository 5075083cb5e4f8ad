import { TEMPLATES, type Template } from '@workhub/shared/enums';
import { dashboardOwner, MODULES, templateDashboard } from '@workhub/shared/modules';
import type { Action } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { lazyPage, type Preloadable } from '../lib/lazy-page.ts';
import type { ModuleDashboard } from '../lib/web-module.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import type { RequireModuleProps } from './guards/require-template.tsx';
import { RequireWritable } from './guards/require-writable.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PlansOrPicker } from './plans-or-picker.tsx';
import { WEB_MODULES } from './web-modules.ts';

const ShellLayout = lazyPage(() => import('./shell/shell-layout.tsx'), 'ShellLayout');
const SubscriptionTypePage = lazyPage(
  () => import('../features/plans/pages/subscription-type-page.tsx'),
  'SubscriptionTypePage',
);
const WorkspacePickerPage = lazyPage(
  () => import('../features/workspace/pages/workspace-picker-page.tsx'),
  'WorkspacePickerPage',
);
const WorkspaceListPage = lazyPage(
  () => import('../features/workspace/pages/workspace-list-page.tsx'),
  'WorkspaceListPage',
);
const WorkspaceFormPage = lazyPage(
  () => import('../features/workspace/pages/workspace-form-page.tsx'),
  'WorkspaceFormPage',
);
// @mantine/charts (its BarsList) travels with this chunk only.
const DashboardPage = lazyPage(
  () => import('../features/dashboard/pages/dashboard-page.tsx'),
  'DashboardPage',
);
const TeamPage = lazyPage(() => import('../features/team/pages/team-page.tsx'), 'TeamPage');
const MemberEditPage = lazyPage(
  () => import('../features/team/pages/member-edit-page.tsx'),
  'MemberEditPage',
);
const ProjectListPage = lazyPage(
  () => import('../features/work/pages/project-list-page.tsx'),
  'ProjectListPage',
);
const ProjectFormPage = lazyPage(
  () => import('../features/work/pages/project-form-page.tsx'),
  'ProjectFormPage',
);
const MilestoneListPage = lazyPage(
  () => import('../features/work/pages/milestone-list-page.tsx'),
  'MilestoneListPage',
);
const MilestoneFormPage = lazyPage(
  () => import('../features/work/pages/milestone-form-page.tsx'),
  'MilestoneFormPage',
);
const TaskListPage = lazyPage(() => import('../features/work/pages/task-list-page.tsx'), 'TaskListPage');
const TaskFormPage = lazyPage(() => import('../features/work/pages/task-form-page.tsx'), 'TaskFormPage');
const TaskViewPage = lazyPage(() => import('../features/work/pages/task-view-page.tsx'), 'TaskViewPage');
const SearchPage = lazyPage(() => import('../features/work/pages/search-page.tsx'), 'SearchPage');
const AccountPage = lazyPage(() => import('../features/account/pages/account-page.tsx'), 'AccountPage');
const SecurityPage = lazyPage(() => import('../features/account/pages/security-page.tsx'), 'SecurityPage');
const SettingsPage = lazyPage(() => import('../features/account/pages/settings-page.tsx'), 'SettingsPage');
const PlanAdminPage = lazyPage(() => import('../features/plans/pages/plan-admin-page.tsx'), 'PlanAdminPage');
const PlanFormPage = lazyPage(() => import('../features/plans/pages/plan-form-page.tsx'), 'PlanFormPage');
const SubscribersPage = lazyPage(
  () => import('../features/admin/pages/subscribers-page.tsx'),
  'SubscribersPage',
);
const AdminDashboardPage = lazyPage(
  () => import('../features/admin/pages/admin-dashboard-page.tsx'),
  'AdminDashboardPage',
);
const TagsPage = lazyPage(() => import('../features/tags/pages/tags-page.tsx'), 'TagsPage');
const AuditLogPage = lazyPage(() => import('../features/audit/pages/audit-log-page.tsx'), 'AuditLogPage');
const PlatformAuditPage = lazyPage(
  () => import('../features/admin/pages/platform-audit-page.tsx'),
  'PlatformAuditPage',
);
const BillingPage = lazyPage(() => import('../features/billing/pages/billing-page.tsx'), 'BillingPage');
const CheckoutPage = lazyPage(() => import('../features/billing/pages/checkout-page.tsx'), 'CheckoutPage');
// The in-workspace guards render Mantine states; lazy, so the first route does not carry them.
const RequireCan = lazyPage(() => import('./guards/require-can.tsx'), 'RequireCan');
const RequireTemplate = lazyPage(() => import('./guards/require-template.tsx'), 'RequireTemplate');
const RequireModule = lazyPage<'RequireModule', RequireModuleProps>(
  () => import('./guards/require-template.tsx'),
  'RequireModule',
);
const TeamOrSubscribers = lazyPage(() => import('./team-or-subscribers.tsx'), 'TeamOrSubscribers');

/**
 * Projects, milestones and tasks of the current workspace, each page behind the `can()` action
 * that lets one see it (docs/permissions.md). The spec's /task/{id} is the project's task list;
 * a milestone's tasks have their own address, /milestone/{milestoneId}/tasks. `edits`: a form,
 * which a read-only account does not get (RequireWritable).
 */
const WORK_ROUTES: readonly {
  path: string;
  action: Action;
  element: ReactNode;
  page: Preloadable;
  edits?: true;
}[] = [
  {
    path: '/project/list',
    action: 'project:view',
    element: <ProjectListPage archived={false} />,
    page: ProjectListPage,
  },
  {
    path: '/project/archived',
    action: 'project:archive',
    element: <ProjectListPage archived />,
    page: ProjectListPage,
  },
  {
    path: '/project/create',
    action: 'project:create',
    element: <ProjectFormPage />,
    page: ProjectFormPage,
    edits: true,
  },
  {
    path: '/project/:id/edit',
    action: 'project:update',
    element: <ProjectFormPage />,
    page: ProjectFormPage,
    edits: true,
  },
  {
    path: '/milestone/create',
    action: 'milestone:create',
    element: <MilestoneFormPage />,
    page: MilestoneFormPage,
    edits: true,
  },
  {
    path: '/milestone/:id/edit',
    action: 'milestone:update',
    element: <MilestoneFormPage />,
    page: MilestoneFormPage,
    edits: true,
  },
  {
    path: '/milestone/:id/tasks',
    action: 'task:view_assigned',
    element: <TaskListPage variant="milestone" />,
    page: TaskListPage,
  },
  {
    path: '/milestone/:id',
    action: 'milestone:view',
    element: <MilestoneListPage />,
    page: MilestoneListPage,
  },
  {
    path: '/task/create',
    action: 'task:create',
    element: <TaskFormPage />,
    page: TaskFormPage,
    edits: true,
  },
  { path: '/task/view/:id', action: 'task:view_assigned', element: <TaskViewPage />, page: TaskViewPage },
  {
    path: '/task/:id/edit',
    action: 'task:update',
    element: <TaskFormPage />,
    page: TaskFormPage,
    edits: true,
  },
  {
    path: '/task/:id',
    action: 'task:view_assigned',
    element: <TaskListPage variant="project" />,
    page: TaskListPage,
  },
  {
    path: '/tasks/mine',
    action: 'task:view_assigned',
    element: <TaskListPage variant="mine" />,
    page: TaskListPage,
  },
  // The top bar's search (app/shell/global-search.tsx): projects and tasks by name.
  { path: '/search', action: 'project:view', element: <SearchPage />, page: SearchPage },
];

/**
 * The pages of the template modules (packages/shared/src/modules.ts, app/web-modules.ts), each
 * behind its module's template (RequireModule) and then its action (RequireCan).
 */
const MODULE_ROUTES = MODULES.flatMap((module) =>
  WEB_MODULES[module.key].pages.map((page) => ({ module: module.key, ...page })),
);

/** The sales and orders panels a module of the template gives its shared dashboard, if one does. */
const panelsOf = (template: Template): ModuleDashboard | undefined =>
  MODULES.filter((module) => module.templates.includes(template))
    .map((module) => WEB_MODULES[module.key].dashboardPanels?.[template])
    .find((panels) => panels !== undefined);

/**
 * What a template's dashboard route shows: the owning module's dashboard, else the shared one (with
 * a module's sales and orders panels where one gives them).
 */
const dashboardOf = (template: Template): ModuleDashboard => {
  const owner = dashboardOwner(template);
  const own = owner ? WEB_MODULES[owner.key].dashboards[template] : undefined;
  return (
    own ?? {
      element: <DashboardPage template={template} sales={panelsOf(template)?.element} />,
      page: DashboardPage,
    }
  );
};

/** The chunks of the signed-in pages people open first (a reload, a link), beside the shell's. */
const FIRST_PAGES: readonly [string, Preloadable[]][] = [
  ...WORK_ROUTES.map(({ path, page }): [string, Preloadable[]] => [path, [RequireCan, page]]),
  ...MODULE_ROUTES.map(({ path, page }): [string, Preloadable[]] => [
    path,
    [RequireModule, RequireCan, page],
  ]),
  ...TEMPLATES.map((template): [string, Preloadable[]] => {
    const panels = panelsOf(template);
    return [
      templateDashboard(template),
      [RequireTemplate, dashboardOf(template).page, ...(panels ? [panels.page] : [])],
    ];
  }),
  ['/workspace', [WorkspacePickerPage]],
  ['/dashboard_admin', [RequireCan, AdminDashboardPage]],
  // Who is signed in is not known yet: /team is the team or, for platform staff, the subscribers.
  ['/team', [TeamOrSubscribers, TeamPage, SubscribersPage]],
];

/**
 * Starts downloading the shell and the page at `pathname` (routes.tsx preloadRoute, while the
 * session is restored). Whether the page is shown is still the guards' decision.
 */
export const preloadSignedIn = (pathname: string): Promise<unknown> => {
  const pages = FIRST_PAGES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? [];
  return Promise.all([ShellLayout, ...pages].map((page) => page.preload()));
};

/**
 * The pages behind sign-in (spec section 2), loaded after the sign-in page's chunk. An unknown path
 * is behind sign-in too: signed out, it asks to sign in; signed in, the shell says it names no page.
 */
export const SignedInRoutes = () => (
  <Routes>
    <Route element={<RequireAuth />}>
      <Route
        path="/subscription_type"
        element={<PlansOrPicker staff={<ShellLayout />} picker={<SubscriptionTypePage />} />}
      >
        <Route
          index
          element={
            <RequireCan action="admin:plans">
              <PlanAdminPage />
            </RequireCan>
          }
        />
      </Route>
      <Route element={<RequireAuth requirePlan />}>
        <Route element={<ShellLayout />}>
          <Route path="/workspace" element={<WorkspacePickerPage />} />
          <Route element={<RequireAuth anyOf={['account']} />}>
            <Route path="/workspace/list" element={<WorkspaceListPage archived={false} />} />
            <Route path="/workspace/archived" element={<WorkspaceListPage archived />} />
            <Route element={<RequireWritable />}>
              <Route path="/workspace/create" element={<WorkspaceFormPage />} />
              <Route path="/workspace/:id/edit" element={<WorkspaceFormPage />} />
            </Route>
          </Route>
          {TEMPLATES.map((template) => (
            <Route
              key={template}
              path={templateDashboard(template)}
              element={<RequireTemplate template={template}>{dashboardOf(template).element}</RequireTemplate>}
            />
          ))}
          <Route
            path="/team"
            element={<TeamOrSubscribers team={<TeamPage />} subscribers={<SubscribersPage />} />}
          />
          {['/team/:id/edit', '/user/:id'].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireCan action="team:update">
                  <RequireWritable>
                    <MemberEditPage />
                  </RequireWritable>
                </RequireCan>
              }
            />
          ))}
          {['/general', '/account'].map((path) => (
            <Route key={path} path={path} element={<AccountPage />} />
          ))}
          <Route path="/user/security" element={<SecurityPage />} />
          <Route element={<RequireAuth anyOf={['account']} />}>
            <Route
              path="/user/billing"
              element={
                <RequireCan action="billing:view">
                  <BillingPage />
                </RequireCan>
              }
            />
            <Route
              path="/checkout/:id"
              element={
                <RequireCan action="billing:manage">
                  <CheckoutPage />
                </RequireCan>
              }
            />
          </Route>
          <Route path="/settings" element={<SettingsPage />} />
          <Route
            path="/settings/audit"
            element={
              <RequireCan action="audit:view">
                <AuditLogPage />
              </RequireCan>
            }
          />
          <Route
            path="/admin/audit"
            element={
              <RequireCan action="admin:audit">
                <PlatformAuditPage />
              </RequireCan>
            }
          />
          {['/subscription/new', '/subscription/:id'].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireCan action="admin:plans">
                  <PlanFormPage />
                </RequireCan>
              }
            />
          ))}
          <Route
            path="/dashboard_admin"
            element={
              <RequireCan action="admin:dashboard">
                <AdminDashboardPage />
              </RequireCan>
            }
          />
          <Route
            path="/tags"
            element={
              <RequireCan action="tags:manage">
                <TagsPage />
              </RequireCan>
            }
          />
          {WORK_ROUTES.map(({ path, action, element, edits }) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireCan action={action}>
                  {edits ? <RequireWritable>{element}</RequireWritable> : element}
                </RequireCan>
              }
            />
          ))}
          {MODULE_ROUTES.map(({ module, path, action, element, edits }) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireModule module={module}>
                  <RequireCan action={action}>
                    {edits ? <RequireWritable>{element}</RequireWritable> : element}
                  </RequireCan>
                </RequireModule>
              }
            />
          ))}
          <Route path="/dashboard_baber" element={<Navigate to="/dashboard_barber" replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Route>
  </Routes>
);
