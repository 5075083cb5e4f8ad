import { dataEnvelope } from '@workhub/shared/schemas/common';
import { dashboardStats } from '@workhub/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { readAheadOf } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      // Sent with the session check, answered once it holds (db/tenant-scope.ts workspaceRead).
      config: { readAhead: true },
      schema: {
        tags: ['dashboard'],
        security: [{ bearerAuth: [] }],
        summary: 'Real figures of the current workspace (members, projects, tasks, weekly completions)',
        response: { 200: dataEnvelope(dashboardStats), ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => ({ data: await dashboard.stats(readAheadOf(request)) }),
  );
};
