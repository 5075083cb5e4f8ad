import { dataEnvelope } from '@workhub/shared/schemas/common';
import { ticketingDashboard, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { createSampleData } from './sample-data.ts';
import { createTicketingDashboard } from './ticketing-dashboard.service.ts';

const tags = ['ticketing'];
const security = [{ bearerAuth: [] }];
const sampleCounts = dataEnvelope(
  z.object({ services: z.number().int(), counters: z.number().int(), tickets: z.number().int() }),
);

/** The module's dashboard and its sample data. */
export const ticketingDashboardRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const dashboard = createTicketingDashboard(ctx);
  const sample = createSampleData(ctx);

  app.get(
    '/ticketing/dashboard',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary:
          "Today's tickets by service and status; wait and service times, hours, counters, no-shows (30 days)",
        response: { 200: dataEnvelope(ticketingDashboard), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await dashboard(moduleScope(request)) }),
  );

  app.post(
    '/ticketing/sample-data',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: 'Load a realistic month of sample data into an empty module (409 once it has a service)',
        response: { 201: sampleCounts, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: ticketingMessages.sampleLoaded, data: await sample.load(moduleScope(request)) }),
  );

  app.delete(
    '/ticketing/sample-data',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: 'Remove exactly the sample rows (a sample service or counter real tickets use stays)',
        response: { 200: sampleCounts, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ticketingMessages.sampleCleared,
      data: await sample.clear(moduleScope(request)),
    }),
  );
};
