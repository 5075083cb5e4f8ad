import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/** How long a command may take before Redis counts as unavailable (the caller falls back). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command on a connection that still looks open, how long before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 1000;

export const REDIS_DOWN_MESSAGE = 'Redis unavailable: rate limits are per process until it returns';
export const REDIS_BACK_MESSAGE = 'Redis is back: rate limits are shared again';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Why Redis failed, for the log: an error code or a short message, never a URL's credentials. */
export function redisFailureReason(err: unknown): string {
  if (err && typeof err === 'object') {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.length > 0) return code;
    const message = (err as { message?: unknown }).message;
    if (typeof message === 'string') return message.replace(/\/\/[^@\s/]*@/g, '//[redacted]@').slice(0, 200);
  }
  return 'unknown error';
}

const CLIENT_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 0,
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2000,
  // Reconnect soon after a loss, then every 2 s at most, for ever.
  retryStrategy: (times) => Math.min(100 * times, 2000),
};

/**
 * The app's one Redis connection and whether Redis can be used right now. Redis is shared state
 * that the app can live without for a while (rate-limit counters): while it is down, callers use
 * their in-process fallback, and no request waits for it. ioredis is set up to fail at once when
 * not connected (no offline queue, no retry of a command) and to give up on a command after
 * REDIS_COMMAND_TIMEOUT_MS (a server that stopped answering); it reconnects in the background.
 * The log says once that Redis is gone and once that it is back.
 */
export class RedisLink {
  readonly client: Redis;
  readonly #log: Log;
  readonly #now: () => number;
  #state: 'starting' | 'up' | 'down' = 'starting';
  #retryAt = 0;
  #closing = false;

  /** Use openRedisLink(), which loads ioredis and connects. */
  constructor(client: Redis, log: Log, now: () => number = Date.now) {
    this.#log = log;
    this.#now = now;
    this.client = client;
    // Without a listener ioredis prints every failed reconnect to stderr.
    this.client.on('error', (err: unknown) => this.failed(err));
    this.client.on('close', () => {
      if (!this.#closing && this.#state === 'up') this.failed({ code: 'CONNECTION_CLOSED' });
    });
    this.client.on('ready', () => {
      this.#retryAt = 0;
      this.succeeded();
    });
  }

  /** Whether to send a command now: connected, and not just failed on this connection. */
  usable(): boolean {
    return this.client.status === 'ready' && this.#now() >= this.#retryAt;
  }

  /** 'up' once Redis has answered, 'down' from a failure until it answers again. */
  get state(): 'starting' | 'up' | 'down' {
    return this.#state;
  }

  /** A command answered (or the connection became ready). */
  succeeded(): void {
    if (this.#state === 'down') this.#log.info(REDIS_BACK_MESSAGE);
    this.#state = 'up';
  }

  /** A command or the connection failed: fall back for now, and say so once. */
  failed(err: unknown): void {
    if (this.#closing) return;
    this.#retryAt = this.#now() + REDIS_RETRY_AFTER_MS;
    if (this.#state !== 'down') this.#log.warn({ reason: redisFailureReason(err) }, REDIS_DOWN_MESSAGE);
    this.#state = 'down';
  }

  async close(): Promise<void> {
    this.#closing = true;
    if (this.client.status === 'ready') {
      try {
        await this.client.quit();
        return;
      } catch {
        // Fall through: drop the connection.
      }
    }
    this.client.disconnect();
  }
}

/**
 * Connects to Redis at `url`. ioredis is loaded here, when REDIS_URL is set, not with the server:
 * loading it took ~0.1 s of a cold start that mostly goes without Redis (the embedded default).
 */
export async function openRedisLink(url: string, log: Log, now?: () => number): Promise<RedisLink> {
  const { Redis } = await import('ioredis');
  return new RedisLink(new Redis(url, CLIENT_OPTIONS), log, now);
}
