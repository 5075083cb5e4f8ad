import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NotFoundFallback } from './errors.ts';

const HASHED_ASSET = /\/assets\//;
/** A path with a segment starting with a dot (dist/.vite/manifest.json): never served. */
const DOT_SEGMENT = /(^|\/)\./;

/** The path as the router sees it (`%40` as `@`); a malformed escape is left as it is. */
const decodePath = (path: string): string => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

/** The route @fastify/static registers for the files under its prefix ('/'). */
const FILES_ROUTE = '/*';

const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** Longer than a file name can be (255 bytes on the file systems we serve from). */
const NAME_MAX = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: no file name holds a control character.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether an address could name a file of the build: no control character, no '.' or '..' part,
 * no empty part but a last one ('/' and '/dir/'), no part longer than a file name.
 */
function mayNameFile(path: string): boolean {
  const decoded = decodePath(path);
  if (CONTROL.test(decoded)) return false;
  const parts = decoded.split('/').slice(1);
  return parts.every(
    (part, i) =>
      part !== '.' &&
      part !== '..' &&
      (part !== '' || i === parts.length - 1) &&
      Buffer.byteLength(part) <= NAME_MAX,
  );
}

/** An HTML file of the build's own folder, by a plain name. */
const HTML_NAME = /^[\w-]+\.html$/;

/**
 * Which HTML a page's address gets. The web build (apps/web/build/signed-in-html.ts) writes
 * `.vite/pages.json`: the public addresses as regular expressions, with the HTML of those whose page
 * has chunks of its own (`publicHtml`: index.html that also preloads them, `public-pricing.html`),
 * and the file for every other address (`app.html`: index.html that also preloads the signed-in
 * route table and shell). Without it (an older build), or when it or the file it names is missing
 * or malformed, every page gets index.html; a public address whose own file is missing or
 * malformed gets index.html: the pages work the same, their chunks just load later.
 */
export function htmlForPath(webDist: string): (path: string) => string {
  const indexOnly = () => 'index.html';
  const pagesFile = join(webDist, '.vite', 'pages.json');
  if (!existsSync(pagesFile)) return indexOnly;
  let pages: unknown;
  try {
    pages = JSON.parse(readFileSync(pagesFile, 'utf8'));
  } catch {
    return indexOnly;
  }
  const { publicPaths, publicHtml, signedInHtml } = (pages ?? {}) as {
    publicPaths?: unknown;
    publicHtml?: unknown;
    signedInHtml?: unknown;
  };
  const isFile = (name: unknown): name is string =>
    typeof name === 'string' && HTML_NAME.test(name) && existsSync(join(webDist, name));
  if (
    !Array.isArray(publicPaths) ||
    !publicPaths.every((source) => typeof source === 'string') ||
    !isFile(signedInHtml)
  ) {
    return indexOnly;
  }
  const own =
    publicHtml !== null && typeof publicHtml === 'object' ? (publicHtml as Record<string, unknown>) : {};
  const publicPages = publicPaths.map((source: string) => {
    const html = Object.hasOwn(own, source) ? own[source] : undefined;
    return { pattern: new RegExp(source, 'i'), html: isFile(html) ? html : 'index.html' };
  });
  return (path) => publicPages.find(({ pattern }) => pattern.test(path))?.html ?? signedInHtml;
}

/**
 * Serves the built SPA when WEB_DIST exists. Vite's hashed assets are cached for good; index.html
 * never, so a deploy is picked up on the next load. The web build writes a .br and a .gz beside each
 * text file; they are sent as they are to a browser that accepts them (`preCompressed`). Dot files
 * and folders (the Vite manifest) answer 404. Returns the not-found fallback that answers
 * index.html (or app.html, htmlForPath) for client-side routes.
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
  // The files' catch-all route answers 403 'You are not allowed to do this' for an address no file
  // can have (a control character, a '.' or '..' or empty part, a part longer than a file name),
  // before any 404. Such an address goes to the not-found handler instead, as does any unknown
  // address under /api/: the API's 404, or a page's HTML (whose router shows its own not-found
  // page). A callback hook: an API request pays one comparison, no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url === FILES_ROUTE) {
      const path = request.url.split('?')[0] ?? '';
      if (isApiPath(path) || !mayNameFile(path)) {
        reply.callNotFound();
        return;
      }
    }
    done();
  });
  const index = join(webDist, 'index.html');
  const htmlFor = htmlForPath(webDist);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      !isPage ||
      isApiPath(path) ||
      path.startsWith('/uploads/') ||
      HASHED_ASSET.test(path) ||
      DOT_SEGMENT.test(path) ||
      !existsSync(index)
    ) {
      return undefined;
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile(htmlFor(decodePath(path)));
  };
}
