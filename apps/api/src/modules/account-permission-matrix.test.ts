import { describe } from 'vitest';
import { PASSWORD, useTestApp } from '../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../test/matrix.ts';
import { sidOf } from '../test/staff.ts';
import { login } from '../test/tenants.ts';

/*
 * Who may call what: the account pages and plan administration, in the style of
 * permission-matrix.test.ts. The account pages are about the caller alone, so every signed-in user
 * may use them (an outsider acts on their own profile and sessions). Plan administration is for
 * platform staff (can(auth, 'admin:plans')): every workspace role, the owner included, gets 403.
 * Staff's own answers are in plans/admin-plans.test.ts.
 */
const MATRIX = `
  endpoint                                 | owner | admin | member | worker | guest | customer | outsider
  GET    /api/me/profile                   | 200   | 200   | 200    | 200    | 200   | 200      | 200
  PATCH  /api/me/profile                   | 200   | 200   | 200    | 200    | 200   | 200      | 200
  POST   /api/me/password                  | 200   | 200   | 200    | 200    | 200   | 200      | 200
  GET    /api/me/sessions                  | 200   | 200   | 200    | 200    | 200   | 200      | 200
  DELETE /api/me/sessions/:id              | 200   | 200   | 200    | 200    | 200   | 200      | 200
  DELETE /api/me/sessions                  | 200   | 200   | 200    | 200    | 200   | 200      | 200
  GET    /api/admin/plans                  | 403   | 403   | 403    | 403    | 403   | 403      | 403
  POST   /api/admin/plans                  | 403   | 403   | 403    | 403    | 403   | 403      | 403
  GET    /api/admin/plans/:id              | 403   | 403   | 403    | 403    | 403   | 403      | 403
  PATCH  /api/admin/plans/:id              | 403   | 403   | 403    | 403    | 403   | 403      | 403
  PATCH  /api/admin/plans/:id/status       | 403   | 403   | 403    | 403    | 403   | 403      | 403
`;

const t = useTestApp();
const state = useMatrixCallers(t);

const planForm = {
  title: 'Matrix',
  subscription: 'per month',
  price: 5,
  description: 'A plan nobody here may save.',
  button_text: 'Buy',
  button_variant: 'outlined',
  month: 1,
};

/** How to call each endpoint as `who`. */
const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/me/profile': async () => ({ url: '/api/me/profile' }),
  'PATCH /api/me/profile': async () => ({ url: '/api/me/profile', payload: { city: 'Lyon' } }),
  // The same password again: later logins of the file keep working.
  'POST /api/me/password': async () => ({
    url: '/api/me/password',
    payload: { current_password: PASSWORD, password: PASSWORD, confirm_password: PASSWORD },
  }),
  'GET /api/me/sessions': async () => ({ url: '/api/me/sessions' }),
  'DELETE /api/me/sessions/:id': async (who) => ({
    url: `/api/me/sessions/${sidOf((await login(t, state.callers[who].email)).token)}`,
  }),
  'DELETE /api/me/sessions': async () => ({ url: '/api/me/sessions' }),
  'GET /api/admin/plans': async () => ({ url: '/api/admin/plans' }),
  'POST /api/admin/plans': async () => ({ url: '/api/admin/plans', payload: planForm }),
  'GET /api/admin/plans/:id': async () => ({ url: '/api/admin/plans/2' }),
  'PATCH /api/admin/plans/:id': async () => ({ url: '/api/admin/plans/2', payload: planForm }),
  'PATCH /api/admin/plans/:id/status': async () => ({
    url: '/api/admin/plans/2/status',
    payload: { status: '0' },
  }),
};

describe('the account pages and plan administration permission matrix', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
