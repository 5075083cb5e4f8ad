import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { ticketingDashboardRoutes } from './ticketing-dashboard.routes.ts';
import { ticketingRecordsRoutes } from './ticketing-records.routes.ts';
import { createTicketingRecords } from './ticketing-records.service.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { createTicketsService } from './tickets.service.ts';

/**
 * The Queue Ticketing module's routes (manifest: packages/shared/src/modules.ts), under /api
 * behind the module's gate: only in a Queue Ticketing workspace (else 404), each route with the
 * can() action it requires in `config.action` (403).
 */
export const ticketingRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const records = createTicketingRecords(ctx);
  await app.register(ticketingRecordsRoutes, { records });
  await app.register(ticketsRoutes, { tickets: createTicketsService(ctx, records) });
  await app.register(ticketingDashboardRoutes, { ctx });
};
