import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { messages } from '@workhub/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { RedisLink } from '../lib/redis-link.ts';

/**
 * A fixed-window counter: `hit` counts one try under `key` and says how many the window holds;
 * `refund` takes one back (a try that turned out to be no attack), never below zero.
 */
export type RateLimitStore = {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  refund(key: string): Promise<void>;
};

/** One process: a Map of windows, pruned as it grows. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly #now: Clock;

  constructor(now: Clock) {
    this.#now = now;
  }

  async hit(key: string, windowMs: number) {
    const now = this.#now().getTime();
    if (this.#windows.size > 10_000) this.#prune(now);
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async refund(key: string) {
    const window = this.#windows.get(key);
    if (window && window.count > 0 && window.resetAt > this.#now().getTime()) window.count -= 1;
  }

  #prune(now: number) {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/**
 * Shared by every instance: one MULTI that starts the window when the key is new (SET NX PX), counts
 * the try (INCR) and reads what is left of the window (PTTL). One round trip, and a key never
 * outlives its window, even when the connection drops halfway.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix = 'workhub:rl:') {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  async hit(key: string, windowMs: number) {
    const k = this.#prefix + key;
    const results = await this.#redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
    if (!results) throw new Error('Redis discarded the rate-limit transaction');
    for (const [err] of results) if (err) throw err;
    const count = Number(results[1]?.[1]);
    const ttl = Number(results[2]?.[1]);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async refund(key: string) {
    // In one step, and only while the window lives: a DECR on a key gone would start one at -1.
    await this.#redis.eval(REFUND_SCRIPT, 1, this.#prefix + key);
  }
}

const REFUND_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Redis while it answers, this process's own counters while it does not (RedisLink says which, and
 * logs the change): a Redis outage costs the limits their sharing between instances, never a
 * request. Counters kept in memory meanwhile are left behind when Redis returns.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  readonly #link: RedisLink;
  readonly #shared: RateLimitStore;
  readonly #local: RateLimitStore;

  constructor(link: RedisLink, shared: RateLimitStore, local: RateLimitStore) {
    this.#link = link;
    this.#shared = shared;
    this.#local = local;
  }

  async hit(key: string, windowMs: number) {
    if (this.#link.usable()) {
      try {
        const counted = await this.#shared.hit(key, windowMs);
        this.#link.succeeded();
        return counted;
      } catch (err) {
        this.#link.failed(err);
      }
    }
    return this.#local.hit(key, windowMs);
  }

  async refund(key: string) {
    if (this.#link.usable()) {
      try {
        await this.#shared.refund(key);
        this.#link.succeeded();
        return;
      } catch (err) {
        this.#link.failed(err);
      }
    }
    await this.#local.refund(key);
  }
}

/** A RateLimitStore as @fastify/rate-limit's `store` option wants it (a class; one window per key). */
export function fastifyRateLimitStore(store: RateLimitStore): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      store.hit(key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): FastifyRateLimitStore {
      // No route has limits of its own (only `rateLimit: false`): one window per client for all.
      return this;
    }
  };
}

type Limit = { key: string; max: number; windowMs: number };

const tooMany = (resetInMs: number, message: string = messages.tooManyRequests) =>
  new AppError(429, 'RATE_LIMITED', message, {
    retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)),
  });

/** The e-mail of a JSON body, normalised as the schema will, without trusting its type. */
function emailOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('email' in body)) return undefined;
  const email = (body as { email: unknown }).email;
  if (typeof email !== 'string') return undefined;
  const normalised = email.trim().toLowerCase();
  return normalised.length > 0 && normalised.length <= 254 ? normalised : undefined;
}

/** The auth routes' hook, and the refund of a try that signed someone in (see authRateLimit). */
export type AuthRateLimit = ((request: FastifyRequest) => Promise<void>) & {
  refund(request: FastifyRequest): Promise<void>;
};

/**
 * The preValidation hook of the sensitive auth routes: every try counts against the caller's IP and
 * against the pair (e-mail it names, IP), across those routes, so neither a host nor an address can
 * be ground from one place. Never against the address alone: then ten wrong passwords from anywhere
 * would lock its owner out (lockout as a weapon); a spread-out guesser is held by the per-IP limit.
 * A sign-in with the right password gives its try back (`refund`): an office behind one address,
 * everyone signing in at nine, must not lock itself out; a guesser's wrong passwords still count.
 */
export function authRateLimit(store: RateLimitStore, limits: Config['authRateLimit']): AuthRateLimit {
  const checksOf = (request: FastifyRequest): Limit[] => {
    const checks: Limit[] = [
      { key: `auth:ip:${request.ip}`, max: limits.perIp, windowMs: limits.perIpWindowMs },
    ];
    const email = emailOf(request.body);
    if (email)
      checks.push({
        key: `auth:email-ip:${email}|${request.ip}`,
        max: limits.perEmail,
        windowMs: limits.perEmailWindowMs,
      });
    return checks;
  };
  const hook = async (request: FastifyRequest): Promise<void> => countTries(store, checksOf(request));
  return Object.assign(hook, {
    refund: async (request: FastifyRequest) => {
      for (const check of checksOf(request)) await store.refund(check.key);
    },
  });
}

/** Counts one try against every limit; 429 when any of them is over. */
async function countTries(store: RateLimitStore, checks: Limit[], message?: string): Promise<void> {
  let refusedFor = 0;
  for (const check of checks) {
    const { count, resetInMs } = await store.hit(check.key, check.windowMs);
    if (count > check.max) refusedFor = Math.max(refusedFor, resetInMs);
  }
  if (refusedFor > 0) throw tooMany(refusedFor, message);
}

/**
 * The same limits for a signed-in password check (POST /api/me/password): every try counts per
 * IP and, with the per-e-mail budget, per user of the access token, so a stolen token cannot be
 * used to grind the current password.
 */
export function userRateLimit(store: RateLimitStore, limits: Config['authRateLimit']) {
  return async (request: FastifyRequest): Promise<void> => {
    const checks: Limit[] = [
      { key: `auth:ip:${request.ip}`, max: limits.perIp, windowMs: limits.perIpWindowMs },
    ];
    if (request.auth)
      checks.push({
        key: `auth:user:${request.auth.user_id}`,
        max: limits.perEmail,
        windowMs: limits.perEmailWindowMs,
      });
    await countTries(store, checks);
  };
}

/**
 * The writes of the public pages (a ticket taken at a kiosk, a booking): per IP and workspace, a
 * budget a busy kiosk on one address stays under (a ticket every 3 s for ten minutes) and a script
 * filling a queue or a calendar does not.
 */
export function publicWriteRateLimit(store: RateLimitStore, limits: Config['publicWriteRateLimit']) {
  return async (request: FastifyRequest, workspaceId: string): Promise<void> =>
    countTries(store, [
      { key: `public:ip:${request.ip}|${workspaceId}`, max: limits.max, windowMs: limits.windowMs },
    ]);
}

/**
 * The mails a public page sends to an address a stranger typed (a booking's confirmation, which
 * greets the name typed with it): per address, across every workspace and IP, so that nobody can
 * fill a mailbox with text of their choosing under a shop's name. Counted when such a write is
 * asked for, before anything is written: a try refused on its merits (a slot just taken) counts too.
 */
export function publicMailRateLimit(store: RateLimitStore, limits: Config['publicMailRateLimit']) {
  return async (email: string): Promise<void> =>
    countTries(
      store,
      [{ key: `public:mail:${email.trim().toLowerCase()}`, max: limits.max, windowMs: limits.windowMs }],
      messages.publicMailTooMany,
    );
}

/**
 * A generous per-IP limit over every route: it stops floods, never a person. `store` (with Redis,
 * the fallback store) replaces the plugin's in-process one.
 */
export async function registerGlobalRateLimit(
  app: FastifyInstance,
  limit: Config['globalRateLimit'],
  store: RateLimitStore | undefined,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    max: limit.max,
    timeWindow: limit.windowMs,
    ...(store ? { store: fastifyRateLimitStore(store) } : {}),
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });
}
