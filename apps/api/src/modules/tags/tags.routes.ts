import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope, messageEnvelope } from '@workhub/shared/schemas/common';
import { tag, tagBody, tagListQuery } from '@workhub/shared/schemas/tags';
import { idParam } from '@workhub/shared/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TagService } from './tags.service.ts';

const tags = ['tags'];
const security = [{ bearerAuth: [] }];
const tagResponse = dataEnvelope(tag);

/** The tags of the workspace the session acts in (Settings > Tags); projects and tasks carry them. */
export const tagRoutes: FastifyPluginAsyncZod<{ tags: TagService }> = async (app, { tags: service }) => {
  app.get(
    '/tags',
    {
      schema: {
        tags,
        security,
        summary: 'Tags of the current workspace by name, with how many projects and tasks carry each',
        querystring: tagListQuery,
        response: { 200: listEnvelope(tag), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.post(
    '/tags',
    {
      schema: {
        tags,
        security,
        summary: 'Create a tag (owner, admin); the name is unique in the workspace, any case',
        body: tagBody,
        response: { 201: tagResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.tagCreated,
        data: await service.create(requireAuth(request), request.body),
      }),
  );

  app.get(
    '/tags/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One tag of the current workspace, with its usage and version (updated_at)',
        params: idParam,
        response: { 200: tagResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
  );

  app.patch(
    '/tags/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename or recolour a tag (owner, admin)',
        description: EDIT_VERSION_NOTE,
        params: idParam,
        headers: ifMatchHeader,
        body: tagBody,
        response: { 200: tagResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.tagUpdated,
      data: await service.update(
        requireAuth(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.delete(
    '/tags/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a tag (owner, admin); projects and tasks lose it',
        params: idParam,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return { message: messages.tagDeleted };
    },
  );
};
