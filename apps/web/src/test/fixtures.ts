import type { Template, WorkspaceRole } from '@workhub/shared/enums';
import type { Auth } from '@workhub/shared/permissions';
import type { AccessTokenClaims, AuthSession, SessionUser } from '@workhub/shared/schemas/auth';
import type { SessionSubscription } from '@workhub/shared/schemas/billing';
import type { OperationsDashboard } from '@workhub/shared/schemas/operations-mrp';
import type { Plan } from '@workhub/shared/schemas/plans';

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the given claims (the browser never checks the signature). */
export const fakeToken = (claims: Partial<AccessTokenClaims> = {}): string => {
  const full: AccessTokenClaims = {
    user_id: 'u1',
    role: 'owner',
    accounts: 1,
    account_id: 'a1',
    platform_role: null,
    workspace_id: null,
    template: null,
    exp: Math.floor(Date.now() / 1000) + 900,
    ...claims,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(full)}.signature`;
};

export const fakeUser = (patch: Partial<SessionUser> = {}): SessionUser => ({
  user_id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'owner',
  platform_role: null,
  account_id: 'a1',
  accounts: 1,
  email_verified: true,
  plan_chosen: true,
  workspace: null,
  subscription: null,
  ...patch,
});

export const fakeAuthSession = (
  claims: Partial<AccessTokenClaims> = {},
  user: Partial<SessionUser> = {},
): AuthSession => ({ access_token: fakeToken(claims), expires_in: 900, user: fakeUser(user) });

/** A fetch Response with a JSON body. */
export const jsonResponse = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A session acting in a workspace of `template` with `role` there (token and user agree). */
export const fakeWorkspaceAuthSession = (
  template: Template = 'workspace',
  role: WorkspaceRole = 'owner',
  workspace: { workspace_id?: string; workspace_name?: string; public_slug?: string } = {},
): AuthSession => {
  const workspace_id = workspace.workspace_id ?? `w-${template}`;
  const workspace_name = workspace.workspace_name ?? `${template} workspace`;
  const public_slug = workspace.public_slug ?? `${template}-a1b2c3`;
  const accounts = role === 'owner' ? 1 : 0;
  return fakeAuthSession(
    { role, accounts, workspace_id, template },
    { role, accounts, workspace: { workspace_id, workspace_name, template, role, public_slug } },
  );
};

/**
 * The picker's call (GET /api/me/workspaces) answering the workspace fakeWorkspaceAuthSession(template)
 * acts in, with `currency`: what useWorkspaceCurrency reads.
 */
export const myWorkspacesRoute = (template: Template, currency: string | null) => ({
  'GET /api/me/workspaces': () =>
    jsonResponse(200, {
      data: [
        {
          workspace_id: `w-${template}`,
          account_id: 'a1',
          workspace_name: `${template} workspace`,
          template,
          workspace_logo: '/default-workspace-logo.svg',
          role: 'owner',
          currency,
        },
      ],
      meta: { page: 1, limit: 100, total: 1 },
    }),
});

/** An `Auth` for `can()`: an account holder outside any workspace, unless patched. */
export const fakeAuth = (patch: Partial<Auth> = {}): Auth => ({
  user_id: 'u1',
  role: 'owner',
  platform_role: null,
  accounts: 1,
  account_id: 'a1',
  workspace_id: null,
  template: null,
  ...patch,
});

/** SessionUser.subscription: the free trial with 12 days left, unless patched. */
export const fakeSubscription = (patch: Partial<SessionSubscription> = {}): SessionSubscription => ({
  plan_id: 1,
  plan_title: 'Free Trial',
  status: 'trialing',
  trial_ends_at: '2026-12-04T10:00:00.000Z',
  current_period_end: null,
  access: 'full',
  days_left: 12,
  ...patch,
});

/** A plan as GET /api/plans answers it: active, monthly, free when its id is 1, unless patched. */
export const fakePlan = (id: number, title: string, patch: Partial<Plan> = {}): Plan => ({
  subscription_id: id,
  title,
  subscription: 'Monthly',
  subheader: null,
  price: id === 1 ? 0 : 29,
  description: 'What the plan includes.',
  button_text: 'Start',
  button_variant: 'filled',
  month: 1,
  status: 'active',
  max_workspaces: null,
  max_members: null,
  ...patch,
});

/** GET /api/operations/dashboard's figures: three weeks of sales and orders, stock, orders by status. */
export const fakeOperationsDashboard = (patch: Partial<OperationsDashboard> = {}): OperationsDashboard => ({
  sales_value_per_week: [
    { week: '2026-02-16', value: '0' },
    { week: '2026-02-23', value: '1200.5000' },
    { week: '2026-03-02', value: '800' },
  ],
  orders_per_week: [
    { week: '2026-02-16', count: 0 },
    { week: '2026-02-23', count: 2 },
    { week: '2026-03-02', count: 1 },
  ],
  stock_value: '15230.2500',
  below_safety_stock: 4,
  orders_by_status: {
    purchase: { draft: 2, confirmed: 1, received: 3, closed: 0, cancelled: 1 },
    customer: { draft: 1, confirmed: 2, shipped: 5, closed: 1, cancelled: 0 },
  },
  late_orders: { purchase: 1, customer: 2, work: 0 },
  ...patch,
});
