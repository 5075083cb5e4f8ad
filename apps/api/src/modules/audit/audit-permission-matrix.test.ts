import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';

/*
 * Who may read the audit log (docs/permissions.md): the account's owner reads and exports the
 * account's log (audit:view), nobody else in the workspace; the outsider, owner of another
 * account, gets 200 with their own account's rows only (describeMatrix checks that no answer to
 * them carries our account's, workspace's or owner's id); platform staff read the platform's log
 * at /api/admin/audit (admin:audit) and are refused the tenant route.
 */
const MATRIX = `
  endpoint               | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/audit         | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  GET /api/audit/export  | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  GET /api/admin/audit   | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
`;

const t = useTestApp();
const state = useMatrixCallers(t);

const REQUESTS: Record<string, () => Promise<MatrixRequest>> = {
  'GET /api/audit': async () => ({ url: '/api/audit?limit=100' }),
  'GET /api/audit/export': async () => ({ url: '/api/audit/export' }),
  'GET /api/admin/audit': async () => ({ url: '/api/admin/audit?limit=100' }),
};

describe('audit log endpoints', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
