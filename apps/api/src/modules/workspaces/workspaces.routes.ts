import fastifyMultipart from '@fastify/multipart';
import { LOGO_MAX_BYTES } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  idParam,
  workspace,
  workspaceBody,
  workspaceCreateBody,
  workspaceListQuery,
  workspaceStatusBody,
} from '@workhub/shared/schemas/workspaces';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { editVersionOf } from '../../lib/edit-version.ts';
import { readOneFile } from '../../lib/multipart.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { logoInvalid, type WorkspaceService } from './workspaces.service.ts';

const tags = ['workspaces'];
const security = [{ bearerAuth: [] }];
const workspaceResponse = dataEnvelope(workspace);

/** The bytes of the one `logo` file of a multipart request: 400 without one, 413 over 1 MB. */
const readLogo = async (request: FastifyRequest): Promise<Buffer> =>
  (await readOneFile(request, { field: 'logo', maxBytes: LOGO_MAX_BYTES, invalid: logoInvalid })).buffer;

export const workspaceRoutes: FastifyPluginAsyncZod<{ workspaces: WorkspaceService }> = async (
  app,
  { workspaces },
) => {
  app.get(
    '/workspaces',
    {
      schema: {
        tags,
        security,
        summary: "The account's active (or archived) workspaces, with team size and completion",
        querystring: workspaceListQuery,
        response: { 200: listEnvelope(workspace), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => workspaces.list(requireAuth(request), request.query),
  );

  app.post(
    '/workspaces',
    {
      schema: {
        tags,
        security,
        summary:
          "Create a workspace; its creator becomes its owner (time_zone: the creator's IANA zone, its modules' day until they set their own)",
        body: workspaceCreateBody,
        response: { 201: workspaceResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.workspaceCreated,
        data: await workspaces.create(requireAuth(request), request.body),
      }),
  );

  app.get(
    '/workspaces/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One workspace',
        params: idParam,
        response: { 200: workspaceResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await workspaces.get(requireAuth(request), request.params.id) }),
  );

  app.patch(
    '/workspaces/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit name, template, description and currency (left out: unchanged; null: none)',
        description: `${EDIT_VERSION_NOTE} A workspace's version is its \`time_updated\`.`,
        params: idParam,
        headers: ifMatchHeader,
        body: workspaceBody,
        response: { 200: workspaceResponse, ...errorResponses(400, 401, 403, 404, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await workspaces.update(
        requireAuth(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.patch(
    '/workspaces/:id/status',
    {
      schema: {
        tags,
        security,
        summary: "Archive ('1') or restore ('0')",
        params: idParam,
        body: workspaceStatusBody,
        response: { 200: workspaceResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await workspaces.setArchived(
        requireAuth(request),
        request.params.id,
        request.body.archived,
      );
      return { message: data.archived ? messages.workspaceArchived : messages.workspaceRestored, data };
    },
  );

  // Multipart is parsed in this context only: every other route still refuses a non-JSON body.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart);
    uploads.withTypeProvider<ZodTypeProvider>().put(
      '/workspaces/:id/logo',
      {
        schema: {
          tags,
          security,
          summary: 'Upload the logo (multipart, field `logo`: PNG, JPEG, WebP or GIF, at most 1 MB)',
          consumes: ['multipart/form-data'],
          params: idParam,
          response: { 200: workspaceResponse, ...errorResponses(400, 401, 403, 404, 413) },
        },
      },
      async (request) => ({
        message: messages.updateDone,
        data: await workspaces.setLogo(requireAuth(request), request.params.id, () => readLogo(request)),
      }),
    );
  });
};
