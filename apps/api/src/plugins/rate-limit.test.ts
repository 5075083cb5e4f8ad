import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  errorOf,
  PASSWORD,
  signUp,
  type TestApp,
  TestClock,
  testApp,
  testConfig,
  uniqueEmail,
  useTestApp,
} from '../test/helpers.ts';
import { MemoryRateLimitStore, RedisRateLimitStore } from './rate-limit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const hasRedis = await redisAnswers(REDIS_URL);

const t = useTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '2' });

let lastIp = 0;
/** A fresh client address, so tests do not share the per-IP window. */
const freshIp = () => `10.1.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

const attempt = (app: TestApp['app'], url: string, body: object, ip: string) =>
  app.inject({ method: 'POST', url, payload: body, remoteAddress: ip });

const loginBody = (email: string) => ({ email, password: 'whatever' });

describe('auth rate limits', () => {
  it.each([
    ['/api/auth/login', loginBody],
    ['/api/auth/verify-email', (email: string) => ({ email, code: 'ABC123' })],
    ['/api/auth/resend-code', (email: string) => ({ email })],
    ['/api/auth/forgot-password', (email: string) => ({ email })],
    [
      '/api/auth/new-password',
      (email: string) => ({ email, code: 'ABC123', password: 'secret1', confirm_password: 'secret1' }),
    ],
  ])('%s: allows 3 tries a minute per IP, then 429 with retry_after', async (url, body) => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await attempt(t.app, url, body(uniqueEmail('ip')), ip)).statusCode).not.toBe(429);
    }
    const refused = await attempt(t.app, url, body(uniqueEmail('ip')), ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).error).toEqual({
      code: 'RATE_LIMITED',
      message: messages.tooManyRequests,
      retry_after: 60,
    });
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('counts tries per e-mail and IP across routes, whatever its case', async () => {
    const email = uniqueEmail('target');
    const ip = freshIp();
    expect((await attempt(t.app, '/api/auth/login', loginBody(email), ip)).statusCode).toBe(401);
    expect((await attempt(t.app, '/api/auth/forgot-password', { email }, ip)).statusCode).toBe(200);
    const refused = await attempt(t.app, '/api/auth/login', loginBody(email.toUpperCase()), ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).error.retry_after).toBe(15 * 60);
  });

  it('lets nobody lock an address out from another IP', async () => {
    const ten = await testApp(t.db, { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '10' });
    try {
      const { email } = await signUp(ten);
      const stranger = freshIp();
      for (let i = 0; i < 10; i++) {
        expect((await attempt(ten.app, '/api/auth/login', loginBody(email), stranger)).statusCode).toBe(401);
      }
      const owner = await attempt(ten.app, '/api/auth/login', { email, password: PASSWORD }, freshIp());
      expect(owner.statusCode).toBe(200);
      const again = await attempt(ten.app, '/api/auth/login', { email, password: PASSWORD }, stranger);
      expect(again.statusCode).toBe(429);
    } finally {
      await ten.app.close();
    }
  });

  it('gives a sign-in with the right password its try back: an office on one address never locks itself out; wrong passwords still count', async () => {
    const office = await testApp(t.db, { AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '2' });
    try {
      const { email } = await signUp(office);
      const ip = freshIp();
      for (let i = 0; i < 6; i++) {
        const response = await attempt(office.app, '/api/auth/login', { email, password: PASSWORD }, ip);
        expect(response.statusCode, `sign-in ${i + 1}`).toBe(200);
      }
      expect((await attempt(office.app, '/api/auth/login', loginBody(email), ip)).statusCode).toBe(401);
      expect((await attempt(office.app, '/api/auth/login', loginBody(email), ip)).statusCode).toBe(401);
      const refused = await attempt(office.app, '/api/auth/login', { email, password: PASSWORD }, ip);
      expect(refused.statusCode).toBe(429);
    } finally {
      await office.app.close();
    }
  });

  it('opens again once the window has passed', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await attempt(t.app, '/api/auth/login', loginBody(uniqueEmail()), ip);
    expect((await attempt(t.app, '/api/auth/login', loginBody(uniqueEmail()), ip)).statusCode).toBe(429);
    t.clock.advance(61);
    expect((await attempt(t.app, '/api/auth/login', loginBody(uniqueEmail()), ip)).statusCode).toBe(401);
  });

  it('counts even tries whose body is not valid', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await attempt(t.app, '/api/auth/login', {}, ip)).statusCode).toBe(400);
    }
    expect((await attempt(t.app, '/api/auth/login', {}, ip)).statusCode).toBe(429);
  });

  it('does not limit reading the plans', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/plans', remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('the global per-IP limit', () => {
  it('answers 429 in the error envelope past the limit', async () => {
    const clock = new TestClock();
    const config = { ...testConfig(), globalRateLimit: { max: 3, windowMs: 60_000 } };
    const app = await buildApp(config, { db: t.db, now: clock.now });
    try {
      for (let i = 0; i < 3; i++)
        expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
      const refused = await app.inject({ method: 'GET', url: '/api/plans' });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).error).toMatchObject({
        code: 'RATE_LIMITED',
        message: messages.tooManyRequests,
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe('MemoryRateLimitStore', () => {
  it('counts within a window and starts over after it', async () => {
    const clock = new TestClock();
    const store = new MemoryRateLimitStore(clock.now);
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    clock.advance(0.4);
    expect(await store.hit('k', 1000)).toEqual({ count: 2, resetInMs: 600 });
    clock.advance(0.6);
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('takes a try back, never below zero, and not into a window that has passed', async () => {
    const clock = new TestClock();
    const store = new MemoryRateLimitStore(clock.now);
    await store.hit('k', 1000);
    await store.hit('k', 1000);
    await store.refund('k');
    expect((await store.hit('k', 1000)).count).toBe(2);
    await store.refund('k');
    await store.refund('k');
    await store.refund('k');
    expect((await store.hit('k', 1000)).count).toBe(1);
    await store.refund('never-hit');
    expect((await store.hit('never-hit', 1000)).count).toBe(1);
  });
});

describe.skipIf(!hasRedis)('Redis (REDIS_URL)', () => {
  it('RedisRateLimitStore counts with INCR and expires with PEXPIRE', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const store = new RedisRateLimitStore(redis, `workhub:test:${randomUUID()}:`);
      expect((await store.hit('k', 5000)).count).toBe(1);
      const second = await store.hit('k', 5000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(4000);
      expect(second.resetInMs).toBeLessThanOrEqual(5000);
      await store.refund('k');
      await store.refund('k');
      await store.refund('k');
      expect((await store.hit('k', 5000)).count).toBe(1);
      // A refund of a key gone leaves nothing behind: the next try starts a window of its own.
      await store.refund('gone');
      const fresh = await store.hit('gone', 5000);
      expect(fresh.count).toBe(1);
      expect(fresh.resetInMs).toBeGreaterThan(4000);
    } finally {
      redis.disconnect();
    }
  });

  it('shares the auth limits between two instances', async () => {
    const env = { REDIS_URL, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '2' };
    const one = await testApp(t.db, env);
    const two = await testApp(t.db, env);
    try {
      const email = uniqueEmail('shared');
      const ip = freshIp();
      expect((await attempt(one.app, '/api/auth/login', loginBody(email), ip)).statusCode).toBe(401);
      expect((await attempt(two.app, '/api/auth/login', loginBody(email), ip)).statusCode).toBe(401);
      expect((await attempt(one.app, '/api/auth/login', loginBody(email), ip)).statusCode).toBe(429);
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });
});
