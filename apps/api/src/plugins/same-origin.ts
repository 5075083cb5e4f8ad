import { messages } from '@workhub/shared/messages';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden } from '../lib/app-error.ts';

/**
 * The onRequest hook of every route that reads or sets the refresh cookie: a request sent by
 * another site's page is refused (403) before it can rotate, revoke or set a session. SameSite=Strict
 * keeps the cookie off most of them already; this also covers the ones it does not (a sibling
 * subdomain, an old browser, a login or logout CSRF that needs no cookie at all).
 *
 * Allowed: an Origin equal to the app's public origin, or whose host is the request's own Host
 * (the same server reached by another name, or the Vite dev server's proxy). With no Origin, only
 * `Sec-Fetch-Site: cross-site` is refused; a client that sends neither (curl, a server, app.inject)
 * is no browser and carries no one else's cookie.
 */
export function refuseCrossSite(publicUrl: string): onRequestAsyncHookHandler {
  const ownOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(messages.crossSiteRefused);
      return;
    }
    if (origin === ownOrigin || hostOf(origin) === request.headers.host) return;
    throw forbidden(messages.crossSiteRefused);
  };
}

/** The host:port of an Origin header, or undefined for `null` and anything unparsable. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined;
  } catch {
    return undefined;
  }
}
