import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX } from '../modules/workspaces/logo-storage.ts';

/**
 * Serves DATA_DIR/uploads at /uploads/ (workspace logos). Every file has a random name that is
 * never reused, so it may be cached for good; nothing is listed, and a missing file is a 404.
 */
export async function registerUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = join(dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_URL_PREFIX,
    // The web app's static plugin decorates the reply; this one must not do it a second time.
    decorateReply: false,
    index: false,
    list: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
