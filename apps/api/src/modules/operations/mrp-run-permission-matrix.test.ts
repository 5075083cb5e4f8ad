import type { MrpRun } from '@workhub/shared/schemas/operations-mrp';
import { beforeAll, describe, expect } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';
import { dayFromToday, mrpRecords } from './mrp-test-helpers.ts';

/*
 * Who may run MRP, read runs, confirm proposals and read the MRP dashboard (docs/permissions.md, the operations rows), in
 * an MRP workspace: running and confirming is operations:plan (owner, admin), reading
 * operations:read. The outsider acts in an MRP workspace of their own: a run there is theirs (201),
 * our run is a 404 to them. Staff act in no workspace: the module does not exist for them (404).
 */
const MATRIX = `
  endpoint                             | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  POST /api/mrp/runs                   | 201   | 201   | 403    | 403    | 403   | 403      | 201      | 401       | 404
  GET /api/mrp/runs                    | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/mrp/runs/:id                | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET /api/mrp/runs/:id/overview       | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET /api/mrp/runs/:id/exceptions     | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET /api/mrp/runs/:id/proposals      | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST /api/mrp/runs/:id/confirm       | 201   | 201   | 403    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/operations/dashboard        | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'mrp');
let product = '';

beforeAll(async () => {
  const records = mrpRecords(t, {
    accountId: state.workspace.account_id,
    workspaceId: state.workspace.workspace_id,
  });
  product = await records.product('Widget');
});

/**
 * A new run of our workspace (by its owner) with one open proposal: a new customer order for one
 * more widget, so that every confirm has a proposal of the latest run to confirm.
 */
async function freshRun(): Promise<MrpRun> {
  const records = mrpRecords(t, {
    accountId: state.workspace.account_id,
    workspaceId: state.workspace.workspace_id,
  });
  await records.customerOrder([{ product, quantity: '1', due: dayFromToday(5) }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/mrp/runs',
    headers: bearer(state.callers.owner.token),
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'POST /api/mrp/runs': async () => ({ url: '/api/mrp/runs', payload: { horizon_days: 30 } }),
  'GET /api/mrp/runs': async () => ({ url: '/api/mrp/runs' }),
  'GET /api/mrp/runs/:id': async () => ({ url: `/api/mrp/runs/${(await freshRun()).id}` }),
  'GET /api/mrp/runs/:id/overview': async () => ({ url: `/api/mrp/runs/${(await freshRun()).id}/overview` }),
  'GET /api/mrp/runs/:id/exceptions': async () => ({
    url: `/api/mrp/runs/${(await freshRun()).id}/exceptions`,
  }),
  'GET /api/mrp/runs/:id/proposals': async () => ({
    url: `/api/mrp/runs/${(await freshRun()).id}/proposals`,
  }),
  'POST /api/mrp/runs/:id/confirm': async () => {
    const run = await freshRun();
    const open = run.proposals.filter((p) => p.status === 'open').map((p) => p.id);
    expect(open).toHaveLength(1);
    return { url: `/api/mrp/runs/${run.id}/confirm`, payload: { proposal_ids: open } };
  },
  'GET /api/operations/dashboard': async () => ({ url: '/api/operations/dashboard' }),
};

describe('the permission matrix of MRP runs and the MRP dashboard', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
