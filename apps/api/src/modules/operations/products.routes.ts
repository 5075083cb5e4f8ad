import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  operationsIdParam,
  operationsStatusBody,
  product,
  productBody,
  productExportQuery,
  productListQuery,
  productUpdateBody,
} from '@workhub/shared/schemas/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { ProductService } from './products.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];
const productResponse = dataEnvelope(product);

/** The products of the current workspace (issue 13 §2). */
export const productRoutes: FastifyPluginAsyncZod<{ products: ProductService }> = async (
  app,
  { products },
) => {
  app.get(
    '/products',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary:
          'Products of the current workspace (q: name or group contains; status, catalog_id, procurement_type, product_group, below_safety; sort)',
        querystring: productListQuery,
        response: { 200: listEnvelope(product), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => products.list(moduleScope(request), request.query),
  );

  app.get(
    '/products/export',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary:
          'The product list (same filters and sort) as CSV in the columns of a products import, up to 10,000 rows',
        querystring: productExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await products.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/products',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: 'Create a product; product_qty is its opening stock, recorded as a stock move',
        body: productBody,
        response: { 201: productResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: operationsMessages.productCreated,
        data: await products.create(moduleScope(request), request.body),
      }),
  );

  app.get(
    '/products/:id',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: 'One product',
        params: operationsIdParam,
        response: { 200: productResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await products.get(moduleScope(request), request.params.id) }),
  );

  app.patch(
    '/products/:id',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: 'Edit a product (the whole record); its stock changes only through stock moves',
        description: `${EDIT_VERSION_NOTE} A stock move does not change a product's version.`,
        params: operationsIdParam,
        headers: ifMatchHeader,
        body: productUpdateBody,
        response: { 200: productResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await products.update(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.patch(
    '/products/:id/status',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate a product',
        params: operationsIdParam,
        body: operationsStatusBody,
        response: { 200: productResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await products.setStatus(moduleScope(request), request.params.id, request.body.status),
    }),
  );
};
