import { messages } from '@workhub/shared/messages';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import { accountSubscription, pickPlanBody } from '@workhub/shared/schemas/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { allowReadOnlyRoutes } from '../../plugins/subscription-access.ts';
import { getAccountSubscription, pickPlan } from './account.service.ts';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  // Read-only accounts may read their subscription; a plan is picked only while the trial runs
  // (pickPlan), and a read-only account gets going again at checkout (billing).
  allowReadOnlyRoutes(app);
  app.get(
    '/account/subscription',
    {
      schema: {
        tags,
        security,
        summary: "The plan and trial of the caller's account",
        response: { 200: dataEnvelope(accountSubscription), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await getAccountSubscription(ctx, requireAuth(request)) }),
  );

  app.put(
    '/account/subscription',
    {
      schema: {
        tags,
        security,
        summary: 'Pick the plan of the account while its free trial runs (account holders only)',
        description: '409 once the trial is over or a plan is paid for: the plan then changes at checkout.',
        body: pickPlanBody,
        response: { 200: dataEnvelope(accountSubscription), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      message: messages.planPicked,
      data: await pickPlan(ctx, requireAuth(request), request.body.subscription_id),
    }),
  );
};
