import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { renderDevMailbox } from './dev-mailbox.service.ts';

/** Registered only when NODE_ENV is not production (app.ts). */
export const devMailboxRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/dev-mailbox', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await renderDevMailbox(db)),
  );
};
