import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../lib/passwords.ts';
import { bearer, PASSWORD, useTestApp } from '../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../test/matrix.ts';
import { sidOf } from '../test/staff.ts';
import { login } from '../test/tenants.ts';

/*
 * Who may call what: the account pages, the account's plan and billing, and plan administration,
 * in the style of permission-matrix.test.ts. The account pages are about the caller alone, so
 * every signed-in user may use them, platform staff included (an outsider acts on their own
 * profile and sessions). The plan and billing of the account are the holder's (owner only): an
 * outsider gets their own account's, staff, who hold no account, a 403. Plan administration is for
 * platform staff (can(auth, 'admin:plans')): every workspace role, the owner included, gets 403.
 */
const MATRIX = `
  endpoint                             | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET    /api/me                       | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  GET    /api/me/profile               | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  PATCH  /api/me/profile               | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  POST   /api/me/password              | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  GET    /api/me/sessions              | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  DELETE /api/me/sessions/:id          | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  DELETE /api/me/sessions              | 200   | 200   | 200    | 200    | 200   | 200      | 200      | 401       | 200
  GET    /api/account/subscription     | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  PUT    /api/account/subscription     | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  GET    /api/billing                  | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  GET    /api/billing/invoices         | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  GET    /api/billing/checkout/:planId | 200   | 403   | 403    | 403    | 403   | 403      | 200      | 401       | 403
  POST   /api/billing/checkout         | 201   | 403   | 403    | 403    | 403   | 403      | 201      | 401       | 403
  GET    /api/admin/plans              | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
  POST   /api/admin/plans              | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 201
  GET    /api/admin/plans/:id          | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
  PATCH  /api/admin/plans/:id          | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
  PATCH  /api/admin/plans/:id/status   | 403   | 403   | 403    | 403    | 403   | 403      | 403      | 401       | 200
`;

const t = useTestApp();
const state = useMatrixCallers(t);

const planForm = {
  title: 'Matrix',
  subscription: 'per month',
  price: 5,
  description: 'A plan made by the permission matrix.',
  button_text: 'Buy',
  button_variant: 'outlined',
  month: 1,
};
/** The paid plan every checkout cell buys (seeded: Starter, per month). */
const PAID_PLAN = 2;
/** A plan of this file's own, so that staff's edits touch no plan another test file reads. */
let matrixPlan: number;
/** The plan the matrix account has: picking it again changes nothing for the cells after it. */
let currentPlan: number;

beforeAll(async () => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/plans',
    headers: bearer(state.callers.staff.token),
    payload: planForm,
  });
  expect(created.statusCode, created.body).toBe(201);
  matrixPlan = created.json().data.subscription_id;
  const subscription = await t.app.inject({
    method: 'GET',
    url: '/api/account/subscription',
    headers: bearer(state.callers.owner.token),
  });
  expect(subscription.statusCode, subscription.body).toBe(200);
  currentPlan = subscription.json().data.subscription_id;
});

const MATRIX_OLD_PASSWORD = 'matrix-old-1';

/** How to call each endpoint as `who`. */
const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/me': async () => ({ url: '/api/me' }),
  'GET /api/me/profile': async () => ({ url: '/api/me/profile' }),
  'PATCH /api/me/profile': async () => ({ url: '/api/me/profile', payload: { city: 'Lyon' } }),
  // The caller's password is first set to another one, which the call changes back to PASSWORD
  // (a new password must differ from the current one): later logins of the file keep working.
  'POST /api/me/password': async (who) => {
    if (who !== 'anonymous') {
      await t.db.db
        .update(users)
        .set({ passwordHash: await hashPassword(MATRIX_OLD_PASSWORD) })
        .where(eq(users.email, state.callers[who].email));
    }
    return {
      url: '/api/me/password',
      payload: { current_password: MATRIX_OLD_PASSWORD, password: PASSWORD, confirm_password: PASSWORD },
    };
  },
  'GET /api/me/sessions': async () => ({ url: '/api/me/sessions' }),
  // The anonymous caller names a real session of the owner's.
  'DELETE /api/me/sessions/:id': async (who) => ({
    url: `/api/me/sessions/${sidOf((await login(t, state.callers[who === 'anonymous' ? 'owner' : who].email)).token)}`,
  }),
  'DELETE /api/me/sessions': async () => ({ url: '/api/me/sessions' }),
  'GET /api/account/subscription': async () => ({ url: '/api/account/subscription' }),
  'PUT /api/account/subscription': async () => ({
    url: '/api/account/subscription',
    payload: { subscription_id: currentPlan },
  }),
  'GET /api/billing': async () => ({ url: '/api/billing' }),
  'GET /api/billing/invoices': async () => ({ url: '/api/billing/invoices' }),
  'GET /api/billing/checkout/:planId': async () => ({ url: `/api/billing/checkout/${PAID_PLAN}` }),
  'POST /api/billing/checkout': async () => ({
    url: '/api/billing/checkout',
    payload: { plan_id: PAID_PLAN },
  }),
  'GET /api/admin/plans': async () => ({ url: '/api/admin/plans' }),
  'POST /api/admin/plans': async () => ({ url: '/api/admin/plans', payload: planForm }),
  'GET /api/admin/plans/:id': async () => ({ url: `/api/admin/plans/${matrixPlan}` }),
  'PATCH /api/admin/plans/:id': async () => ({ url: `/api/admin/plans/${matrixPlan}`, payload: planForm }),
  'PATCH /api/admin/plans/:id/status': async () => ({
    url: `/api/admin/plans/${matrixPlan}/status`,
    payload: { status: '0' },
  }),
};

describe('the account pages, billing and plan administration permission matrix', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
