import { PAGE_SIZE_MAX } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { profile, profileBody } from '@workhub/shared/schemas/account';
import { sessionUser } from '@workhub/shared/schemas/auth';
import { dataEnvelope, listEnvelope, paginationQuery } from '@workhub/shared/schemas/common';
import { myWorkspace } from '@workhub/shared/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { allowReadOnlyRoutes } from '../../plugins/subscription-access.ts';
import { currentUser, myWorkspaces } from './me.service.ts';
import { getProfile, updateProfile } from './profile.service.ts';

const tags = ['me'];
const security = [{ bearerAuth: [] }];
const pickerQuery = paginationQuery.extend({
  limit: paginationQuery.shape.limit.unwrap().default(PAGE_SIZE_MAX),
});

export const meRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  // The user's own profile is theirs, not the account's.
  allowReadOnlyRoutes(app);
  const { db } = ctx;
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
    async (request) => ({ data: await currentUser(db, requireAuth(request), ctx.now()) }),
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

  app.get(
    '/me/profile',
    {
      schema: {
        tags,
        security,
        summary: 'The profile form of the signed-in user',
        response: { 200: dataEnvelope(profile), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await getProfile(ctx, requireAuth(request)) }),
  );

  app.patch(
    '/me/profile',
    {
      schema: {
        tags,
        security,
        summary: 'Save the profile form',
        description: 'A field left out stays; an empty one is cleared. A blank first name keeps the old one.',
        body: profileBody,
        response: { 200: dataEnvelope(profile), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: messages.profileUpdated,
      data: await updateProfile(ctx, requireAuth(request), request.body),
    }),
  );
};
