import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../lib/app-error.ts';
import { hasVerifiedToken } from './auth.ts';

/**
 * The API routes a caller with no token may call (method and route pattern as Fastify names
 * them). Besides these, only the public pages' API (`/api/public/`, behind the slug gate) and the
 * API's documentation (`/api/docs`) are open; test/matrix.ts's PUBLIC_ROUTES lists them all.
 */
export const ANONYMOUS_API_ROUTES: readonly string[] = [
  // Probes of the load balancer and the orchestrator.
  'GET /api/health',
  'GET /api/ready',
  // The plans of the public pricing page.
  'GET /api/plans',
  // Signing up and in: the caller has no token yet. refresh, session and logout read the refresh
  // cookie instead (and refuse a foreign Origin).
  'POST /api/auth/register',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-code',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/new-password',
  'POST /api/auth/refresh',
  'POST /api/auth/session',
  'POST /api/auth/logout',
  // Single sign-on: the providers offered on the login page, then the round trip to one.
  'GET /api/auth/providers',
  'GET /api/auth/oauth/:provider/start',
  'GET /api/auth/oauth/:provider/callback',
  // The invitation link: its invitee may have no login yet, and accepts with a name and password.
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/accept',
];

/**
 * Routes whose credential is the refresh cookie, not a Bearer token: they check it themselves (401
 * without a usable one), so a caller whose access token has expired can still use them.
 */
export const COOKIE_API_ROUTES: readonly string[] = ['POST /api/auth/workspace-session'];

const open = new Set([...ANONYMOUS_API_ROUTES, ...COOKIE_API_ROUTES]);
const OPEN_PREFIXES = ['/api/public/', '/api/docs'];

/**
 * Every other API route answers 401 to a request without a token (or with one whose signature
 * does not hold) before its body is read or validated: an anonymous caller learns nothing of what
 * a route expects, and is told to sign in rather than how to fix a body it may not send. A token
 * whose signature holds goes on to the session check (plugins/auth.ts), which may still refuse
 * it. A path that names no route is left to the 404 handler.
 */
export function registerSignInRequired(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasVerifiedToken(request)) return;
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/')) return;
    if (OPEN_PREFIXES.some((prefix) => route.startsWith(prefix))) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (open.has(`${method} ${route}`)) return;
    throw unauthorized();
  });
}
