import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NotFoundFallback } from './errors.ts';

const HASHED_ASSET = /\/assets\//;
/** A path with a segment starting with a dot (dist/.vite/manifest.json): never served. */
const DOT_SEGMENT = /(^|\/)\./;

/**
 * Serves the built SPA when WEB_DIST exists. Vite's hashed assets are cached for good; index.html
 * never, so a deploy is picked up on the next load. The web build writes a .br and a .gz beside each
 * text file; they are sent as they are to a browser that accepts them (`preCompressed`). Dot files
 * and folders (the Vite manifest) answer 404. Returns the not-found fallback that answers
 * index.html for client-side routes.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
): Promise<NotFoundFallback | undefined> {
  if (!existsSync(webDist)) {
    app.log.info({ webDist }, 'no built web app: serving the API only');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    cacheControl: false,
    preCompressed: true,
    dotfiles: 'ignore',
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const index = join(webDist, 'index.html');
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      !isPage ||
      path === '/api' ||
      path.startsWith('/api/') ||
      path.startsWith('/uploads/') ||
      HASHED_ASSET.test(path) ||
      DOT_SEGMENT.test(path) ||
      !existsSync(index)
    ) {
      return undefined;
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  };
}
