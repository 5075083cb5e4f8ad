import { operationsMessages } from '@workhub/shared/operations-messages';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import { operationsIdParam } from '@workhub/shared/schemas/operations';
import {
  mrpConfirmBody,
  mrpConfirmResult,
  mrpException,
  mrpExceptionListQuery,
  mrpProposal,
  mrpProposalListQuery,
  mrpRun,
  mrpRunBody,
  mrpRunItem,
  mrpRunListQuery,
  mrpRunOverview,
} from '@workhub/shared/schemas/operations-mrp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { prefersMinimalReturn } from '../../lib/prefer.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { moduleScope } from '../../plugins/module-gate.ts';
import { createMrpConfirmService } from './mrp-confirm.service.ts';
import { createMrpRunService } from './mrp-run.service.ts';
import { runAnswerJson } from './mrp-run-save.ts';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];

/**
 * The MRP run's routes (docs/api.md 'Operations', MRP rows): run, list and read runs and a run's
 * proposals, confirm proposals into orders. Registered from operations.routes.ts, behind the module's gate.
 */
export const mrpRunRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const runs = createMrpRunService(ctx);
  const confirming = createMrpConfirmService(ctx);

  app.post(
    '/mrp/runs',
    {
      config: { action: 'operations:plan' },
      schema: {
        tags,
        security,
        summary: 'Run MRP over every active product, from today (UTC) to today + horizon_days',
        description:
          'Answers the whole run (every proposal and exception). With `Prefer: return=minimal` ' +
          '(RFC 7240) it answers the run without them (`MrpRunOverview`, as GET /overview) and ' +
          '`Preference-Applied: return=minimal`: the web reads them a page at a time.',
        body: mrpRunBody,
        response: {
          201: dataEnvelope(z.union([mrpRun, mrpRunOverview])),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { run, proposalsJson } = await runs.create(moduleScope(request), request.body);
      const message = operationsMessages.mrpRunDone(run.proposals.length);
      if (prefersMinimalReturn(request.headers.prefer)) {
        // A bench-scale run's proposals are 20 MB: not sent to a client that reads them by the page.
        const { proposals: _proposals, exceptions: _exceptions, ...overview } = run;
        return reply
          .status(201)
          .header('preference-applied', 'return=minimal')
          .send({ message, data: mrpRunOverview.parse(overview) });
      }
      const answer = { message, data: run };
      // This answer's own serializer (the response schema documents it): runAnswerJson encodes the
      // run through its schema and reuses the proposals' JSON made to save them.
      return reply
        .status(201)
        .type('application/json; charset=utf-8')
        .serializer(() => runAnswerJson(answer.message, answer.data, proposalsJson))
        .send(answer);
    },
  );

  app.get(
    '/mrp/runs',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: "The workspace's MRP runs, newest first (without their proposals)",
        querystring: mrpRunListQuery,
        response: { 200: listEnvelope(mrpRunItem), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => runs.list(moduleScope(request), request.query),
  );

  app.get(
    '/mrp/runs/:id',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: 'One MRP run with every proposal (planning order) and its exceptions',
        params: operationsIdParam,
        response: { 200: dataEnvelope(mrpRun), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await runs.get(moduleScope(request), request.params.id) }),
  );

  app.get(
    '/mrp/runs/:id/overview',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: 'One MRP run without its proposals and exceptions: its summary and counts',
        params: operationsIdParam,
        response: { 200: dataEnvelope(mrpRunOverview), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await runs.overview(moduleScope(request), request.params.id) }),
  );

  app.get(
    '/mrp/runs/:id/exceptions',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: "A page of a run's exceptions, the serious ones first, optionally of one kind",
        params: operationsIdParam,
        querystring: mrpExceptionListQuery,
        response: { 200: listEnvelope(mrpException), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => runs.exceptions(moduleScope(request), request.params.id, request.query),
  );

  app.get(
    '/mrp/runs/:id/proposals',
    {
      config: { action: 'operations:read' },
      schema: {
        tags,
        security,
        summary: "A page of a run's proposals, filtered by id, product, kind, past due or status",
        params: operationsIdParam,
        querystring: mrpProposalListQuery,
        response: { 200: listEnvelope(mrpProposal), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => runs.proposals(moduleScope(request), request.params.id, request.query),
  );

  app.post(
    '/mrp/runs/:id/confirm',
    {
      config: { action: 'operations:plan' },
      schema: {
        tags,
        security,
        summary:
          'Confirm proposals of the latest run: draft purchase orders (one per product) and planned work orders',
        params: operationsIdParam,
        body: mrpConfirmBody,
        response: { 201: dataEnvelope(mrpConfirmResult), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await confirming.confirm(
        moduleScope(request),
        request.params.id,
        request.body.proposal_ids,
      );
      return reply.status(201).send({
        message: operationsMessages.proposalsConfirmed(
          result.purchase_orders.length,
          result.work_orders.length,
        ),
        data: result,
      });
    },
  );
};
