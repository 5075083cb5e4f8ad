import { dataEnvelope } from '@workhub/shared/schemas/common';
import { operationsDashboard, operationsDashboardQuery } from '@workhub/shared/schemas/operations-mrp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { createOperationsDashboardService } from './operations-dashboard.service.ts';

/** The MRP dashboard's figures (/dashboard_mrp), registered from operations.routes.ts. */
export const operationsDashboardRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const dashboard = createOperationsDashboardService(ctx);

  app.get(
    '/operations/dashboard',
    {
      config: { action: 'operations:read' },
      schema: {
        tags: ['operations'],
        security: [{ bearerAuth: [] }],
        summary:
          'Sales value and orders per week, stock value, products below safety stock, orders by status, late orders',
        querystring: operationsDashboardQuery,
        response: { 200: dataEnvelope(operationsDashboard), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await dashboard.figures(moduleScope(request), request.query.weeks) }),
  );
};
