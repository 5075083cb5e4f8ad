import { plainText } from '@workhub/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { renderDevMailbox } from './dev-mailbox.service.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Registered only when mail stays in the outbox (MAIL_TRANSPORT=outbox, app.ts). Every reset code
 * is readable here, so outside development it answers only callers on this machine (the README's
 * `npm start`); anyone else gets the 404 of a route that does not exist.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db; loopbackOnly: boolean }> = async (
  app,
  { db, loopbackOnly },
) => {
  if (loopbackOnly) {
    app.addHook('onRequest', async (request) => {
      if (!LOOPBACK.has(request.ip)) throw notFound();
    });
  }
  app.get(
    '/dev-mailbox',
    { schema: { hide: true, querystring: z.object({ to: plainText(254).optional() }) } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await renderDevMailbox(db, request.query.to || undefined)),
  );
};
