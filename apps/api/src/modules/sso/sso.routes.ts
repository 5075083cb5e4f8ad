import type { IdentityProvider } from '@workhub/shared/enums';
import { landingPath } from '@workhub/shared/landing';
import { messages } from '@workhub/shared/messages';
import { dataEnvelope } from '@workhub/shared/schemas/common';
import {
  providerCallbackQuery,
  providerParams,
  providerStartQuery,
  signInProvider,
} from '@workhub/shared/schemas/sso';
import { SSO_DEFAULT_NEXT, type SsoError, safeNextPath } from '@workhub/shared/sso';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { clientMeta, sessionCookie } from '../auth/session-cookie.ts';
import { callbackUrl } from './provider-clients.ts';
import type { SsoService } from './sso.service.ts';
import type { ProviderClient } from './sso-clients.ts';
import {
  SSO_STATE_COOKIE,
  SSO_STATE_COOKIE_PATH,
  SSO_STATE_TTL_SECONDS,
  type SsoStateCodec,
} from './sso-state.ts';

type Options = {
  sso: SsoService;
  /** The configured providers only. */
  clients: Partial<Record<IdentityProvider, ProviderClient>>;
  stateCodec: SsoStateCodec;
  /** The sign-in rate limit of the auth routes (per IP). */
  rateLimit: preValidationAsyncHookHandler;
  publicUrl: string;
  secureCookies: boolean;
};

const tags = ['auth'];
const LOGIN_PAGE = '/auth/login';
const redirect = z.undefined().describe('302 to the provider, or back to the web app');

/** What the sign-in screen is told (?sso_error=) for an error met on the way. */
function ssoErrorOf(err: unknown): SsoError {
  if (!isAppError(err)) return 'failed';
  switch (err.code) {
    case 'EMAIL_NOT_VERIFIED':
      return 'email_unverified';
    case 'ACCOUNT_INACTIVE':
      return 'inactive';
    case 'RATE_LIMITED':
      return 'rate_limited';
    default:
      return 'failed';
  }
}

export const ssoRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { sso, clients, stateCodec, rateLimit, publicUrl, secureCookies },
) => {
  const cookie = sessionCookie(secureCookies);
  // Lax, not Strict: the provider's redirect back to the callback is a cross-site navigation.
  const stateCookie = {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    path: SSO_STATE_COOKIE_PATH,
  } as const;

  const clientOf = (provider: IdentityProvider): ProviderClient => {
    const client = clients[provider];
    if (!client) throw new AppError(404, 'NOT_FOUND', messages.providerNotConfigured);
    return client;
  };
  const backToLogin = (reply: FastifyReply, error: SsoError) =>
    reply.redirect(`${LOGIN_PAGE}?sso_error=${error}`, 302);

  app.get(
    '/providers',
    {
      schema: {
        tags,
        summary: 'The sign-in providers and whether each is configured (the sign-in screen buttons)',
        response: { 200: dataEnvelope(z.array(signInProvider)) },
      },
    },
    async () => ({ data: sso.providers() }),
  );

  app.get(
    '/oauth/:provider/start',
    {
      schema: {
        tags,
        summary: 'Start a provider sign-in: 302 to the provider, with the state cookie',
        description:
          'State, PKCE verifier (and OIDC nonce) travel in an encrypted httpOnly SameSite=Lax cookie for 10 minutes. `next` (a path of this site) is where the browser lands once signed in. 404 when the provider is not configured; a failure on the way goes to /auth/login?sso_error=.',
        params: providerParams,
        querystring: providerStartQuery,
        response: { 302: redirect, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const client = clientOf(provider);
      try {
        await rateLimit.call(app, request, reply);
        const { url, checks } = await client.start();
        const sealed = await stateCodec.seal({ provider, ...checks, next: safeNextPath(request.query.next) });
        reply.setCookie(SSO_STATE_COOKIE, sealed, { ...stateCookie, maxAge: SSO_STATE_TTL_SECONDS });
        return reply.redirect(url.href, 302);
      } catch (err) {
        if (!isAppError(err)) request.log.warn({ err, provider }, 'provider sign-in could not start');
        return backToLogin(reply, ssoErrorOf(err));
      }
    },
  );

  /** The callback's query, exactly as the provider sent it, on the registered redirect URL. */
  const currentUrl = (request: FastifyRequest, provider: IdentityProvider) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return new URL(`${callbackUrl(publicUrl, provider)}${query}`);
  };

  app.get(
    '/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary: 'The provider sends the browser back here: sign in, then 302 into the app',
        description:
          'Checks the state cookie, exchanges the code, reads the e-mail (it must be verified by the provider), then signs in the linked user, links the user of that e-mail, or creates a verified account holder. Sets the refresh cookie and goes to `next` (default /workspace); a failure goes to /auth/login?sso_error=failed|email_unverified|inactive|rate_limited.',
        params: providerParams,
        querystring: providerCallbackQuery,
        response: { 302: redirect, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const client = clientOf(provider);
      const attempt = await stateCodec.open(request.cookies[SSO_STATE_COOKIE], provider);
      reply.clearCookie(SSO_STATE_COOKIE, stateCookie);
      try {
        await rateLimit.call(app, request, reply);
        if (!attempt || request.query.error) return backToLogin(reply, 'failed');
        const profile = await client.finish(currentUrl(request, provider), attempt);
        const signedIn = await sso.signInWith(profile, clientMeta(request));
        cookie.signedIn(reply, signedIn);
        // Without an explicit `next`, land where a password sign-in lands: the reopened workspace.
        const next =
          attempt.next === SSO_DEFAULT_NEXT ? landingPath(signedIn.session.user.workspace) : attempt.next;
        return reply.redirect(next, 302);
      } catch (err) {
        if (!isAppError(err)) request.log.warn({ err, provider }, 'provider sign-in failed');
        return backToLogin(reply, ssoErrorOf(err));
      }
    },
  );
};
