import {
  cbeArrear,
  cbeArrearsQuery,
  cbeFeeStructure,
  cbeFeeStructureBody,
  cbeIdParam,
  cbeInvoice,
  cbeInvoiceGenerateBody,
  cbeInvoiceListQuery,
  cbeListQuery,
  cbeMessages,
  cbePayment,
  cbePaymentBody,
  cbePaymentListQuery,
  cbeStatement,
} from '@workhub/shared/schemas/cbe';
import { dataEnvelope, idField, listEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import { csvRoute } from './cbe-export.routes.ts';
import type { CbeFeeService } from './cbe-fees.service.ts';
import { guardedBy, guardianEmailOf } from './cbe-students.service.ts';

const structureQuery = cbeListQuery.extend({ term_id: idField().optional() });

/**
 * Fee structures, invoices, payments, statements and the arrears list: read under cbe:fees (the
 * school's administration), written under cbe:manage; a guardian's own child's statement under cbe:own.
 */
export const cbeFeeRoutes: FastifyPluginAsyncZod<{ ctx: Ctx; service: CbeFeeService }> = async (
  app,
  { ctx, service },
) => {
  app.get(
    '/cbe/fee-structures',
    {
      config: { action: 'cbe:fees' },
      schema: {
        tags,
        security,
        summary: 'The fee structures (one per grade and term; q: grade name contains; term_id)',
        querystring: structureQuery,
        response: { 200: listEnvelope(cbeFeeStructure), ...readErrors },
      },
    },
    async (request) => service.listStructures(moduleScope(request), request.query),
  );
  csvRoute(app, 'fee-structures', 'fee structures', structureQuery, service.exportStructures, 'cbe:fees');
  app.post(
    '/cbe/fee-structures',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary: "Set a grade's fee for a term (once per grade and term: 409)",
        body: cbeFeeStructureBody,
        response: { 201: dataEnvelope(cbeFeeStructure), ...readErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: cbeMessages.created,
        data: await service.createStructure(moduleScope(request), request.body),
      }),
  );
  app.get(
    '/cbe/fee-structures/:id',
    {
      config: { action: 'cbe:fees' },
      schema: {
        tags,
        security,
        summary: 'One fee structure, with its version (updated_at)',
        params: cbeIdParam,
        response: { 200: dataEnvelope(cbeFeeStructure), ...readErrors },
      },
    },
    async (request) => ({ data: await service.structureById(moduleScope(request), request.params.id) }),
  );
  app.patch(
    '/cbe/fee-structures/:id',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary: 'Edit a fee structure (invoices already issued keep their amount)',
        description: EDIT_VERSION_NOTE,
        params: cbeIdParam,
        headers: ifMatchHeader,
        body: cbeFeeStructureBody,
        response: { 200: dataEnvelope(cbeFeeStructure), ...readErrors, ...errorResponses(412) },
      },
    },
    async (request) => ({
      message: cbeMessages.saved,
      data: await service.updateStructure(
        moduleScope(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.get(
    '/cbe/invoices',
    {
      config: { action: 'cbe:fees' },
      schema: {
        tags,
        security,
        summary: 'The invoices (q: student; term_id, class_id, student_id, unpaid; pages)',
        querystring: cbeInvoiceListQuery,
        response: { 200: listEnvelope(cbeInvoice), ...readErrors },
      },
    },
    async (request) => service.listInvoices(moduleScope(request), request.query),
  );
  csvRoute(app, 'invoices', 'invoice list', cbeInvoiceListQuery, service.exportInvoices, 'cbe:fees');
  app.post(
    '/cbe/invoices/generate',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary:
          "Invoice every active student of a class for a term at the grade's fee; students already invoiced are skipped",
        body: cbeInvoiceGenerateBody,
        response: { 200: dataEnvelope(z.object({ created: z.number().int() })), ...readErrors },
      },
    },
    async (request) => ({
      message: cbeMessages.saved,
      data: await service.generateInvoices(moduleScope(request), request.body),
    }),
  );

  app.get(
    '/cbe/payments',
    {
      config: { action: 'cbe:fees' },
      schema: {
        tags,
        security,
        summary: 'The payments (q: student; student_id; pages), newest first',
        querystring: cbePaymentListQuery,
        response: { 200: listEnvelope(cbePayment), ...readErrors },
      },
    },
    async (request) => service.listPayments(moduleScope(request), request.query),
  );
  csvRoute(app, 'payments', 'payments', cbePaymentListQuery, service.exportPayments, 'cbe:fees');
  app.post(
    '/cbe/payments',
    {
      config: { action: 'cbe:manage' },
      schema: {
        tags,
        security,
        summary:
          "Record a payment against an invoice (never more than its balance: 409), under the invoice's row lock",
        body: cbePaymentBody,
        response: { 201: dataEnvelope(cbePayment), ...readErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: cbeMessages.paymentRecorded,
        data: await service.recordPayment(moduleScope(request), request.body),
      }),
  );

  app.get(
    '/cbe/students/:id/statement',
    {
      config: { action: 'cbe:fees' },
      schema: {
        tags,
        security,
        summary: "A student's fee statement: invoices and payments in date order with the running balance",
        params: cbeIdParam,
        response: { 200: dataEnvelope(cbeStatement), ...readErrors },
      },
    },
    async (request) => ({ data: await service.statement(moduleScope(request), request.params.id) }),
  );
  app.get(
    '/cbe/children/:id/statement',
    {
      config: { action: 'cbe:own' },
      schema: {
        tags,
        security,
        summary: "A guardian's own child's fee statement (another student is a 404)",
        params: cbeIdParam,
        response: { 200: dataEnvelope(cbeStatement), ...readErrors },
      },
    },
    async (request) => {
      const scope = moduleScope(request);
      const own = guardedBy(await guardianEmailOf(ctx, scope));
      return { data: await service.statement(scope, request.params.id, own) };
    },
  );

  app.get(
    '/cbe/arrears',
    {
      config: { action: 'cbe:fees' },
      schema: {
        tags,
        security,
        summary:
          'The students in arrears (invoiced more than paid), largest balance first (q, class_id; pages)',
        querystring: cbeArrearsQuery,
        response: { 200: listEnvelope(cbeArrear), ...readErrors },
      },
    },
    async (request) => service.arrears(moduleScope(request), request.query),
  );
  csvRoute(app, 'arrears', 'arrears list', cbeArrearsQuery, service.exportArrears, 'cbe:fees');
};
