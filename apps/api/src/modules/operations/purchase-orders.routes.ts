import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import { operationsIdParam } from '@workhub/shared/schemas/operations';
import {
  orderDeliveryBody,
  purchaseOrder,
  purchaseOrderBody,
  purchaseOrderDetail,
  purchaseOrderExportQuery,
  purchaseOrderListQuery,
} from '@workhub/shared/schemas/operations-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { PurchaseOrderService } from './orders.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];
const read = { action: 'operations:read' } as const;
const write = { action: 'operations:write' } as const;
const detailResponse = dataEnvelope(purchaseOrderDetail);

/** GET,POST /api/purchase-orders, GET,PATCH /api/purchase-orders/:id and its status steps. */
export const purchaseOrderRoutes: FastifyPluginAsyncZod<{ orders: PurchaseOrderService }> = async (
  app,
  { orders },
) => {
  app.get(
    '/purchase-orders',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Purchase orders: search by number or supplier, status and due-date filters, sorted, paged',
        querystring: purchaseOrderListQuery,
        response: { 200: listEnvelope(purchaseOrder), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => orders.list(moduleScope(request), request.query),
  );

  app.get(
    '/purchase-orders/export',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'The purchase order list (same filters and sort) as CSV, up to 10,000 rows',
        querystring: purchaseOrderExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await orders.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/purchase-orders',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Create a draft purchase order; its number is the next of the workspace',
        body: purchaseOrderBody,
        response: { 201: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.orderCreated,
        data: await orders.create(moduleScope(request), request.body),
      }),
  );

  app.get(
    '/purchase-orders/:id',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'One purchase order with its lines',
        params: operationsIdParam,
        response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await orders.get(moduleScope(request), request.params.id) }),
  );

  app.patch(
    '/purchase-orders/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Edit a draft purchase order (its lines are replaced); 409 once confirmed',
        params: operationsIdParam,
        body: purchaseOrderBody,
        response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await orders.update(moduleScope(request), request.params.id, request.body),
    }),
  );

  const steps = [
    ['confirm', 'Confirm a draft purchase order', messages.orderConfirmed, orders.confirm],
    ['close', 'Close a received (or partly received) purchase order', messages.orderClosed, orders.close],
    [
      'cancel',
      'Cancel a draft, or a confirmed order with nothing received',
      messages.orderCancelled,
      orders.cancel,
    ],
  ] as const;
  for (const [step, summary, message, take] of steps) {
    app.post(
      `/purchase-orders/:id/${step}`,
      {
        config: write,
        schema: {
          tags,
          security,
          summary,
          params: operationsIdParam,
          response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ message, data: await take(moduleScope(request), request.params.id) }),
    );
  }

  app.post(
    '/purchase-orders/:id/receive',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Receive a confirmed purchase order: the lines given (a partial receipt) or all still open',
        params: operationsIdParam,
        body: orderDeliveryBody.optional(),
        response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.orderReceived,
      data: await orders.deliver(moduleScope(request), request.params.id, request.body ?? {}),
    }),
  );
};
