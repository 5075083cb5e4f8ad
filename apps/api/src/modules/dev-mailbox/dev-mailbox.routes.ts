import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { renderDevMailbox } from './dev-mailbox.service.ts';

/** Registered only when mail stays in the outbox (MAIL_TRANSPORT=outbox, app.ts). */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dev-mailbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().trim().max(254).optional() }) } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await renderDevMailbox(db, request.query.to || undefined)),
  );
};
