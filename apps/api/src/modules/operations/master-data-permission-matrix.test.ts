import type { BomLine, Product } from '@workhub/shared/schemas/operations';
import { beforeAll, describe } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { addBomLine, createNamed, createProduct, uniqueName } from '../../test/master-data.ts';
import { type Caller, describeMatrix, type MatrixRequest, useMatrixCallers } from '../../test/matrix.ts';

/*
 * Who may call what in the operations master data (docs/permissions.md, the operations rows), in an
 * MRP workspace: reads are operations:read (a worker too), writes and imports operations:write
 * (not a worker); guests and customers hold neither. The outsider acts in an MRP workspace of
 * their own: our records are 404 to them, and a list or a create acts on their own workspace.
 * Platform staff act in no workspace: the module does not exist for them (404).
 */
const MATRIX = `
  endpoint                                  | owner | admin | member | worker | guest | customer | outsider | anonymous | staff
  GET    /api/catalogs                      | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET    /api/catalogs/export               | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST   /api/catalogs                      | 201   | 201   | 201    | 403    | 403   | 403      | 201      | 401       | 404
  GET    /api/catalogs/:id                  | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH  /api/catalogs/:id                  | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  PATCH  /api/catalogs/:id/status           | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  GET    /api/uoms                          | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET    /api/uoms/export                   | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST   /api/uoms                          | 201   | 201   | 201    | 403    | 403   | 403      | 201      | 401       | 404
  GET    /api/uoms/:id                      | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH  /api/uoms/:id                      | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  PATCH  /api/uoms/:id/status               | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  GET    /api/products                      | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  GET    /api/products/export               | 200   | 200   | 200    | 200    | 403   | 403      | 200      | 401       | 404
  POST   /api/products                      | 201   | 201   | 201    | 403    | 403   | 403      | 201      | 401       | 404
  GET    /api/products/:id                  | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH  /api/products/:id                  | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  PATCH  /api/products/:id/status           | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  GET    /api/products/:id/bom              | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  POST   /api/products/:id/bom              | 201   | 201   | 201    | 403    | 403   | 403      | 404      | 401       | 404
  GET    /api/products/:id/bom/tree         | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  GET    /api/bom-lines/:id                 | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  PATCH  /api/bom-lines/:id                 | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  DELETE /api/bom-lines/:id                 | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  PUT    /api/bom-lines/:id/attachment      | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  GET    /api/bom-lines/:id/attachment      | 200   | 200   | 200    | 200    | 403   | 403      | 404      | 401       | 404
  DELETE /api/bom-lines/:id/attachment      | 200   | 200   | 200    | 403    | 403   | 403      | 404      | 401       | 404
  POST   /api/products/import               | 200   | 200   | 200    | 403    | 403   | 403      | 200      | 401       | 404
  POST   /api/bom-lines/import              | 200   | 200   | 200    | 403    | 403   | 403      | 200      | 401       | 404
`;

const t = useTestApp();
const state = useMatrixCallers(t, 'mrp');
let product: Product;
let line: BomLine;

const ownerToken = () => state.callers.owner.token;

/** A product for a caller's create (the outsider makes theirs in their own workspace). */
const productBody = () => ({ product_name: uniqueName('Matrix'), price: '1' });

/** A fresh line of `product`, with an attachment, for a call that changes or removes it. */
async function freshLine(): Promise<BomLine> {
  const component = await createProduct(t, ownerToken());
  const fresh = await addBomLine(t, ownerToken(), product.id, component.id);
  const upload = await t.app.inject({
    method: 'PUT',
    url: `/api/bom-lines/${fresh.id}/attachment`,
    ...attachment(ownerToken()),
  });
  if (upload.statusCode !== 200) throw new Error(upload.body);
  return fresh;
}

const BOUNDARY = 'matrix-boundary';
const multipart = (text: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`,
  );
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
function attachment(token: string) {
  return {
    payload: multipart('Torque 12 Nm'),
    headers: { ...multipartHeaders, authorization: `Bearer ${token}` },
  };
}

beforeAll(async () => {
  product = await createProduct(t, ownerToken(), { procurement_type: 'make' });
  line = await freshLine();
});

const fresh = async (kind: 'catalogs' | 'uoms') => (await createNamed(t, ownerToken(), kind)).id;

const REQUESTS: Record<string, (who: Caller) => Promise<MatrixRequest>> = {
  'GET /api/catalogs': async () => ({ url: '/api/catalogs' }),
  'GET /api/catalogs/export': async () => ({ url: '/api/catalogs/export' }),
  'POST /api/catalogs': async () => ({ url: '/api/catalogs', payload: { name: uniqueName('Catalog') } }),
  'GET /api/catalogs/:id': async () => ({ url: `/api/catalogs/${await fresh('catalogs')}` }),
  'PATCH /api/catalogs/:id': async () => ({
    url: `/api/catalogs/${await fresh('catalogs')}`,
    payload: { name: uniqueName('Catalog') },
  }),
  'PATCH /api/catalogs/:id/status': async () => ({
    url: `/api/catalogs/${await fresh('catalogs')}/status`,
    payload: { status: 'inactive' },
  }),
  'GET /api/uoms': async () => ({ url: '/api/uoms' }),
  'GET /api/uoms/export': async () => ({ url: '/api/uoms/export' }),
  'POST /api/uoms': async () => ({ url: '/api/uoms', payload: { name: uniqueName('Unit') } }),
  'GET /api/uoms/:id': async () => ({ url: `/api/uoms/${await fresh('uoms')}` }),
  'PATCH /api/uoms/:id': async () => ({
    url: `/api/uoms/${await fresh('uoms')}`,
    payload: { name: uniqueName('Unit') },
  }),
  'PATCH /api/uoms/:id/status': async () => ({
    url: `/api/uoms/${await fresh('uoms')}/status`,
    payload: { status: 'inactive' },
  }),
  'GET /api/products': async () => ({ url: '/api/products' }),
  'GET /api/products/export': async () => ({ url: '/api/products/export' }),
  'POST /api/products': async () => ({ url: '/api/products', payload: productBody() }),
  'GET /api/products/:id': async () => ({ url: `/api/products/${product.id}` }),
  'PATCH /api/products/:id': async () => ({
    url: `/api/products/${(await createProduct(t, ownerToken())).id}`,
    payload: productBody(),
  }),
  'PATCH /api/products/:id/status': async () => ({
    url: `/api/products/${(await createProduct(t, ownerToken())).id}/status`,
    payload: { status: 'inactive' },
  }),
  'GET /api/products/:id/bom': async () => ({ url: `/api/products/${product.id}/bom` }),
  'POST /api/products/:id/bom': async () => ({
    url: `/api/products/${product.id}/bom`,
    payload: { product_needed: (await createProduct(t, ownerToken())).id, bom_qty: '2' },
  }),
  'GET /api/products/:id/bom/tree': async () => ({ url: `/api/products/${product.id}/bom/tree` }),
  'GET /api/bom-lines/:id': async () => ({ url: `/api/bom-lines/${line.id}` }),
  'PATCH /api/bom-lines/:id': async () => {
    const changed = await freshLine();
    return {
      url: `/api/bom-lines/${changed.id}`,
      payload: { product_needed: changed.product_needed, bom_qty: '3' },
    };
  },
  'DELETE /api/bom-lines/:id': async () => ({ url: `/api/bom-lines/${(await freshLine()).id}` }),
  'PUT /api/bom-lines/:id/attachment': async () => ({
    url: `/api/bom-lines/${(await freshLine()).id}/attachment`,
    payload: multipart('Drawing v2'),
    headers: multipartHeaders,
  }),
  'GET /api/bom-lines/:id/attachment': async () => ({ url: `/api/bom-lines/${line.id}/attachment` }),
  'DELETE /api/bom-lines/:id/attachment': async () => ({
    url: `/api/bom-lines/${(await freshLine()).id}/attachment`,
  }),
  'POST /api/products/import': async () => ({
    url: '/api/products/import',
    payload: { rows: [{ product_name: uniqueName('Imported'), price: '2' }] },
  }),
  'POST /api/bom-lines/import': async (who) => {
    // The outsider names products of their own workspace (ours are unknown there: a row error, still 200).
    const token = who === 'outsider' ? state.callers.outsider.token : ownerToken();
    const parent = await createProduct(t, token);
    const component = await createProduct(t, token);
    return {
      url: '/api/bom-lines/import',
      payload: {
        rows: [{ product_need: parent.product_name, product_needed: component.product_name, bom_qty: '1' }],
      },
    };
  },
};

describe('the permission matrix of the operations master data', () => {
  describeMatrix(t, state, MATRIX, REQUESTS);
});
