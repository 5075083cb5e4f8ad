import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  counter,
  counterBody,
  recordExportQuery,
  recordListQuery,
  service,
  serviceBody,
  settings,
  settingsBody,
  ticketingIdParam,
  ticketingMessages,
} from '@workhub/shared/schemas/ticketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { TicketingRecords } from './ticketing-records.service.ts';

const tags = ['ticketing'];
const security = [{ bearerAuth: [] }];

/** Services, counters, settings and opening hours: read by the staff, changed by the managers. */
export const ticketingRecordsRoutes: FastifyPluginAsyncZod<{ records: TicketingRecords }> = async (
  app,
  { records },
) => {
  app.get(
    '/ticketing/services',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: "The queue's services (q: name contains; status), each with today's waiting tickets",
        querystring: recordListQuery,
        response: { 200: listEnvelope(service), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => records.listServices(moduleScope(request), request.query),
  );

  app.get(
    '/ticketing/services/export',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: 'The services list (same search and status filter) as CSV, up to 10,000 rows',
        querystring: recordExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await records.exportServices(
        moduleScope(request),
        request.query,
      );
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/ticketing/services',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: 'Create a service: a name and a prefix letter unique in the workspace, its average minutes',
        body: serviceBody,
        response: { 201: dataEnvelope(service), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: ticketingMessages.serviceCreated,
        data: await records.createService(moduleScope(request), request.body),
      }),
  );

  app.patch(
    '/ticketing/services/:id',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: 'Edit a service (the whole record; status inactive stops its tickets being taken)',
        params: ticketingIdParam,
        body: serviceBody,
        response: { 200: dataEnvelope(service), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await records.updateService(moduleScope(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/ticketing/counters',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: "The queue's counters (q: name contains; status), with their services and operator",
        querystring: recordListQuery,
        response: { 200: listEnvelope(counter), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => records.listCounters(moduleScope(request), request.query),
  );

  app.get(
    '/ticketing/counters/export',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: 'The counters list (same search and status filter) as CSV, up to 10,000 rows',
        querystring: recordExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await records.exportCounters(
        moduleScope(request),
        request.query,
      );
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/ticketing/counters',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: 'Create a counter: a unique name, the services it calls, an operator (a member) or none',
        body: counterBody,
        response: { 201: dataEnvelope(counter), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: ticketingMessages.counterCreated,
        data: await records.createCounter(moduleScope(request), request.body),
      }),
  );

  app.patch(
    '/ticketing/counters/:id',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: 'Edit a counter (the whole record)',
        params: ticketingIdParam,
        body: counterBody,
        response: { 200: dataEnvelope(counter), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await records.updateCounter(moduleScope(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/ticketing/settings',
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: "The queue's time zone (its day), the recalls before a no-show and the opening hours",
        response: { 200: dataEnvelope(settings), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await records.settingsOf(moduleScope(request)) }),
  );

  app.put(
    '/ticketing/settings',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: 'Set the time zone, the recalls before a no-show and the opening hours (all of them)',
        body: settingsBody,
        response: { 200: dataEnvelope(settings), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await records.updateSettings(moduleScope(request), request.body),
    }),
  );

  app.get(
    '/ticketing/operators',
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: "The workspace's active members, to choose a counter's operator from",
        response: {
          200: dataEnvelope(z.array(z.object({ user_id: z.string(), name: z.string() }))),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => ({ data: await records.operators(moduleScope(request)) }),
  );
};
