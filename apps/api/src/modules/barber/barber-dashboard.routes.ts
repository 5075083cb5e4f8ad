import { barberDashboard } from '@workhub/shared/schemas/barber';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { createBarberDashboardService } from './barber-dashboard.service.ts';
import { createSampleData } from './sample-data.ts';

const tags = ['barber'];
const security = [{ bearerAuth: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

const counts = z.record(z.string(), z.number());

/** GET /api/barber/dashboard; POST and DELETE /api/barber/sample-data. */
export const barberDashboardRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const dashboard = createBarberDashboardService(ctx);
  const sample = createSampleData(ctx);

  app.get(
    '/barber/dashboard',
    {
      config: { action: 'barber:read' },
      schema: {
        tags,
        security,
        summary: "The salon's dashboard, every figure from its records",
        response: { 200: dataEnvelope(barberDashboard), ...errors },
      },
    },
    async (request) => ({ data: await dashboard(moduleScope(request)) }),
  );

  app.post(
    '/barber/sample-data',
    {
      config: { action: 'barber:manage' },
      schema: {
        tags,
        security,
        summary: 'Fill an empty salon with a realistic month of sample data (409 when it has records)',
        response: { 201: dataEnvelope(counts), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: 'Sample data loaded', data: await sample.load(moduleScope(request)) }),
  );

  app.delete(
    '/barber/sample-data',
    {
      config: { action: 'barber:manage' },
      schema: {
        tags,
        security,
        summary: 'Remove exactly the sample data (rows marked sample)',
        response: { 200: dataEnvelope(counts), ...errors },
      },
    },
    async (request) => ({ message: 'Sample data cleared', data: await sample.clear(moduleScope(request)) }),
  );
};
