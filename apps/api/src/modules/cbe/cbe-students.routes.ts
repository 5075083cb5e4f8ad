import {
  cbeIdParam,
  cbeMessages,
  cbeStudent,
  cbeStudentBody,
  cbeStudentListQuery,
} from '@workhub/shared/schemas/cbe';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import { csvRoute } from './cbe-export.routes.ts';
import type { CbeStudentService } from './cbe-students.service.ts';

/** Students and their guardians; a customer's own children. */
export const cbeStudentRoutes: FastifyPluginAsyncZod<{ service: CbeStudentService }> = async (
  app,
  { service },
) => {
  app.get(
    '/cbe/students',
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary: 'The students (q: admission number or name contains; class_id, grade_id, status; pages)',
        querystring: cbeStudentListQuery,
        response: { 200: listEnvelope(cbeStudent), ...readErrors },
      },
    },
    async (request) => service.list(moduleScope(request), request.query),
  );

  csvRoute(app, 'students', 'student list', cbeStudentListQuery, service.exportCsv);

  app.get(
    '/cbe/students/:id',
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary: 'One student with their guardians',
        params: cbeIdParam,
        response: { 200: dataEnvelope(cbeStudent), ...readErrors },
      },
    },
    async (request) => ({ data: await service.get(moduleScope(request), request.params.id) }),
  );

  app.post(
    '/cbe/students',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary:
          'Admit a student (the admission number is unique in the workspace, any case), with up to 4 guardians',
        body: cbeStudentBody,
        response: { 201: dataEnvelope(cbeStudent), ...readErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: cbeMessages.created,
        data: await service.create(moduleScope(request), request.body),
      }),
  );

  app.patch(
    '/cbe/students/:id',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary: 'Edit a student (the whole record; the guardians are replaced by the list sent)',
        description: EDIT_VERSION_NOTE,
        params: cbeIdParam,
        headers: ifMatchHeader,
        body: cbeStudentBody,
        response: { 200: dataEnvelope(cbeStudent), ...readErrors, ...errorResponses(412) },
      },
    },
    async (request) => ({
      message: cbeMessages.saved,
      data: await service.update(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.get(
    '/cbe/children',
    {
      config: { action: 'cbe:own' },
      schema: {
        tags,
        security,
        summary: "A guardian's own children: the students whose guardian's e-mail is the caller's",
        querystring: cbeStudentListQuery,
        response: { 200: listEnvelope(cbeStudent), ...readErrors },
      },
    },
    async (request) => service.listOwn(moduleScope(request), request.query),
  );
};
