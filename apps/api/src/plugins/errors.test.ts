import { createRequire } from 'node:module';
import { messages } from '@workhub/shared/messages';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uniqueViolationConstraint } from '../lib/app-error.ts';
import { bearer, errorOf, registration, signUp, testApp, uniqueEmail, useTestApp } from '../test/helpers.ts';
import { isDatabaseUnavailable, safeValidatorCompiler, toErrorReply } from './errors.ts';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await signUp(t)).session.access_token;
});

type Endpoint = { method: 'POST' | 'PUT'; url: string; body: () => Record<string, unknown>; auth?: boolean };

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/api/auth/register',
    body: () => ({ ...registration(uniqueEmail('bad')), subscription_id: 1 }),
  },
  { method: 'POST', url: '/api/auth/verify-email', body: () => ({ email: uniqueEmail(), code: 'ABC123' }) },
  {
    method: 'POST',
    url: '/api/auth/resend-code',
    body: () => ({ email: uniqueEmail(), purpose: 'verify_email' }),
  },
  { method: 'POST', url: '/api/auth/login', body: () => ({ email: uniqueEmail(), password: 'secret1' }) },
  { method: 'POST', url: '/api/auth/forgot-password', body: () => ({ email: uniqueEmail() }) },
  {
    method: 'POST',
    url: '/api/auth/new-password',
    body: () => ({ email: uniqueEmail(), code: 'ABC123', password: 'secret1', confirm_password: 'secret1' }),
  },
  { method: 'PUT', url: '/api/account/subscription', body: () => ({ subscription_id: 2 }), auth: true },
];

const send = (endpoint: Endpoint, payload: string | object | undefined, contentType?: string) =>
  t.app.inject({
    method: endpoint.method,
    url: endpoint.url,
    payload,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(endpoint.auth ? bearer(token) : {}),
    },
  });

const LONG = 'x'.repeat(300);
const WRONG_VALUES: unknown[] = [123, true, null, [], {}, ['a'], LONG];
/** Fields whose schema coerces (the spec sends numbers as strings, consents as 1 or true). */
const ACCEPTS_TRUE = new Set(['subscription_id', 'terms_of_service', 'privacy_policy']);

describe.each(ENDPOINTS)('$method $url with bad input', (endpoint) => {
  it('answers 400 MALFORMED_BODY to JSON that does not parse', async () => {
    for (const text of ['{"email":', '{bad json}', "{'a':1}", '{"a":1}}']) {
      const response = await send(endpoint, text, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'MALFORMED_BODY', message: messages.malformedBody } });
    }
  });

  it('answers 400 MALFORMED_BODY to a body that is not sent as JSON', async () => {
    const cases: [string, string][] = [
      ['email=a@example.com', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      ['<a/>', 'application/xml'],
      [
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
        'multipart/form-data; boundary=x',
      ],
    ];
    for (const [payload, contentType] of cases) {
      const response = await send(endpoint, payload, contentType);
      expect(response.statusCode, contentType).toBe(400);
      expect(errorOf(response).error.code).toBe('MALFORMED_BODY');
    }
  });

  it('answers 413 to a body over 100 KB', async () => {
    const response = await send(endpoint, { ...endpoint.body(), filler: 'x'.repeat(110 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge },
    });
  });

  it('answers 400 to JSON that is not an object, and to prototype poisoning', async () => {
    for (const text of ['[]', '"text"', '42', 'null', 'true']) {
      const response = await send(endpoint, text, 'application/json');
      expect(response.statusCode, text).toBe(400);
      expect(errorOf(response).error.code).toBe('VALIDATION_FAILED');
    }
    const poisoned = await send(endpoint, '{"__proto__":{"admin":true}}', 'application/json');
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers 400 on the field for a wrong type or size in every field', async () => {
    for (const field of Object.keys(endpoint.body())) {
      for (const value of WRONG_VALUES) {
        if (value === true && ACCEPTS_TRUE.has(field)) continue;
        const response = await send(endpoint, { ...endpoint.body(), [field]: value });
        const label = `${field} = ${JSON.stringify(value).slice(0, 20)}`;
        expect(response.statusCode, label).toBe(400);
        expect(errorOf(response).error.fields, label).toHaveProperty(field);
      }
    }
  });
});

describe('other bad requests', () => {
  it('answers 404 to a method a route does not have', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/login' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).error.code).toBe('NOT_FOUND');
  });

  it('answers 400 to a query with the wrong shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans?page=1&page=2' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toHaveProperty('page');
  });

  it.each([
    ['a malformed escape', '/api/projects/%E0%A4%A', 400],
    ['a malformed escape outside the API', '/project/%E0%A4%A/edit', 400],
    ['a parameter over the router limit', `/api/projects/${'a'.repeat(200)}`, 414],
  ])('answers %s in the API envelope, not the framework default', async (_case, url, status) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(status);
    expect(errorOf(response)).toEqual({ error: { code: 'VALIDATION_FAILED', message: messages.badAddress } });
  });

  it('answers 401 to a garbage bearer token and ignores a garbage cookie', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer \u0000\u0001' },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: 'refresh_token=%E0%A4%A; other=;;;' },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('safeValidatorCompiler', () => {
  it('turns a schema that throws into a validation error instead of a crash', () => {
    const throwing = z.object({}).superRefine(() => {
      throw new TypeError('boom');
    });
    const validate = safeValidatorCompiler({ schema: throwing, method: 'POST', url: '/x', httpPart: 'body' });
    const result = validate({});
    expect(result).toHaveProperty('error');
  });
});

describe('a failure on our side', () => {
  it('answers 500 INTERNAL with a generic message and keeps the details out of the body', async () => {
    const own = await testApp(t.db);
    own.app.get('/test-boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    try {
      const response = await own.app.inject({ method: 'GET', url: '/test-boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: messages.serverError } });
      expect(response.body).not.toContain('secret');
    } finally {
      await own.app.close();
    }
  });
});

describe('a database that cannot answer', () => {
  /** How drizzle wraps a driver error: the driver's code sits on the cause. */
  const wrapped = (cause: object) =>
    new DrizzleQueryError('select 1', [], Object.assign(new Error('driver error'), cause));

  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECT_TIMEOUT',
    '08006',
    '08001',
    '57P01',
    '57P02',
    '57P03',
    '57014',
    '25P03',
  ])('answers 503 UNAVAILABLE to %s, wrapped by drizzle or not', (code) => {
    const unavailable = {
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: messages.serviceUnavailable } },
    };
    expect(toErrorReply(wrapped({ code }))).toEqual(unavailable);
    expect(toErrorReply(Object.assign(new Error('x'), { code }))).toEqual(unavailable);
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped({ code }) }))).toBe(true);
  });

  it('names the e-mail only when the clash is the users e-mail, on the real driver', async () => {
    const [first, second] = [uniqueEmail('clash'), uniqueEmail('clash')];
    await signUp(t, first);
    await signUp(t, second);
    const clash = await t.db.db
      .execute(sql`update users set email = ${first} where email = ${second}`)
      .catch((err: unknown) => err);
    expect(uniqueViolationConstraint(clash)).toBe('users_email_key');
    expect(toErrorReply(clash)).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: messages.emailTaken } },
    });

    const other = await t.db.db
      .transaction(async (tx) => {
        await tx.execute(sql`create temporary table clash_probe (v int unique) on commit drop`);
        await tx.execute(sql`insert into clash_probe values (1), (1)`);
      })
      .catch((err: unknown) => err);
    expect(uniqueViolationConstraint(other)).toBe('clash_probe_v_key');
    expect(toErrorReply(other)).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: messages.alreadyExists } },
    });
  });

  it('keeps other database errors what they were: a conflict stays 409 (a unique or a foreign key), a bug stays 500', () => {
    expect(toErrorReply(wrapped({ code: '23505' })).status).toBe(409);
    expect(toErrorReply(wrapped({ code: '23505' })).body.error.message).toBe(messages.alreadyExists);
    expect(
      toErrorReply(wrapped({ code: '23505', constraint_name: 'users_email_key' })).body.error.message,
    ).toBe(messages.emailTaken);
    // A foreign key said no: a record written against one deleted at the same instant (a task into a
    // milestone being deleted, a student into a class), or a delete of one written against meanwhile.
    expect(toErrorReply(wrapped({ code: '23503' }))).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: messages.changedMeanwhile } },
    });
    expect(toErrorReply(wrapped({ code: '22P02' })).status).toBe(500);
    expect(toErrorReply(wrapped({ code: '42P01' })).status).toBe(500);
    expect(toErrorReply(new Error('boom')).status).toBe(500);
  });
});

describe("the app's schema compilers", () => {
  it('are zod’s from the start: Fastify never loads ajv or fast-json-stringify (~170 ms of a start)', async () => {
    // Another file of this worker may have made a bare Fastify(), which loads them: forget them first.
    const cache = createRequire(import.meta.url).cache;
    const compilers =
      /node_modules\/(ajv|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler)\/|fast-json-stringify\/index\.js$/;
    for (const path of Object.keys(cache)) if (compilers.test(path)) delete cache[path];
    const own = await testApp(t.db);
    try {
      await own.app.ready();
      expect(Object.keys(cache).filter((path) => compilers.test(path))).toEqual([]);
    } finally {
      await own.app.close();
    }
  });
});
