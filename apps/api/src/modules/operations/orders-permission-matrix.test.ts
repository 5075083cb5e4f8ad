import { describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';
import { call } from '../../test/work.ts';
import {
  createOrder,
  customerBody,
  insertProduct,
  insertWorkOrder,
  purchaseBody,
  stepOrder,
} from './orders-test-helpers.ts';

/*
 * Who may call what of purchase, customer and work orders and stock (docs/permissions.md, the operations rows), in
 * an MRP workspace: reads for every role but guests and customers, writes and steps for owner,
 * admin and member. The outsider acts in an MRP workspace of another account: our orders are 404
 * to them, and our product in their new order a 400 (not one of their workspace's). Each step is
 * called on an order of its own, in the status the step starts from.
 */
const MATRIX = `
  endpoint                                 | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET /api/purchase-orders                 | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/purchase-orders/export          | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/purchase-orders                | 201   | 201   | 201    | 403    | 403   | 403      | 400      | 401       | 404
  GET /api/purchase-orders/:id             | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH /api/purchase-orders/:id           | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/purchase-orders/:id/confirm    | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/purchase-orders/:id/receive    | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/purchase-orders/:id/close      | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/purchase-orders/:id/cancel     | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/customer-orders                 | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/customer-orders/export          | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/customer-orders                | 201   | 201   | 201    | 403    | 403   | 403      | 400      | 401       | 404
  GET /api/customer-orders/:id             | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH /api/customer-orders/:id           | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/customer-orders/:id/confirm    | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/customer-orders/:id/ship       | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/customer-orders/:id/close      | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/customer-orders/:id/cancel     | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/work-orders                     | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/work-orders/export              | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/work-orders/:id/release        | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/work-orders/:id/complete       | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST /api/work-orders/:id/cancel         | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  GET /api/stock-moves                     | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET /api/stock-moves/export              | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST /api/stock-adjustments              | 201   | 201   | 201    | 403    | 403   | 403      | 400      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'mrp');

const PO = '/api/purchase-orders';
const CO = '/api/customer-orders';
type Path = typeof PO | typeof CO;

/** A product with plenty of stock (shipping never lacks it here). */
const product = () => insertProduct(t, state.workspace, { productQty: '1000' });

async function bodyFor(path: Path) {
  const lines = [{ product_id: await product(), quantity: 2, unit_price: 3 }];
  return path === PO ? purchaseBody(t, lines) : customerBody(t, lines);
}

/** A new order of the owner's, taken through `steps` first. */
async function orderIn(path: Path, steps: string[] = []): Promise<string> {
  const owner = state.callers.owner.token;
  const order = await createOrder(t, owner, path, await bodyFor(path));
  for (const step of steps) await stepOrder(t, owner, path, order.id, step);
  return order.id;
}

const requestsOf = (path: Path, deliver: 'receive' | 'ship') => ({
  [`GET ${path}`]: async () => ({ url: path }),
  [`GET ${path}/export`]: async () => ({ url: `${path}/export` }),
  [`POST ${path}`]: async () => ({ url: path, payload: await bodyFor(path) }),
  [`GET ${path}/:id`]: async () => ({ url: `${path}/${await orderIn(path)}` }),
  [`PATCH ${path}/:id`]: async () => ({
    url: `${path}/${await orderIn(path)}`,
    payload: await bodyFor(path),
  }),
  [`POST ${path}/:id/confirm`]: async () => ({ url: `${path}/${await orderIn(path)}/confirm` }),
  [`POST ${path}/:id/${deliver}`]: async () => ({
    url: `${path}/${await orderIn(path, ['confirm'])}/${deliver}`,
  }),
  [`POST ${path}/:id/close`]: async () => ({
    url: `${path}/${await orderIn(path, ['confirm', deliver])}/close`,
  }),
  [`POST ${path}/:id/cancel`]: async () => ({ url: `${path}/${await orderIn(path)}/cancel` }),
});

/** A work order of the workspace (a product with no BOM: completing it only adds stock), released first if asked. */
async function workOrderIn(released: boolean): Promise<string> {
  const id = await insertWorkOrder(t, state.workspace, await product(), '1');
  if (released) await call(t, 'POST', `/api/work-orders/${id}/release`, state.callers.owner.token);
  return id;
}

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  ...requestsOf(PO, 'receive'),
  ...requestsOf(CO, 'ship'),
  'GET /api/work-orders': async () => ({ url: '/api/work-orders' }),
  'GET /api/work-orders/export': async () => ({ url: '/api/work-orders/export' }),
  'POST /api/work-orders/:id/release': async () => ({
    url: `/api/work-orders/${await workOrderIn(false)}/release`,
  }),
  'POST /api/work-orders/:id/complete': async () => ({
    url: `/api/work-orders/${await workOrderIn(true)}/complete`,
  }),
  'POST /api/work-orders/:id/cancel': async () => ({
    url: `/api/work-orders/${await workOrderIn(false)}/cancel`,
  }),
  'GET /api/stock-moves': async () => ({ url: '/api/stock-moves' }),
  'GET /api/stock-moves/export': async () => ({ url: '/api/stock-moves/export' }),
  'POST /api/stock-adjustments': async () => ({
    url: '/api/stock-adjustments',
    payload: { product_id: await product(), quantity: 7, reason: 'Count' },
  }),
};

describe('the permission matrix of orders, work orders and stock', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
