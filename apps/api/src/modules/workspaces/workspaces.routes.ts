import fastifyMultipart from '@fastify/multipart';
import { LOGO_MAX_BYTES } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import {
  idParam,
  workspace,
  workspaceBody,
  workspaceListQuery,
  workspaceStatusBody,
} from '@workhub/shared/schemas/workspaces';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { logoInvalid, type WorkspaceService } from './workspaces.service.ts';

const tags = ['workspaces'];
const security = [{ bearerAuth: [] }];
const workspaceResponse = dataEnvelope(workspace);

/**
 * What reading a multipart body failed with, as the client's fault it is: over a limit is a 413,
 * anything else the parser throws (no boundary, a body cut short, broken part headers) is a 400.
 */
function multipartRefused(err: unknown): AppError {
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return logoInvalid(413);
  return new AppError(400, 'MALFORMED_BODY', messages.multipartInvalid, {
    fields: { logo: messages.multipartInvalid },
  });
}

/** The bytes of the one `logo` file of a multipart request: 400 without one, 413 over 1 MB. */
async function readLogo(request: FastifyRequest): Promise<Buffer> {
  const part = await request
    .file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 11 } })
    .catch((err: unknown) => {
      // Not multipart at all (e.g. JSON): the same answer as a request without the file.
      if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return undefined;
      throw multipartRefused(err);
    });
  if (part?.fieldname !== 'logo') throw logoInvalid();
  try {
    return await part.toBuffer();
  } catch (err) {
    throw multipartRefused(err);
  }
}

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
        summary: 'Create a workspace; its creator becomes its owner',
        body: workspaceBody,
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
        summary: 'Edit name, template and description',
        params: idParam,
        body: workspaceBody,
        response: { 200: workspaceResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await workspaces.update(requireAuth(request), request.params.id, request.body),
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
