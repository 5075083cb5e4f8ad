import { listEnvelope, paginationQuery } from '@workhub/shared/schemas/common';
import { plan } from '@workhub/shared/schemas/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { listActivePlans } from './plans.service.ts';

export const planRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The public plan list (active plans)',
        querystring: paginationQuery,
        response: { 200: listEnvelope(plan), ...errorResponses(400) },
      },
    },
    async (request) => listActivePlans(db, request.query.page, request.query.limit),
  );
};
