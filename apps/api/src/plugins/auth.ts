import { ACCESS_TOKEN_TTL_SECONDS } from '@workhub/shared/constants';
import { type Action, type Auth, can, type Resource } from '@workhub/shared/permissions';
import { type AccessTokenClaims, accessTokenClaims } from '@workhub/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../lib/clock.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified claims of the Bearer token, or null when there is none or it is not valid. */
    auth: AccessTokenClaims | null;
  }
}

export type AccessTokens = {
  sign(claims: Omit<AccessTokenClaims, 'exp'>): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<AccessTokenClaims | null>;
};

/** HS256 access tokens carrying exactly the claims of `accessTokenClaims`, timed by the app's clock. */
export function createAccessTokens(secret: string, now: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const exp = Math.floor(now().getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const claims = accessTokenClaims.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
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

/**
 * 403 unless can() allows the action (docs/permissions.md). Services call it with the live `auth`
 * of their tenant scope (the role read from the membership, not the token's possibly stale one),
 * and for a record only after finding it in the caller's tenant: another tenant's record is a 404
 * before any permission is asked.
 */
export function assertCan(auth: Auth, action: Action, resource?: Resource): void {
  if (!can(auth, action, resource)) throw forbidden();
}
