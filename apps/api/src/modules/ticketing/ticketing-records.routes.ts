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
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { type EditVersion, editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { TicketingRecords } from './ticketing-records.service.ts';

const tags = ['ticketing'];
const security = [{ bearerAuth: [] }];

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type ListQuery = z.output<typeof recordListQuery>;
type ExportQuery = z.output<typeof recordExportQuery>;
type CsvFile = { filename: string; csv: string; truncatedAt: number | null };

/** One kind of the queue's records (services, counters): its paths' word, schemas, texts and service calls. */
type RecordKind<Item extends z.ZodType, Body extends z.ZodType> = {
  path: string;
  item: Item;
  body: Body;
  summaries: { list: string; create: string; update: string };
  created: string;
  list: (
    scope: WorkspaceScope,
    query: ListQuery,
  ) => Promise<{ data: z.output<Item>[]; meta: { page: number; limit: number; total: number } }>;
  exportCsv: (scope: WorkspaceScope, query: ExportQuery) => Promise<CsvFile>;
  create: (scope: WorkspaceScope, body: z.output<Body>) => Promise<z.output<Item>>;
  /** One record, as its edit dialog reads it again after a 412. */
  get: (scope: WorkspaceScope, id: string) => Promise<z.output<Item>>;
  update: (
    scope: WorkspaceScope,
    id: string,
    body: z.output<Body>,
    expected?: EditVersion,
  ) => Promise<z.output<Item>>;
};

/**
 * GET,POST /api/ticketing/<kind>, GET .../export and GET,PATCH .../:id: read by the staff
 * (ticketing:read), changed by the managers (ticketing:manage).
 */
function registerRecordKind<Item extends z.ZodType, Body extends z.ZodType>(
  zodApp: ZodApp,
  kind: RecordKind<Item, Body>,
) {
  // The same instance, its zod validator and serializer unchanged: only the compile-time types
  // differ, as the zod type provider cannot resolve a generic schema's output. Each handler
  // meets the input after the route's schema has parsed it, hence the casts to its output.
  const app = zodApp.withTypeProvider<FastifyTypeProviderDefault>();
  const base = `/ticketing/${kind.path}`;
  const one = dataEnvelope(kind.item);

  app.get(
    base,
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: kind.summaries.list,
        querystring: recordListQuery,
        response: { 200: listEnvelope(kind.item), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => kind.list(moduleScope(request), request.query as ListQuery),
  );

  app.get(
    `${base}/export`,
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: `The ${kind.path} list (same search and status filter) as CSV, up to 10,000 rows`,
        querystring: recordExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await kind.exportCsv(
        moduleScope(request),
        request.query as ExportQuery,
      );
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    base,
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: kind.summaries.create,
        body: kind.body,
        response: { 201: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: kind.created,
        data: await kind.create(moduleScope(request), request.body as z.output<Body>),
      }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { action: 'ticketing:read' },
      schema: {
        tags,
        security,
        summary: `One of the ${kind.path}, with its version (updated_at)`,
        params: ticketingIdParam,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await kind.get(moduleScope(request), (request.params as z.output<typeof ticketingIdParam>).id),
    }),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { action: 'ticketing:manage' },
      schema: {
        tags,
        security,
        summary: kind.summaries.update,
        description: EDIT_VERSION_NOTE,
        params: ticketingIdParam,
        headers: ifMatchHeader,
        body: kind.body,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await kind.update(
        moduleScope(request),
        (request.params as z.output<typeof ticketingIdParam>).id,
        request.body as z.output<Body>,
        editVersionOf((request.headers as Record<string, string | undefined>)['if-match']),
      ),
    }),
  );
}

/** Services, counters, settings and opening hours: read by the staff, changed by the managers. */
export const ticketingRecordsRoutes: FastifyPluginAsyncZod<{ records: TicketingRecords }> = async (
  app,
  { records },
) => {
  registerRecordKind(app, {
    path: 'services',
    item: service,
    body: serviceBody,
    summaries: {
      list: "The queue's services (q: name contains; status), each with today's waiting tickets",
      create: 'Create a service: a name and a prefix letter unique in the workspace, its average minutes',
      update: 'Edit a service (the whole record; status inactive stops its tickets being taken)',
    },
    created: ticketingMessages.serviceCreated,
    list: records.listServices,
    exportCsv: records.exportServices,
    create: (scope, body) => records.createService(scope, body),
    get: records.serviceById,
    update: records.updateService,
  });

  registerRecordKind(app, {
    path: 'counters',
    item: counter,
    body: counterBody,
    summaries: {
      list: "The queue's counters (q: name contains; status), with their services and operator",
      create: 'Create a counter: a unique name, the services it calls, an operator (a member) or none',
      update: 'Edit a counter (the whole record)',
    },
    created: ticketingMessages.counterCreated,
    list: records.listCounters,
    exportCsv: records.exportCounters,
    create: (scope, body) => records.createCounter(scope, body),
    get: records.counterById,
    update: records.updateCounter,
  });

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
        description: EDIT_VERSION_NOTE,
        headers: ifMatchHeader,
        body: settingsBody,
        response: { 200: dataEnvelope(settings), ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await records.updateSettings(
        moduleScope(request),
        request.body,
        editVersionOf((request.headers as Record<string, string | undefined>)['if-match']),
      ),
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
