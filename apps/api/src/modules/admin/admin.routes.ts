import { messages } from '@workhub/shared/messages';
import {
  adminDashboard,
  subscriber,
  subscriberParams,
  subscriberStatusBody,
  subscribersQuery,
} from '@workhub/shared/schemas/admin';
import { dataEnvelope, listEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';
import type { SubscriberService } from './subscribers.service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** The admin dashboard (/dashboard_admin) and the Subscribers table (/team for staff): platform staff only. */
export const adminRoutes: FastifyPluginAsyncZod<{
  dashboard: AdminDashboardService;
  subscribers: SubscriberService;
}> = async (app, { dashboard, subscribers }) => {
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        security,
        summary: 'Platform figures: accounts, weekly sign-ups, active subscriptions per plan, trials ending',
        response: { 200: dataEnvelope(adminDashboard), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await dashboard.figures(requireAuth(request)) }),
  );

  app.get(
    '/admin/subscribers',
    {
      schema: {
        tags,
        security,
        summary: 'Every account holder (one row per account), newest first; q searches names and e-mails',
        querystring: subscribersQuery,
        response: { 200: listEnvelope(subscriber), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => subscribers.list(requireAuth(request), request.query),
  );

  app.patch(
    '/admin/subscribers/:accountId/status',
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate an account; inactive shuts out its holder and every member',
        params: subscriberParams,
        body: subscriberStatusBody,
        response: { 200: dataEnvelope(subscriber), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: messages.subscriberStatusChanged,
      data: await subscribers.setStatus(requireAuth(request), request.params.accountId, request.body.status),
    }),
  );
};
