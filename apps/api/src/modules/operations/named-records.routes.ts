import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  namedRecord,
  namedRecordBody,
  namedRecordExportQuery,
  namedRecordListQuery,
  operationsIdParam,
  operationsStatusBody,
  uom,
  uomBody,
} from '@workhub/shared/schemas/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import type { NamedKind, NamedRecordService } from './named-records.service.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];

const WORDS = {
  catalogs: { one: 'catalog', created: operationsMessages.catalogCreated },
  uoms: { one: 'unit of measure', created: operationsMessages.uomCreated },
} as const;

/** GET,POST /api/<kind>, GET /api/<kind>/export, GET,PATCH /api/<kind>/:id and /api/<kind>/:id/status. */
export const namedRecordRoutes: FastifyPluginAsyncZod<{
  kind: NamedKind;
  service: NamedRecordService;
}> = async (app, { kind, service }) => {
  const { one, created } = WORDS[kind];
  // A unit has whole_units besides a catalog's fields.
  const record = kind === 'uoms' ? uom : namedRecord;
  const body = kind === 'uoms' ? uomBody : namedRecordBody;
  const recordResponse = dataEnvelope(record);

  app.get(
    `/${kind}`,
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: `The ${one} list of the current workspace (q: name contains; status; sort), with product counts`,
        querystring: namedRecordListQuery,
        response: { 200: listEnvelope(record), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.list(moduleScope(request), request.query),
  );

  app.get(
    `/${kind}/export`,
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: `The ${one} list (same filters and sort) as a CSV download, up to 10,000 rows`,
        querystring: namedRecordExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await service.exportCsv(moduleScope(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.get(
    `/${kind}/:id`,
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: `One ${one}, with its product count and version (updated_at)`,
        params: operationsIdParam,
        response: { 200: recordResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await service.get(moduleScope(request), request.params.id) }),
  );

  app.post(
    `/${kind}`,
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: `Create a ${one}; the name is unique in the workspace, any case`,
        body,
        response: { 201: recordResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: created, data: await service.create(moduleScope(request), request.body) }),
  );

  app.patch(
    `/${kind}/:id`,
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: `Edit a ${one} (the whole record)`,
        description: EDIT_VERSION_NOTE,
        params: operationsIdParam,
        headers: ifMatchHeader,
        body,
        response: { 200: recordResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await service.update(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.patch(
    `/${kind}/:id/status`,
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: `Activate or deactivate a ${one}`,
        params: operationsIdParam,
        body: operationsStatusBody,
        response: { 200: recordResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await service.setStatus(moduleScope(request), request.params.id, request.body.status),
    }),
  );
};
