import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import { operationsIdParam } from '@workhub/shared/schemas/operations';
import {
  customerOrder,
  customerOrderBody,
  customerOrderDetail,
  customerOrderExportQuery,
  customerOrderListQuery,
  orderDeliveryBody,
  purchaseOrder,
  purchaseOrderBody,
  purchaseOrderDetail,
  purchaseOrderExportQuery,
  purchaseOrderListQuery,
} from '@workhub/shared/schemas/operations-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { CustomerOrderService, PurchaseOrderService } from './orders.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];
const read = { action: 'operations:read' } as const;
const write = { action: 'operations:write' } as const;
const errors = errorResponses(400, 401, 403, 404, 409);
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** What tells the purchase orders' routes from the customer orders': paths, schemas, words. */
const SPECS = {
  purchase: {
    path: '/purchase-orders',
    noun: 'purchase order',
    party: 'supplier',
    deliver: 'receive',
    delivered: 'received',
    deliveredMessage: operationsMessages.orderReceived,
    item: purchaseOrder,
    detail: purchaseOrderDetail,
    body: purchaseOrderBody,
    listQuery: purchaseOrderListQuery,
    exportQuery: purchaseOrderExportQuery,
  },
  customer: {
    path: '/customer-orders',
    noun: 'customer order',
    party: 'customer',
    deliver: 'ship',
    delivered: 'shipped',
    deliveredMessage: operationsMessages.orderShipped,
    item: customerOrder,
    detail: customerOrderDetail,
    body: customerOrderBody,
    listQuery: customerOrderListQuery,
    exportQuery: customerOrderExportQuery,
  },
} as const;

type Options =
  | { kind: 'purchase'; orders: PurchaseOrderService }
  | { kind: 'customer'; orders: CustomerOrderService };

/**
 * GET,POST /api/{purchase,customer}-orders (+ export), GET,PATCH .../:id and the status steps
 * (confirm, receive or ship, close, cancel): one route table for both kinds of order.
 */
export const orderRecordRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { orders } = options;
  const spec = SPECS[options.kind];
  const { path, noun } = spec;
  const detailResponse = dataEnvelope(spec.detail);

  app.get(
    path,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: `${capitalized(noun)}s: search by number or ${spec.party}, status and due-date filters, sorted, paged`,
        querystring: spec.listQuery,
        response: { 200: listEnvelope(spec.item), ...errors },
      },
    },
    async (request) => orders.list(moduleScope(request), request.query),
  );

  app.get(
    `${path}/export`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: `The ${noun} list (same filters and sort) as CSV, up to 10,000 rows`,
        querystring: spec.exportQuery,
        response: { 200: csvText, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await orders.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    path,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: `Create a draft ${noun}; its number is the next of the workspace`,
        body: spec.body,
        response: { 201: detailResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: operationsMessages.orderCreated,
        data: await orders.create(moduleScope(request), request.body),
      }),
  );

  app.get(
    `${path}/:id`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: `One ${noun} with its lines`,
        params: operationsIdParam,
        response: { 200: detailResponse, ...errors },
      },
    },
    async (request) => ({ data: await orders.get(moduleScope(request), request.params.id) }),
  );

  app.patch(
    `${path}/:id`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: `Edit a draft ${noun} (its lines are replaced); 409 once confirmed`,
        description: EDIT_VERSION_NOTE,
        params: operationsIdParam,
        headers: ifMatchHeader,
        body: spec.body,
        response: { 200: detailResponse, ...errors, ...errorResponses(412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await orders.update(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  const steps = [
    ['confirm', `Confirm a draft ${noun}`, operationsMessages.orderConfirmed, orders.confirm],
    [
      'close',
      `Close a ${spec.delivered} (or partly ${spec.delivered}) ${noun}`,
      operationsMessages.orderClosed,
      orders.close,
    ],
    [
      'cancel',
      `Cancel a draft, or a confirmed ${noun} with nothing ${spec.delivered}`,
      operationsMessages.orderCancelled,
      orders.cancel,
    ],
  ] as const;
  for (const [step, summary, message, take] of steps) {
    app.post(
      `${path}/:id/${step}`,
      {
        config: write,
        schema: {
          tags,
          security,
          summary,
          params: operationsIdParam,
          response: { 200: detailResponse, ...errors },
        },
      },
      async (request) => ({ message, data: await take(moduleScope(request), request.params.id) }),
    );
  }

  app.post(
    `${path}/:id/${spec.deliver}`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: `${capitalized(spec.deliver)} a confirmed ${noun}: the lines given (part of them) or all still open, with stock moves`,
        params: operationsIdParam,
        body: orderDeliveryBody.optional(),
        response: { 200: detailResponse, ...errors },
      },
    },
    async (request) => ({
      message: spec.deliveredMessage,
      data: await orders.deliver(moduleScope(request), request.params.id, request.body ?? {}),
    }),
  );
};
