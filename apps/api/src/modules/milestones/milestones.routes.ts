import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  milestone,
  milestoneBody,
  milestoneDeletedResult,
  milestoneListQuery,
  projectIdParam,
} from '@workhub/shared/schemas/work';
import { idParam } from '@workhub/shared/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { readAheadOf, requireAuth } from '../../plugins/auth.ts';
import type { MilestoneService } from './milestones.service.ts';

const tags = ['milestones'];
const security = [{ bearerAuth: [] }];
const milestoneResponse = dataEnvelope(milestone);

export const milestoneRoutes: FastifyPluginAsyncZod<{ milestones: MilestoneService }> = async (
  app,
  { milestones },
) => {
  app.get(
    '/projects/:projectId/milestones',
    {
      schema: {
        tags,
        security,
        summary: 'Milestones of a project of the current workspace',
        params: projectIdParam,
        querystring: milestoneListQuery,
        response: { 200: listEnvelope(milestone), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => milestones.list(requireAuth(request), request.params.projectId, request.query),
  );

  app.post(
    '/projects/:projectId/milestones',
    {
      schema: {
        tags,
        security,
        summary: 'Create a milestone in a project (owner only)',
        params: projectIdParam,
        body: milestoneBody,
        response: { 201: milestoneResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.milestoneCreated,
        data: await milestones.create(requireAuth(request), request.params.projectId, request.body),
      }),
  );

  app.get(
    '/milestones/:id',
    {
      // Sent with the session check, answered once it holds (db/tenant-scope.ts workspaceRead).
      config: { readAhead: true },
      schema: {
        tags,
        security,
        summary: 'One milestone',
        params: idParam,
        response: { 200: milestoneResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await milestones.get(readAheadOf(request), request.params.id) }),
  );

  app.patch(
    '/milestones/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a milestone (owner only)',
        description: EDIT_VERSION_NOTE,
        params: idParam,
        headers: ifMatchHeader,
        body: milestoneBody,
        response: { 200: milestoneResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await milestones.update(
        requireAuth(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.delete(
    '/milestones/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a milestone (owner only); its tasks move to the project',
        params: idParam,
        response: { 200: dataEnvelope(milestoneDeletedResult), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.milestoneDeleted,
      data: await milestones.remove(requireAuth(request), request.params.id),
    }),
  );
};
