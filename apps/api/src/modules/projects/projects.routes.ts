import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  project,
  projectBody,
  projectExportQuery,
  projectListQuery,
  projectStatusBody,
} from '@workhub/shared/schemas/work';
import { idParam } from '@workhub/shared/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvText } from '../../lib/csv.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { readAheadOf, requireAuth } from '../../plugins/auth.ts';
import type { ProjectService } from './projects.service.ts';

const tags = ['projects'];
const security = [{ bearerAuth: [] }];
const projectResponse = dataEnvelope(project);

/** The projects of the workspace the session acts in (POST /api/auth/workspace-session). */
export const projectRoutes: FastifyPluginAsyncZod<{ projects: ProjectService }> = async (
  app,
  { projects },
) => {
  app.get(
    '/projects',
    {
      // Sent with the session check, answered once it holds (db/tenant-scope.ts workspaceRead).
      config: { readAhead: true },
      schema: {
        tags,
        security,
        summary: 'Projects of the current workspace (archived=true: the archived ones), with figures',
        querystring: projectListQuery,
        response: { 200: listEnvelope(project), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => projects.list(readAheadOf(request), request.query),
  );

  app.get(
    '/projects/export',
    {
      schema: {
        tags,
        security,
        summary: 'The project list (same filters, sort and permission) as a CSV download, up to 10,000 rows',
        querystring: projectExportQuery,
        response: { 200: csvText, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { filename, csv, truncatedAt } = await projects.exportCsv(requireAuth(request), request.query);
      return reply.headers(csvHeaders(filename, truncatedAt)).send(csv);
    },
  );

  app.post(
    '/projects',
    {
      schema: {
        tags,
        security,
        summary: 'Create a project',
        body: projectBody,
        response: { 201: projectResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.projectCreated,
        data: await projects.create(requireAuth(request), request.body),
      }),
  );

  app.get(
    '/projects/:id',
    {
      // Sent with the session check, answered once it holds (db/tenant-scope.ts workspaceRead).
      config: { readAhead: true },
      schema: {
        tags,
        security,
        summary: 'One project',
        params: idParam,
        response: { 200: projectResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await projects.get(readAheadOf(request), request.params.id) }),
  );

  app.patch(
    '/projects/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a project (not an archived one: restore it first)',
        description: EDIT_VERSION_NOTE,
        params: idParam,
        headers: ifMatchHeader,
        body: projectBody,
        response: { 200: projectResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await projects.update(
        requireAuth(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.patch(
    '/projects/:id/status',
    {
      schema: {
        tags,
        security,
        summary: "Deactivate ('archived'), Activate ('in_progress'), or set another status",
        params: idParam,
        body: projectStatusBody,
        response: { 200: projectResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => projects.setStatus(requireAuth(request), request.params.id, request.body.status),
  );
};
