import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { AccessTokens } from './lib/access-tokens.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './modules/mail/mailer.ts';

/** What every service gets: no HTTP, only the database, the clock and the outside world. */
export type Ctx = {
  db: Db;
  now: Clock;
  config: Config;
  mailer: Mailer;
  tokens: AccessTokens;
  log: FastifyBaseLogger;
};
