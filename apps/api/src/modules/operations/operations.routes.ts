import { moduleActions } from '@workhub/shared/modules';
import { can } from '@workhub/shared/permissions';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import { moduleAccess } from '@workhub/shared/schemas/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { masterDataRoutes } from './master-data.routes.ts';
import { mrpRunRoutes } from './mrp-run.routes.ts';
import { operationsDashboardRoutes } from './operations-dashboard.routes.ts';
import { ordersRoutes } from './orders.routes.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];

/**
 * The operations module's routes (manifest: packages/shared/src/modules.ts), registered under /api
 * behind the module's gate (plugins/module-gate.ts): only in a workspace whose template includes
 * operations (else 404), each route with the can() action it requires in `config.action` (403).
 * The records' routes (catalogs, units, products, BOM lines, orders, stock, MRP runs) are added
 * here, each file's plugin registered from this one with the services it builds from `ctx`.
 */
export const operationsRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  await app.register(ordersRoutes, { ctx });
  await app.register(masterDataRoutes, { ctx });
  await app.register(mrpRunRoutes, { ctx });
  await app.register(operationsDashboardRoutes, { ctx });
  app.get(
    '/operations/access',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: "What the caller's role may do in the operations of the current workspace",
        response: { 200: dataEnvelope(moduleAccess), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { auth } = moduleScope(request);
      return {
        data: {
          module: 'operations',
          actions: moduleActions('operations').filter((action) => can(auth, action)),
        },
      };
    },
  );
};
