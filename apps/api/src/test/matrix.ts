import type { Template, WorkspaceRole } from '@workhub/shared/enums';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_API_ROUTES } from '../plugins/sign-in-required.ts';
import { bearer, type TestApp } from './helpers.ts';
import { staffMember } from './staff.ts';
import { type Device, type Member, memberIn, newTenant } from './tenants.ts';

/*
 * The permission matrices: a table of endpoint × caller -> status, every cell called for real.
 * The callers are a real member of each role acting in one workspace; 'outsider', the holder of
 * ANOTHER account acting in their own workspace; 'anonymous', no token at all; and 'staff', a
 * super_admin of the platform (no workspace, no account). A row's endpoint may end with a label,
 * e.g. 'GET /api/tasks/:id (own)'. route-coverage.test.ts checks that every route of the app is in
 * a matrix (or in PUBLIC_ROUTES below), and that every row still names a route.
 *
 * None of the three callers from outside the workspace may read our ids in any answer, errors
 * included; staff is exempt on the /api/admin/ routes only, whose whole point is to show them
 * every tenant.
 */

export const CALLERS = [
  'owner',
  'admin',
  'member',
  'worker',
  'guest',
  'customer',
  'outsider',
  'anonymous',
  'staff',
] as const;
export type Caller = (typeof CALLERS)[number];
/** The callers who hold a login: everyone but 'anonymous'. */
export type SignedInCaller = Exclude<Caller, 'anonymous'>;
export type Callers = Record<SignedInCaller, Member & Device>;
export type MatrixRequest = { url: string; payload?: object | Buffer; headers?: Record<string, string> };
export type MatrixRow = { method: string; endpoint: string; route: string; expected: Record<Caller, number> };

/** The callers whose answers must not carry the tenant's ids. */
const STRANGERS: readonly Caller[] = ['outsider', 'anonymous', 'staff'];

/** 'PATCH /api/tasks/:id/status (own)' -> 'PATCH /api/tasks/:id/status': the route a row calls. */
export const routeOf = (endpoint: string): string => endpoint.replace(/\s+\(.*\)$/, '');

/** The rows of a table whose header is `endpoint | <columns...>`. */
export function parseTable<C extends string>(
  table: string,
  columns: readonly C[],
): { method: string; endpoint: string; route: string; expected: Record<C, number> }[] {
  const [header, ...lines] = table.trim().split('\n');
  const names = (header ?? '')
    .split('|')
    .slice(1)
    .map((c) => c.trim());
  expect(names).toEqual([...columns]);
  return lines.map((line) => {
    const [raw = '', ...cells] = line.split('|').map((c) => c.trim());
    expect(cells, `${raw}: one status per column`).toHaveLength(columns.length);
    const expected = Object.fromEntries(columns.map((c, i) => [c, Number(cells[i])])) as Record<C, number>;
    const endpoint = raw.replace(/\s+/, ' ');
    return { method: endpoint.split(' ')[0] ?? '', endpoint, route: routeOf(endpoint), expected };
  });
}

export const parseMatrix = (table: string): MatrixRow[] => parseTable(table, CALLERS);

export type MatrixState = { workspace: Workspace; callers: Callers };

/**
 * The workspace and its callers, made before the file's tests run; the fields are there by then.
 * `template`: that of the workspace and of the outsider's own (a template module's matrix passes
 * one that includes the module, so that the outsider meets the tenant scope, not the module's gate).
 */
export function useMatrixCallers(t: TestApp, template: Template = 'workspace'): MatrixState {
  const state = {} as MatrixState;
  beforeAll(async () => {
    const tenant = await newTenant(t, template);
    const outsider = await newTenant(t, template);
    const members = {} as Record<Exclude<WorkspaceRole, 'owner'>, Member & Device>;
    for (const role of ['admin', 'member', 'worker', 'guest', 'customer'] as const) {
      members[role] = await memberIn(t, tenant.workspace, role);
    }
    const staff = await staffMember(t, 'super_admin');
    state.workspace = tenant.workspace;
    state.callers = {
      owner: { ...tenant.owner, userId: tenant.holder.session.user.user_id, email: tenant.holder.email },
      ...members,
      outsider: {
        ...outsider.owner,
        userId: outsider.holder.session.user.user_id,
        email: outsider.holder.email,
      },
      staff: { ...staff, userId: staff.session.user.user_id },
    };
  });
  return state;
}

/** The Authorization header of `who`: none for 'anonymous'. */
export const authOf = (state: MatrixState, who: Caller): Record<string, string> =>
  who === 'anonymous' ? {} : bearer(state.callers[who].token);

/** One test per cell of `table`; `requests` says how to call each endpoint as each caller. */
export function describeMatrix(
  t: TestApp,
  state: MatrixState,
  table: string,
  requests: Record<string, (who: Caller) => Promise<MatrixRequest>>,
): void {
  const rows = parseMatrix(table);

  it('covers every endpoint of the table once', () => {
    expect(rows.map((r) => r.endpoint).sort()).toEqual(Object.keys(requests).sort());
  });

  describe.each(rows)('$endpoint', ({ method, endpoint, route, expected }) => {
    it.each(CALLERS)('as %s', async (who) => {
      const build = requests[endpoint];
      if (!build) throw new Error(`no request for ${endpoint}`);
      const request = await build(who);
      const response = await t.app.inject({
        method: method as 'GET',
        url: request.url,
        ...(request.payload ? { payload: request.payload } : {}),
        headers: { ...authOf(state, who), ...request.headers },
      });
      expect(response.statusCode, response.body).toBe(expected[who]);
      const platformRoute = route.split(' ')[1]?.startsWith('/api/admin/') ?? false;
      if (STRANGERS.includes(who) && !(who === 'staff' && platformRoute)) {
        expect(response.body).not.toContain(state.workspace.workspace_id);
        expect(response.body).not.toContain(state.workspace.account_id);
        expect(response.body).not.toContain(state.callers.owner.userId);
      }
    });
  });
}

/*
 * The routes anybody may call without a token, so no role matrix is needed for them: they answer
 * the same whoever calls. route-coverage.test.ts fails when one of them no longer exists, and
 * when a role matrix gives 'anonymous' anything but 401 on a route that is not listed here.
 * public-permission-matrix.test.ts calls the ones that are cheap to call, anonymously.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  // Probes, the pricing page's plans, signing up and in, single sign-on, the invitation link: the
  // API routes that answer a caller with no token (plugins/sign-in-required.ts).
  ...ANONYMOUS_API_ROUTES,
  // The OpenAPI document and its browser (@fastify/swagger-ui): the API is documented in public.
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  // Barber Shop & Spa's booking page (/book/{slug}), behind the slug gate (plugins/public-gate.ts):
  // the shop's services and staff, a day's slots, a booking, and the mail link's page.
  'GET /api/public/booking/:slug',
  'GET /api/public/booking/:slug/slots',
  'POST /api/public/booking/:slug/appointments',
  'GET /api/public/booking/:slug/manage/:token',
  'POST /api/public/booking/:slug/manage/:token/cancel',
  'POST /api/public/booking/:slug/manage/:token/reschedule',
  // Queue Ticketing's public pages (/q/{slug}/take, /board, /t/{id}), behind the slug gate:
  // the board, the kiosk's ticket, a ticket by its random public id, the board's event stream.
  'GET /api/public/queues/:slug',
  'POST /api/public/queues/:slug/tickets',
  'GET /api/public/queues/:slug/tickets/:publicId',
  'GET /api/public/queues/:slug/events',
  // The mails of a development server (never registered in production).
  'GET /dev-mailbox',
  // Uploaded workspace logos (random, unguessable names) and the built web app.
  'GET /uploads/*',
  'GET /*',
];

/** One test per public route of `table` (columns: endpoint | anonymous), called with no token. */
export function describePublicMatrix(
  t: TestApp,
  table: string,
  requests: Record<string, () => Promise<MatrixRequest>>,
): void {
  const rows = parseTable(table, ['anonymous'] as const);

  it('covers every endpoint of the table once, each of them a public route', () => {
    expect(rows.map((r) => r.endpoint).sort()).toEqual(Object.keys(requests).sort());
    expect(rows.map((r) => r.route).filter((route) => !PUBLIC_ROUTES.includes(route))).toEqual([]);
  });

  it.each(rows)('$endpoint as anonymous', async ({ method, endpoint, expected }) => {
    const build = requests[endpoint];
    if (!build) throw new Error(`no request for ${endpoint}`);
    const request = await build();
    const response = await t.app.inject({
      method: method as 'GET',
      url: request.url,
      ...(request.payload ? { payload: request.payload } : {}),
      ...(request.headers ? { headers: request.headers } : {}),
    });
    expect(response.statusCode, response.body).toBe(expected.anonymous);
  });
}
