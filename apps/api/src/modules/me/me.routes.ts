import { PAGE_SIZE_MAX } from '@workhub/shared/constants';
import { sessionUser } from '@workhub/shared/schemas/auth';
import { dataEnvelope, listEnvelope, paginationQuery } from '@workhub/shared/schemas/common';
import { myWorkspace } from '@workhub/shared/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { currentUser, myWorkspaces } from './me.service.ts';

const tags = ['me'];
const security = [{ bearerAuth: [] }];
const pickerQuery = paginationQuery.extend({
  limit: paginationQuery.shape.limit.unwrap().default(PAGE_SIZE_MAX),
});

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/me',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user',
        response: { 200: dataEnvelope(sessionUser), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await currentUser(db, requireAuth(request)) }),
  );

  app.get(
    '/me/workspaces',
    {
      schema: {
        tags,
        security,
        summary: 'The workspace picker: active workspaces the user belongs to, owned or joined',
        description: 'Pages of up to 100 (default 100), so the picker normally gets every workspace at once.',
        querystring: pickerQuery,
        response: { 200: listEnvelope(myWorkspace), ...errorResponses(400, 401) },
      },
    },
    async (request) => myWorkspaces(db, requireAuth(request), request.query),
  );
};
