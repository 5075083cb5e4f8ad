import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../test/helpers.ts';
import { describeMatrix, type MatrixRequest, useMatrixCallers } from '../test/matrix.ts';
import { staffMember } from '../test/staff.ts';

/*
 * Who may call the admin dashboard and the Subscribers endpoints, in the style of
 * permission-matrix.test.ts: platform staff only (can(auth, 'admin:dashboard' | 'admin:subscribers')),
 * so every workspace role, the owner included, gets 403, and so does an outsider; the anonymous
 * caller 401 and a super_admin 200. The status change sets the matrix account to 'active', what it
 * already is, so no call can shut the callers out of the cells after it. Below the matrix, both
 * staff roles (super_admin and admin) get 200.
 */
const MATRIX = `
  endpoint                                        | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET    /api/admin/dashboard                     | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
  GET    /api/admin/subscribers                   | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
  PATCH  /api/admin/subscribers/:accountId/status | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
`;

const t = useTestApp();
const state = useMatrixCallers(t);

const REQUESTS: Record<string, () => Promise<MatrixRequest>> = {
  'GET /api/admin/dashboard': async () => ({ url: '/api/admin/dashboard' }),
  'GET /api/admin/subscribers': async () => ({ url: '/api/admin/subscribers' }),
  'PATCH /api/admin/subscribers/:accountId/status': async () => ({
    url: `/api/admin/subscribers/${state.workspace.account_id}/status`,
    payload: { status: 'active' },
  }),
};

describe('admin endpoints', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});

describe('admin endpoints as platform staff', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.super_admin = (await staffMember(t, 'super_admin')).token;
    tokens.admin = (await staffMember(t, 'admin')).token;
  });

  it.each(['super_admin', 'admin'])(
    'as %s: 200 on every endpoint, 404 for an unknown account',
    async (role) => {
      const token = tokens[role] ?? '';
      for (const build of Object.values(REQUESTS)) {
        const { url, payload } = await build();
        const method = payload ? 'PATCH' : 'GET';
        const response = await t.app.inject({
          method,
          url,
          headers: bearer(token),
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      }
      const unknown = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/subscribers/${randomUUID()}/status`,
        headers: bearer(token),
        payload: { status: 'inactive' },
      });
      expect(unknown.statusCode).toBe(404);
    },
  );
});
