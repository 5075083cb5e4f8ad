import { messages } from '@workhub/shared/messages';
import {
  billingOverview,
  checkoutBody,
  checkoutParams,
  checkoutPreview,
  checkoutResult,
  invoice,
} from '@workhub/shared/schemas/billing';
import { dataEnvelope, listEnvelope, paginationQuery } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { allowReadOnlyRoutes } from '../../plugins/subscription-access.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  // Billing and checkout are how a read-only account gets its access back.
  allowReadOnlyRoutes(app);

  app.get(
    '/billing',
    {
      schema: {
        tags,
        security,
        summary: "The account's plan, subscription and access (owner only)",
        response: { 200: dataEnvelope(billingOverview), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await billing.overview(requireAuth(request)) }),
  );

  app.get(
    '/billing/invoices',
    {
      schema: {
        tags,
        security,
        summary: "The account's invoices, newest first (owner only)",
        querystring: paginationQuery,
        response: { 200: listEnvelope(invoice), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => billing.listInvoices(requireAuth(request), request.query),
  );

  app.get(
    '/billing/checkout/:planId',
    {
      schema: {
        tags,
        security,
        summary: 'What buying the plan now would cost and cover (owner only)',
        params: checkoutParams,
        response: { 200: dataEnvelope(checkoutPreview), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await billing.preview(requireAuth(request), request.params.planId) }),
  );

  app.post(
    '/billing/checkout',
    {
      schema: {
        tags,
        security,
        summary: 'Buy one period of a paid plan: moves the subscription and issues an invoice (owner only)',
        description:
          'Send an idempotency_key (one per checkout attempt): a retry with the same key answers the first result and charges nothing more; the same key for another plan is a 409. Send expected_amount and expected_month as the preview showed them: a plan edited since is a 409, not a charge of a price never shown.',
        body: checkoutBody,
        response: { 201: dataEnvelope(checkoutResult), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.checkoutDone,
        data: await billing.checkout(
          requireAuth(request),
          request.body.plan_id,
          request.body.idempotency_key,
          { amount: request.body.expected_amount, month: request.body.expected_month },
        ),
      }),
  );
};
