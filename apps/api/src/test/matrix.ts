import type { WorkspaceRole } from '@workhub/shared/enums';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp } from './helpers.ts';
import { type Device, type Member, memberIn, newTenant } from './tenants.ts';

/*
 * The permission matrices: a table of endpoint × caller -> status, every cell called for real.
 * The callers are a real member of each role acting in one workspace, and 'outsider', the holder
 * of ANOTHER account acting in their own workspace. Every outsider answer is checked to carry none
 * of our ids. A row's endpoint may end with a label, e.g. 'GET /api/tasks/:id (own)'.
 */

export const CALLERS = ['owner', 'admin', 'member', 'worker', 'guest', 'customer', 'outsider'] as const;
export type Caller = (typeof CALLERS)[number];
export type Callers = Record<Caller, Member & Device>;
export type MatrixRequest = { url: string; payload?: object | Buffer; headers?: Record<string, string> };
type Row = { method: string; endpoint: string; expected: Record<Caller, number> };

function parseMatrix(table: string): Row[] {
  const [header, ...lines] = table.trim().split('\n');
  const columns = (header ?? '')
    .split('|')
    .slice(1)
    .map((c) => c.trim());
  expect(columns).toEqual([...CALLERS]);
  return lines.map((line) => {
    const [endpoint = '', ...cells] = line.split('|').map((c) => c.trim());
    const expected = Object.fromEntries(CALLERS.map((c, i) => [c, Number(cells[i])])) as Record<
      Caller,
      number
    >;
    return { method: endpoint.split(/\s+/)[0] ?? '', endpoint: endpoint.replace(/\s+/, ' '), expected };
  });
}

export type MatrixState = { workspace: Workspace; callers: Callers };

/** The workspace and its callers, made before the file's tests run; the fields are there by then. */
export function useMatrixCallers(t: TestApp): MatrixState {
  const state = {} as MatrixState;
  beforeAll(async () => {
    const tenant = await newTenant(t);
    const outsider = await newTenant(t);
    const members = {} as Record<Exclude<WorkspaceRole, 'owner'>, Member & Device>;
    for (const role of ['admin', 'member', 'worker', 'guest', 'customer'] as const) {
      members[role] = await memberIn(t, tenant.workspace, role);
    }
    state.workspace = tenant.workspace;
    state.callers = {
      owner: { ...tenant.owner, userId: tenant.holder.session.user.user_id, email: tenant.holder.email },
      ...members,
      outsider: {
        ...outsider.owner,
        userId: outsider.holder.session.user.user_id,
        email: outsider.holder.email,
      },
    };
  });
  return state;
}

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

  describe.each(rows)('$endpoint', ({ method, endpoint, expected }) => {
    it.each(CALLERS)('as %s', async (who) => {
      const build = requests[endpoint];
      if (!build) throw new Error(`no request for ${endpoint}`);
      const request = await build(who);
      const response = await t.app.inject({
        method: method as 'GET',
        url: request.url,
        ...(request.payload ? { payload: request.payload } : {}),
        headers: { ...bearer(state.callers[who].token), ...request.headers },
      });
      expect(response.statusCode, response.body).toBe(expected[who]);
      if (who === 'outsider') {
        expect(response.body).not.toContain(state.workspace.workspace_id);
        expect(response.body).not.toContain(state.workspace.account_id);
      }
    });
  });
}
