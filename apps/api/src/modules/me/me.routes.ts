import { sessionUser } from '@workhub/shared/schemas/auth';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { currentUser } from './me.service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: dataEnvelope(sessionUser), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await currentUser(db, requireAuth(request)) }),
  );
};
