import fastifyMultipart from '@fastify/multipart';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { dataEnvelope, listEnvelope, messageEnvelope } from '@workhub/shared/schemas/common';
import {
  BOM_ATTACHMENT_MAX_BYTES,
  bomLine,
  bomLineBody,
  bomLineListQuery,
  bomTree,
  operationsIdParam,
} from '@workhub/shared/schemas/operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editVersionOf } from '../../lib/edit-version.ts';
import { readOneFile } from '../../lib/multipart.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { attachmentInvalid, type BomAttachmentService, type Upload } from './bom-attachment.service.ts';
import type { BomLineService } from './bom-lines.service.ts';
import type { BomTreeService } from './bom-tree.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];
const lineResponse = dataEnvelope(bomLine);
/** Room for the multipart envelope around a file of the largest size. */
const ATTACHMENT_BODY_LIMIT = BOM_ATTACHMENT_MAX_BYTES + 64 * 1024;

/** The one `file` of a multipart request: 400 without one, 413 over 5 MB. */
const readUpload = (request: FastifyRequest): Promise<Upload> =>
  readOneFile(request, { field: 'file', maxBytes: BOM_ATTACHMENT_MAX_BYTES, invalid: attachmentInvalid });

/** An ASCII fallback and the UTF-8 name (RFC 6266) of a download. */
const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** A product's BOM lines, its tree with the cost roll-up, and a line's attachment. */
export const bomRoutes: FastifyPluginAsyncZod<{
  lines: BomLineService;
  tree: BomTreeService;
  attachments: BomAttachmentService;
}> = async (app, { lines, tree, attachments }) => {
  app.get(
    '/products/:id/bom',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: "A product's BOM lines in the order added (q: component name or notes; status)",
        params: operationsIdParam,
        querystring: bomLineListQuery,
        response: { 200: listEnvelope(bomLine), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => lines.list(moduleScope(request), request.params.id, request.query),
  );

  app.post(
    '/products/:id/bom',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: 'Add a BOM line to a product: one line per component, and no cycle at any depth (409)',
        params: operationsIdParam,
        body: bomLineBody,
        response: { 201: lineResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: operationsMessages.bomLineCreated,
        data: await lines.create(moduleScope(request), request.params.id, request.body),
      }),
  );

  app.get(
    '/products/:id/bom/tree',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary:
          "The product's active BOM through every level, each node with its quantities, unit and extended cost; the root's estimated_cost",
        params: operationsIdParam,
        response: { 200: dataEnvelope(bomTree), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await tree.tree(moduleScope(request), request.params.id) }),
  );

  app.get(
    '/bom-lines/:id',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: 'One BOM line, with its version (updated_at)',
        params: operationsIdParam,
        response: { 200: lineResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await lines.get(moduleScope(request), request.params.id) }),
  );

  app.patch(
    '/bom-lines/:id',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: 'Edit a BOM line (the whole line); a new component is checked for cycles',
        description: `${EDIT_VERSION_NOTE} Adding or removing the line's attachment does not change its version.`,
        params: operationsIdParam,
        headers: ifMatchHeader,
        body: bomLineBody,
        response: { 200: lineResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await lines.update(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.delete(
    '/bom-lines/:id',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: 'Remove a BOM line and its attachment',
        params: operationsIdParam,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await lines.remove(moduleScope(request), request.params.id);
      return { message: operationsMessages.bomLineDeleted };
    },
  );

  app.get(
    '/bom-lines/:id/attachment',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: "Download a BOM line's attachment (its checked type, as an attachment, never rendered)",
        params: operationsIdParam,
        produces: ['application/octet-stream'],
        response: {
          200: z.any().describe('The file'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await attachments.get(moduleScope(request), request.params.id);
      const textual = file.type.startsWith('text/');
      return reply
        .headers({
          'content-type': textual ? `${file.type}; charset=utf-8` : file.type,
          'content-disposition': contentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'private, no-store',
        })
        .send(file.buffer);
    },
  );

  app.delete(
    '/bom-lines/:id/attachment',
    {
      config: { action: 'operations:write' },
      schema: {
        tags,
        security,
        summary: "Remove a BOM line's attachment",
        params: operationsIdParam,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await attachments.remove(moduleScope(request), request.params.id);
      return { message: operationsMessages.bomAttachmentRemoved };
    },
  );

  // Multipart is parsed in this context only, and the 5 MB body limit is this route's alone.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart);
    uploads.withTypeProvider<ZodTypeProvider>().put(
      '/bom-lines/:id/attachment',
      {
        config: { action: 'operations:write' },
        bodyLimit: ATTACHMENT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary:
            'Attach a file to a BOM line (multipart, field `file`: PDF, PNG, JPEG, WebP, GIF, text or CSV by its content, at most 5 MB)',
          consumes: ['multipart/form-data'],
          params: operationsIdParam,
          response: { 200: lineResponse, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request) => ({
        message: messages.updateDone,
        data: await attachments.set(moduleScope(request), request.params.id, () => readUpload(request)),
      }),
    );
  });
};
