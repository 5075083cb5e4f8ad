import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's response headers for these options, worked out once. They are the same for every
 * request (no CSP nonce is used), so there is no reason to run helmet's middleware per request, as
 * `@fastify/helmet` does (it even builds the middleware again for each one).
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  let called = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    called = true;
    failure = error;
  });
  if (!called || failure) throw new Error(`helmet refused its options: ${String(failure ?? 'no answer')}`);
  return [...headers];
}

/**
 * Sets those headers on every response, before any route runs (as @fastify/helmet's onRequest did).
 * No page of the app is ever framed: X-Frame-Options DENY (helmet's default is SAMEORIGIN), beside
 * the CSP's `frame-ancestors 'none'` for the browsers that read only the older header.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options).map(
    ([name, value]) => [name, name === 'x-frame-options' ? 'DENY' : value] as const,
  );
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
