import { messages } from '@workhub/shared/messages';
import { dataEnvelope, listEnvelope, paginationQuery } from '@workhub/shared/schemas/common';
import {
  adminPlan,
  planBody,
  planIdParams,
  planStatusBody,
  planUpdateBody,
} from '@workhub/shared/schemas/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editVersionOf } from '../../lib/edit-version.ts';
import { EDIT_VERSION_NOTE, errorResponses, ifMatchHeader } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { AdminPlanService } from './admin-plans.service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const planResponse = dataEnvelope(adminPlan);

/** Plan administration (/subscription_type, /subscription/{id}): platform staff only. */
export const adminPlanRoutes: FastifyPluginAsyncZod<{ plans: AdminPlanService }> = async (app, { plans }) => {
  app.get(
    '/admin/plans',
    {
      schema: {
        tags,
        security,
        summary: 'Every plan, active or not',
        querystring: paginationQuery,
        response: { 200: listEnvelope(adminPlan), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => plans.listPlans(requireAuth(request), request.query.page, request.query.limit),
  );

  app.post(
    '/admin/plans',
    {
      schema: {
        tags,
        security,
        summary: 'Add a plan',
        body: planBody,
        response: { 201: planResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.planCreated,
        data: await plans.createPlan(requireAuth(request), request.body),
      }),
  );

  app.get(
    '/admin/plans/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One plan',
        params: planIdParams,
        response: { 200: planResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await plans.getPlan(requireAuth(request), request.params.id) }),
  );

  app.patch(
    '/admin/plans/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a plan (every field of the form)',
        description: `A status left out keeps the plan's status. Plan 1 (the free trial) cannot be made inactive: 409. ${EDIT_VERSION_NOTE}`,
        params: planIdParams,
        headers: ifMatchHeader,
        body: planUpdateBody,
        response: { 200: planResponse, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => ({
      message: messages.updateDone,
      data: await plans.updatePlan(
        requireAuth(request),
        request.params.id,
        request.body,
        editVersionOf(request.headers['if-match']),
      ),
    }),
  );

  app.patch(
    '/admin/plans/:id/status',
    {
      schema: {
        tags,
        security,
        summary: "Put a plan on sale ('1') or take it off ('0'); an inactive plan leaves /pricing",
        description: 'Plan 1 (the free trial) cannot be made inactive: 409.',
        params: planIdParams,
        body: planStatusBody,
        response: { 200: planResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.statusToggled,
      data: await plans.setPlanStatus(requireAuth(request), request.params.id, request.body.status),
    }),
  );
};
