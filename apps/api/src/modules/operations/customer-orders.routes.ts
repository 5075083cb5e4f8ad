import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import { operationsIdParam } from '@workhub/shared/schemas/operations';
import {
  customerOrder,
  customerOrderBody,
  customerOrderDetail,
  customerOrderExportQuery,
  customerOrderListQuery,
  orderDeliveryBody,
} from '@workhub/shared/schemas/operations-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { CustomerOrderService } from './orders.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];
const read = { action: 'operations:read' } as const;
const write = { action: 'operations:write' } as const;
const detailResponse = dataEnvelope(customerOrderDetail);

/** GET,POST /api/customer-orders, GET,PATCH /api/customer-orders/:id and its status steps. */
export const customerOrderRoutes: FastifyPluginAsyncZod<{ orders: CustomerOrderService }> = async (
  app,
  { orders },
) => {
  app.get(
    '/customer-orders',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Customer orders: search by number or customer, status and due-date filters, sorted, paged',
        querystring: customerOrderListQuery,
        response: { 200: listEnvelope(customerOrder), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => orders.list(moduleScope(request), request.query),
  );

  app.get(
    '/customer-orders/export',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'The customer order list (same filters and sort) as CSV, up to 10,000 rows',
        querystring: customerOrderExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await orders.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/customer-orders',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Create a draft customer order; its number is the next of the workspace',
        body: customerOrderBody,
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
    '/customer-orders/:id',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'One customer order with its lines',
        params: operationsIdParam,
        response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await orders.get(moduleScope(request), request.params.id) }),
  );

  app.patch(
    '/customer-orders/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Edit a draft customer order (its lines are replaced); 409 once confirmed',
        params: operationsIdParam,
        body: customerOrderBody,
        response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await orders.update(moduleScope(request), request.params.id, request.body),
    }),
  );

  const steps = [
    ['confirm', 'Confirm a draft customer order', messages.orderConfirmed, orders.confirm],
    ['close', 'Close a shipped (or partly shipped) customer order', messages.orderClosed, orders.close],
    [
      'cancel',
      'Cancel a draft, or a confirmed order with nothing shipped',
      messages.orderCancelled,
      orders.cancel,
    ],
  ] as const;
  for (const [step, summary, message, take] of steps) {
    app.post(
      `/customer-orders/:id/${step}`,
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
    '/customer-orders/:id/ship',
    {
      config: write,
      schema: {
        tags,
        security,
        summary:
          'Ship a confirmed customer order: the lines given (a partial shipment) or all still open; 409 beyond stock',
        params: operationsIdParam,
        body: orderDeliveryBody.optional(),
        response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.orderShipped,
      data: await orders.deliver(moduleScope(request), request.params.id, request.body ?? {}),
    }),
  );
};
