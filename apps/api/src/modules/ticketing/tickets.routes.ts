import { dataEnvelope, listEnvelope, paginationQuery } from '@workhub/shared/schemas/common';
import {
  myQueue,
  ticket,
  ticketBody,
  ticketExportQuery,
  ticketingIdParam,
  ticketingMessages,
  ticketListQuery,
  transferBody,
} from '@workhub/shared/schemas/ticketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { TicketAction, TicketsService } from './tickets.service.ts';

const tags = ['ticketing'];
const security = [{ bearerAuth: [] }];
const ticketResponse = dataEnvelope(ticket);
const issuedTicketItem = ticket.extend({
  people_ahead: z.number().int(),
  estimated_wait_minutes: z.number().int(),
  counter_open: z.boolean(),
});
const issuedTicket = dataEnvelope(issuedTicketItem);

const STEPS: { action: Exclude<TicketAction, 'transfer'>; summary: string }[] = [
  {
    action: 'recall',
    summary: 'Call a called ticket again (recall count + 1; the board announces it again)',
  },
  { action: 'start', summary: 'Start serving a called ticket' },
  { action: 'done', summary: 'Finish a ticket being served' },
  { action: 'no-show', summary: 'Mark a called ticket no-show, once recalled the settings’ number of times' },
];

/** Tickets at the desk and at the counters: the daily work (ticketing:serve), read by the staff. */
export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (app, { tickets }) => {
  app.get(
    '/ticketing/tickets',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: 'Tickets (q: number such as A-012 or service name; status, service, counter, day; sort)',
        querystring: ticketListQuery,
        response: { 200: listEnvelope(ticket), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => tickets.list(moduleScope(request), request.query),
  );

  app.get(
    '/ticketing/tickets/export',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: 'The ticket list (same filters and sort) as CSV, up to 10,000 rows',
        querystring: ticketExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await tickets.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.get(
    '/ticketing/tickets/:id',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: 'One ticket',
        params: ticketingIdParam,
        response: { 200: ticketResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await tickets.ticketById(moduleScope(request), request.params.id) }),
  );

  app.post(
    '/ticketing/tickets',
    {
      config: { action: 'ticketing:serve' },
      schema: {
        tags,
        security,
        summary: "Issue a ticket at the desk: the service's next number of the day, normal or priority",
        body: ticketBody,
        response: { 201: issuedTicket, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = moduleScope(request);
      const data = await tickets.issue(scope, request.body, {
        source: 'staff',
        issuedBy: scope.auth.user_id,
      });
      return reply.status(201).send({ message: ticketingMessages.ticketCreated, data });
    },
  );

  app.get(
    '/ticketing/my-tickets',
    {
      config: { action: 'ticketing:own' },
      schema: {
        tags,
        security,
        summary: "A customer's own tickets (taken signed in), newest first, with people ahead and the wait",
        querystring: paginationQuery,
        response: { 200: listEnvelope(issuedTicketItem), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      return tickets.listMine(scope, scope.auth.user_id, request.query);
    },
  );

  app.get(
    '/ticketing/my-queue',
    {
      config: { action: 'ticketing:own' },
      schema: {
        tags,
        security,
        summary:
          "What a customer takes a ticket from: the active services, open now, the queue's public slug",
        response: { 200: dataEnvelope(myQueue), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      return { data: await tickets.myQueue(scope, scope.workspaceName) };
    },
  );

  app.post(
    '/ticketing/my-tickets',
    {
      config: { action: 'ticketing:own' },
      schema: {
        tags,
        security,
        summary: 'A customer takes a ticket signed in (as at the kiosk: within the opening hours)',
        body: ticketBody,
        response: { 201: issuedTicket, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = moduleScope(request);
      const data = await tickets.issue(scope, request.body, {
        source: 'kiosk',
        issuedBy: scope.auth.user_id,
      });
      return reply.status(201).send({ message: ticketingMessages.ticketCreated, data });
    },
  );

  app.post(
    '/ticketing/counters/:id/call-next',
    {
      config: { action: 'ticketing:serve' },
      schema: {
        tags,
        security,
        summary:
          "Call the counter's next ticket: priority first, then the oldest; 409 when nobody waits or the counter is busy",
        params: ticketingIdParam,
        response: { 200: ticketResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await tickets.callNext(moduleScope(request), request.params.id) }),
  );

  for (const { action, summary } of STEPS) {
    app.post(
      `/ticketing/tickets/:id/${action}`,
      {
        config: { action: 'ticketing:serve' },
        schema: {
          tags,
          security,
          summary,
          params: ticketingIdParam,
          response: { 200: ticketResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const scope = moduleScope(request);
        const id = request.params.id;
        const data =
          action === 'recall'
            ? await tickets.recall(scope, id)
            : action === 'start'
              ? await tickets.start(scope, id)
              : action === 'done'
                ? await tickets.done(scope, id)
                : await tickets.noShow(scope, id);
        return { data };
      },
    );
  }

  app.post(
    '/ticketing/tickets/:id/transfer',
    {
      config: { action: 'ticketing:serve' },
      schema: {
        tags,
        security,
        summary: "Send a ticket to another service's queue, keeping its original waiting time",
        params: ticketingIdParam,
        body: transferBody,
        response: { 200: ticketResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await tickets.transfer(moduleScope(request), request.params.id, request.body.service_id),
    }),
  );
};
