import type {
  BomLine,
  BomLineBody,
  Catalog,
  CatalogBody,
  Product,
  ProductBody,
} from '@workhub/shared/schemas/operations';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import { call } from './work.ts';

// Records of the operations master data made through the API (catalogs, units, products, BOM lines).

let counter = 0;
/** A name no other call of the run has used (names are unique per workspace, any case). */
export const uniqueName = (prefix: string) =>
  `${prefix} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

export async function createNamed(
  t: TestApp,
  token: string,
  kind: 'catalogs' | 'uoms',
  overrides: Partial<CatalogBody> = {},
): Promise<Catalog> {
  const response = await call(t, 'POST', `/api/${kind}`, token, { name: uniqueName(kind), ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function createProduct(
  t: TestApp,
  token: string,
  overrides: Partial<ProductBody> = {},
): Promise<Product> {
  const response = await call(t, 'POST', '/api/products', token, {
    product_name: uniqueName('Product'),
    price: '10',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function addBomLine(
  t: TestApp,
  token: string,
  parentId: string,
  componentId: string,
  overrides: Partial<BomLineBody> = {},
): Promise<BomLine> {
  const response = await call(t, 'POST', `/api/products/${parentId}/bom`, token, {
    product_needed: componentId,
    bom_qty: '1',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
