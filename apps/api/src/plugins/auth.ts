import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokens } from '../lib/access-tokens.ts';
import { unauthorized } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified claims of the Bearer token, or null when there is none or it is not valid. */
    auth: AccessTokenClaims | null;
  }
}

/** Reads `Authorization: Bearer <token>` on every request; routes that need it call requireAuth. */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) request.auth = await tokens.verify(header.slice(7).trim());
  });
}

export function requireAuth(request: FastifyRequest): AccessTokenClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
