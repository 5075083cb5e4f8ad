import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';

/*
 * Who may read the queue's dashboard and load or clear its sample data (docs/permissions.md, the
 * ticketing rows). The owner loads the sample month first, so the admin's load meets the "only
 * into an empty module" rule (409, past the gate); the outsider acts in their own empty workspace.
 */
const MATRIX = `
  endpoint                             | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/ticketing/dashboard         | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/ticketing/sample-data      | 201   | 409   | 403    | 403    | 403   | 403      | 201      | 401       | 404
  DELETE /api/ticketing/sample-data    | 200   | 200   | 403    | 403    | 403   | 403      | 200      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'ticketing');

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/ticketing/dashboard': async () => ({ url: '/api/ticketing/dashboard' }),
  'POST /api/ticketing/sample-data': async () => ({ url: '/api/ticketing/sample-data' }),
  'DELETE /api/ticketing/sample-data': async () => ({ url: '/api/ticketing/sample-data' }),
};

describe('the permission matrix of the queue dashboard', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
