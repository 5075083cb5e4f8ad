import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import { operationsIdParam } from '@workhub/shared/schemas/operations';
import {
  WORK_ORDER_STEPS,
  type WorkOrderStep,
  workOrder,
  workOrderExportQuery,
  workOrderListQuery,
} from '@workhub/shared/schemas/operations-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { WorkOrderService } from './work-orders.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];

const SUMMARIES: Record<WorkOrderStep, string> = {
  release: 'Release a planned work order to the shop floor',
  complete: "Complete a released work order: its components' stock is consumed and the product's added",
  cancel: 'Cancel a planned or released work order',
};

/** GET /api/work-orders (+ export) and POST /api/work-orders/:id/{release,complete,cancel}. */
export const workOrderRoutes: FastifyPluginAsyncZod<{ workOrders: WorkOrderService }> = async (
  app,
  { workOrders },
) => {
  app.get(
    '/work-orders',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary:
          'Work orders: search by number or product, status, product and need-date filters, sorted, paged',
        querystring: workOrderListQuery,
        response: { 200: listEnvelope(workOrder), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => workOrders.list(moduleScope(request), request.query),
  );

  app.get(
    '/work-orders/export',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: 'The work order list (same filters and sort) as CSV, up to 10,000 rows',
        querystring: workOrderExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await workOrders.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  for (const step of Object.keys(WORK_ORDER_STEPS) as WorkOrderStep[]) {
    app.post(
      `/work-orders/:id/${step}`,
      {
        config: { action: 'operations:write' },
        schema: {
          tags,
          security,
          summary: SUMMARIES[step],
          params: operationsIdParam,
          response: { 200: dataEnvelope(workOrder), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => workOrders.takeStep(moduleScope(request), request.params.id, step),
    );
  }
};
