import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS } from '@workhub/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientMeta, SignedIn } from './sessions.service.ts';

const COOKIE_PATH = '/api/auth';

/**
 * The refresh cookie (httpOnly, SameSite=Strict, path /api/auth) of every route that signs in:
 * the auth routes, and accepting an invitation.
 */
export function sessionCookie(secureCookies: boolean) {
  const options = { httpOnly: true, sameSite: 'strict', secure: secureCookies, path: COOKIE_PATH } as const;
  return {
    /** Sets the new refresh cookie, if any, and answers `{ message?, data: AuthSession }`. */
    signedIn(reply: FastifyReply, { session, refreshToken }: SignedIn, message?: string) {
      if (refreshToken) {
        reply.setCookie(REFRESH_COOKIE, refreshToken, {
          ...options,
          maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
        });
      }
      return message ? { message, data: session } : { data: session };
    },
    clear(reply: FastifyReply) {
      return reply.clearCookie(REFRESH_COOKIE, options);
    },
  };
}

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});
