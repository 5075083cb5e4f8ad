import { messages } from '@workhub/shared/messages';
import { activeSession, changePasswordBody } from '@workhub/shared/schemas/account';
import { dataEnvelope, messageEnvelope } from '@workhub/shared/schemas/common';
import { idParam } from '@workhub/shared/schemas/workspaces';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { allowReadOnlyRoutes } from '../../plugins/subscription-access.ts';
import type { SecurityService } from './security.service.ts';

type Options = {
  security: SecurityService;
  /** Counts every password try per IP and per signed-in user (plugins/rate-limit.ts). */
  rateLimit: preValidationAsyncHookHandler;
};

const tags = ['me'];
const security = [{ bearerAuth: [] }];

export const securityRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { security: service, rateLimit },
) => {
  // The user's own password and sessions are theirs, not the account's.
  allowReadOnlyRoutes(app);
  app.post(
    '/me/password',
    {
      preValidation: rateLimit,
      schema: {
        tags,
        security,
        summary: 'Change the password (asks the current one); signs out every other session',
        body: changePasswordBody,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      await service.changePassword(requireAuth(request), request.body);
      return { message: messages.passwordChanged };
    },
  );

  app.get(
    '/me/sessions',
    {
      schema: {
        tags,
        security,
        summary: "The user's active sessions (one per sign-in); `current` marks the one asking",
        response: { 200: dataEnvelope(z.array(activeSession)), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await service.listSessions(requireAuth(request)) }),
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Sign one session out: its refresh tokens are revoked',
        params: idParam,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.revokeSession(requireAuth(request), request.params.id);
      return { message: messages.sessionRevoked };
    },
  );

  app.delete(
    '/me/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Sign every other session out',
        response: { 200: messageEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => {
      await service.revokeOtherSessions(requireAuth(request));
      return { message: messages.sessionsRevoked };
    },
  );
};
