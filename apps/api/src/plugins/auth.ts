import type { AccessTokenClaims } from '@workhub/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { liveSession } from '../db/live-session.ts';
import { accountInactive, primeMembership } from '../db/tenant-scope.ts';
import type { AccessTokens } from '../lib/access-tokens.ts';
import { unauthorized } from '../lib/app-error.ts';
import { withClientIp } from '../lib/client-ip.ts';
import type { Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified claims of the Bearer token, or null when there is none, or it or its session is not valid. */
    auth: AccessTokenClaims | null;
    /** Set when the token is valid but its holder's accounts were all made inactive (403, not 401). */
    authAccountInactive: boolean;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads `Authorization: Bearer <token>` on every request; routes that need it call requireAuth.
 * A signature is not enough: the token's sign-in (`sid`, its refresh-token family) must still be
 * live and its user active, so logout, "sign out other sessions", a new password and deactivation
 * end the token at once rather than when it expires.
 */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens, db: Db, now: Clock): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authAccountInactive', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await tokens.verify(header.slice(7).trim());
    // Every token issued carries sid; one without (or with a malformed one) has no session to check.
    if (!claims?.sid || !UUID.test(claims.sid) || !UUID.test(claims.user_id)) return;
    const { state, membership } = await liveSession(db, claims, now());
    if (state === 'live') {
      request.auth = claims;
      // Read with the session: the tenant scope of this request does not read it again.
      if (claims.account_id && claims.workspace_id) primeMembership(claims, membership);
    } else if (state === 'account_inactive') request.authAccountInactive = true;
  });
}

export function requireAuth(request: FastifyRequest): AccessTokenClaims {
  if (request.authAccountInactive) throw accountInactive();
  if (!request.auth) throw unauthorized();
  // The audit log's address of the change (lib/client-ip.ts).
  return withClientIp(request.auth, request.ip);
}
