import {
  cbeGradebook,
  cbeGradebookBody,
  cbeGradebookQuery,
  cbeIdParam,
  cbeListQuery,
  cbeMessages,
  cbeRegister,
  cbeRegisterBody,
  cbeRegisterQuery,
  cbeRemarksBody,
  cbeReportCard,
  cbeReportParams,
  cbeTerm,
} from '@workhub/shared/schemas/cbe';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import type { CbeGradebookService } from './cbe-gradebook.service.ts';
import type { CbeRegisterService } from './cbe-register.service.ts';
import { createCbeSetupService } from './cbe-setup.service.ts';
import { guardedBy, guardianEmailOf } from './cbe-students.service.ts';

const sendPdf = (reply: FastifyReply, file: { filename: string; pdf: Buffer }) =>
  reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    })
    .send(file.pdf);

const pdfResponse = { 200: z.any().describe('The report card, a PDF'), ...readErrors };

/** The class register, the gradebook, the class teacher's remarks and the report cards. */
export const cbeTeachingRoutes: FastifyPluginAsyncZod<{
  ctx: Ctx;
  register: CbeRegisterService;
  gradebook: CbeGradebookService;
}> = async (app, { ctx, register, gradebook }) => {
  app.get(
    '/cbe/classes/:id/register',
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary: "A class's register for a day: each active student with their mark (null: not marked yet)",
        params: cbeIdParam,
        querystring: cbeRegisterQuery,
        response: { 200: dataEnvelope(cbeRegister), ...readErrors },
      },
    },
    async (request) => ({
      data: await register.read(moduleScope(request), request.params.id, request.query.date),
    }),
  );

  app.put(
    '/cbe/classes/:id/register',
    {
      config: { action: 'cbe:teach' },
      schema: {
        tags,
        security,
        summary:
          "Mark the register for a day in one request (present, late or absent with a reason); idempotent. Absent students' guardians are mailed once per student per day",
        params: cbeIdParam,
        body: cbeRegisterBody,
        response: { 200: dataEnvelope(cbeRegister), ...readErrors },
      },
    },
    async (request) => ({
      message: cbeMessages.saved,
      data: await register.mark(moduleScope(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/cbe/classes/:id/gradebook',
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary:
          "A class's rubric gradebook for a learning area and a term: strands, sub-strands, students, levels",
        params: cbeIdParam,
        querystring: cbeGradebookQuery,
        response: { 200: dataEnvelope(cbeGradebook), ...readErrors },
      },
    },
    async (request) => ({
      data: await gradebook.read(
        moduleScope(request),
        request.params.id,
        request.query.learning_area_id,
        request.query.term_id,
      ),
    }),
  );

  app.put(
    '/cbe/classes/:id/gradebook',
    {
      config: { action: 'cbe:teach' },
      schema: {
        tags,
        security,
        summary:
          'Record levels (one of four per student per sub-strand; null removes) and comments; idempotent',
        params: cbeIdParam,
        body: cbeGradebookBody,
        response: { 200: dataEnvelope(cbeGradebook), ...readErrors },
      },
    },
    async (request) => ({
      message: cbeMessages.saved,
      data: await gradebook.write(moduleScope(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/cbe/students/:id/report-cards/:term_id',
    {
      config: { action: 'cbe:read' },
      schema: {
        tags,
        security,
        summary:
          "A student's termly report card as a PDF: levels per learning area and strand, attendance, remarks",
        params: cbeReportParams,
        produces: ['application/pdf'],
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await gradebook.reportCardPdf(moduleScope(request), request.params.id, request.params.term_id),
      ),
  );

  app.put(
    '/cbe/students/:id/report-cards/:term_id/remarks',
    {
      config: { action: 'cbe:teach' },
      schema: {
        tags,
        security,
        summary: "The class teacher's remarks on a student's term; answers the report card's content",
        params: cbeReportParams,
        body: cbeRemarksBody,
        response: { 200: dataEnvelope(cbeReportCard), ...readErrors },
      },
    },
    async (request) => ({
      message: cbeMessages.saved,
      data: await gradebook.setRemarks(
        moduleScope(request),
        request.params.id,
        request.params.term_id,
        request.body.remarks,
      ),
    }),
  );

  const setup = createCbeSetupService(ctx);
  app.get(
    '/cbe/children/terms',
    {
      config: { action: 'cbe:own' },
      schema: {
        tags,
        security,
        summary: "The school's terms, for a guardian to choose a report card's",
        querystring: cbeListQuery,
        response: { 200: listEnvelope(cbeTerm), ...readErrors },
      },
    },
    async (request) => setup.listTerms(moduleScope(request), request.query),
  );

  app.get(
    '/cbe/children/:id/report-cards/:term_id',
    {
      config: { action: 'cbe:own' },
      schema: {
        tags,
        security,
        summary: "A guardian's own child's report card as a PDF (another student is a 404)",
        params: cbeReportParams,
        produces: ['application/pdf'],
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const scope = moduleScope(request);
      const own = guardedBy(await guardianEmailOf(ctx, scope));
      return sendPdf(
        reply,
        await gradebook.reportCardPdf(scope, request.params.id, request.params.term_id, own),
      );
    },
  );
};
