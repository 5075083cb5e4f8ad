import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';

/*
 * Who may call what in operations (docs/permissions.md, the operations rows), in an MRP workspace.
 * The outsider is the holder of another account acting in an MRP workspace of their own, so they
 * pass the module's gate and meet the tenant scope (a record of ours is a 404 to them). Platform
 * staff act in no workspace: the module does not exist for them (404), as for a workspace of a
 * template without operations (module-gates.test.ts covers those for every module).
 */
const MATRIX = `
  endpoint                     | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/operations/access   | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'mrp');

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/operations/access': async () => ({ url: '/api/operations/access' }),
};

describe('the permission matrix of operations', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
