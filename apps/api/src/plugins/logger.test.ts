import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords.ts';
import {
  bearer,
  latestCode,
  openTestDb,
  post,
  registration,
  type TestApp,
  testApp,
  uniqueEmail,
  withRefresh,
} from '../test/helpers.ts';
import { censorSecrets } from './logger.ts';

/** Every line the app logs, as written (pino's JSON lines). */
class LogCapture {
  readonly lines: string[] = [];
  readonly write = (line: string): void => {
    this.lines.push(line);
  };
  get text(): string {
    return this.lines.join('');
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const log = new LogCapture();
const t = {} as TestApp;
let hash: string;

beforeAll(async () => {
  Object.assign(t, await testApp(await openTestDb(), { LOG_LEVEL: 'info' }, { logStream: log }));
  hash = await hashPassword('correct horse battery staple');
  // A failed query whose parameters carry a password hash, the way a failing insert of a user would.
  t.app.get('/test-failing-query', async () => {
    await t.db.db.execute(sql`select ${hash}::int as n`);
  });
  // A not-null violation: PostgreSQL's detail spells out the failing row, hash included.
  t.app.get('/test-failing-row', async () => {
    await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table log_test_row (h text, n int not null) on commit drop`);
      await tx.execute(sql`insert into log_test_row values (${hash}, null)`);
    });
  });
  t.app.get('/test-log-headers', async (request) => {
    request.log.info({ headers: request.headers }, 'headers seen');
    return { ok: true };
  });
});

afterAll(async () => {
  await t.app?.close();
  await t.db?.close();
});

describe('what the logs never hold', () => {
  it('a failed query is logged without its parameters or the row it failed on', async () => {
    for (const url of ['/test-failing-query', '/test-failing-row']) {
      const before = log.lines.length;
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      const text = log.lines.slice(before).join('');
      // The failure itself is logged, with what it was: not a silent drop.
      expect(text).toContain('request failed');
      expect(text).not.toContain(hash);
      expect(text).not.toContain('$argon2id');
      expect(text).not.toMatch(/params: (?!\[Redacted\])/);
      expect(text).not.toMatch(/"(parameters|params|detail)":/);
    }
  });

  it('names the table, column and constraint a failing row broke, without the row', async () => {
    const before = log.lines.length;
    await t.app.inject({ method: 'GET', url: '/test-failing-row' });
    const failure = log
      .entries()
      .slice(before)
      .find((entry) => entry.msg === 'request failed');
    const cause = (failure?.err as { cause?: Record<string, unknown> } | undefined)?.cause;
    expect(cause?.code).toBe('23502');
    // postgres.js says table_name and column_name, PGlite table and column.
    expect(cause?.table_name ?? cause?.table).toBe('log_test_row');
    expect(cause?.column_name ?? cause?.column).toBe('n');
    expect(cause).not.toHaveProperty('detail');
  });

  it('keeps the error code and the failing statement, which say what went wrong', async () => {
    const before = log.lines.length;
    await t.app.inject({ method: 'GET', url: '/test-failing-query' });
    const failure = log
      .entries()
      .slice(before)
      .find((entry) => entry.msg === 'request failed');
    const err = failure?.err as { message?: string; cause?: { code?: string } } | undefined;
    expect(err?.message).toContain('select $1::int as n');
    expect(err?.cause?.code).toBe('22P02');
  });

  it('logs no verification code when mail stays in the outbox', async () => {
    const email = uniqueEmail('logged');
    const before = log.lines.length;
    const response = await post(t.app, '/api/auth/register', registration(email));
    expect(response.statusCode).toBe(201);
    const code = await latestCode(t.db, email);
    const text = log.lines.slice(before).join('');
    expect(text).toContain('mail written to the outbox');
    expect(text).not.toContain(code);
  });

  it('redacts an Authorization header and cookies wherever headers are logged', async () => {
    const before = log.lines.length;
    await t.app.inject({
      method: 'GET',
      url: '/test-log-headers',
      headers: { ...bearer('secret-access-token'), ...withRefresh('secret-refresh-token') },
    });
    const text = log.lines.slice(before).join('');
    expect(text).toContain('headers seen');
    expect(text).not.toContain('secret-access-token');
    expect(text).not.toContain('secret-refresh-token');
    const seen = log
      .entries()
      .slice(before)
      .find((entry) => entry.msg === 'headers seen');
    expect(seen?.headers).toMatchObject({ authorization: '[Redacted]', cookie: '[Redacted]' });
  });

  it('redacts tokens and codes in the request URL: invitation and booking links, sign-in callbacks', async () => {
    const before = log.lines.length;
    await t.app.inject({ method: 'GET', url: '/api/invitations/secret-invitation-token' });
    await t.app.inject({ method: 'GET', url: '/invitations/secret-invitation-page' });
    await t.app.inject({ method: 'GET', url: '/api/public/booking/shop/manage/secret-booking-token' });
    await t.app.inject({ method: 'POST', url: '/api/public/booking/shop/manage/secret-cancel-token/cancel' });
    await t.app.inject({ method: 'GET', url: '/book/shop/manage/secret-booking-page' });
    await t.app.inject({
      method: 'GET',
      url: '/api/public/booking/shop/slots?date=2026-12-01&except=secret-except',
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/oauth/github/callback?code=secret-oauth-code&state=secret-state',
    });
    const text = log.lines.slice(before).join('');
    expect(text).toContain('/api/invitations/[Redacted]');
    expect(text).toContain('code=[Redacted]');
    expect(text).toContain('/api/public/booking/shop/manage/[Redacted]/cancel');
    expect(text).toContain('/book/shop/manage/[Redacted]');
    for (const secret of [
      'secret-invitation-token',
      'secret-invitation-page',
      'secret-booking-token',
      'secret-cancel-token',
      'secret-booking-page',
      'secret-except',
      'secret-oauth-code',
      'secret-state',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('redacts a refresh token a handler logs in a response header', async () => {
    const before = log.lines.length;
    t.app.log.info({ res: { headers: { 'set-cookie': 'refresh=secret-cookie' } } }, 'response seen');
    t.app.log.info({ user: { password: 'pw-in-clear', passwordHash: hash, token: 'tok-in-clear' } }, 'user');
    const text = log.lines.slice(before).join('');
    for (const secret of ['secret-cookie', 'pw-in-clear', hash, 'tok-in-clear']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('censorSecrets', () => {
  it('censors a secret key at any of the first levels, in objects and arrays, without touching the original', () => {
    const logged = {
      password: 'a',
      user: { name: 'Ada', refresh_token: 'b' },
      batch: [{ headers: { authorization: 'Bearer c', 'set-cookie': ['d'] } }],
      deep: { one: { two: { three: { secret: 'e' } } } },
    };
    const before = structuredClone(logged);
    const out = JSON.stringify(censorSecrets(logged));
    for (const secret of ['"a"', '"b"', 'Bearer c', '"d"', '"e"']) expect(out).not.toContain(secret);
    expect(out).toContain('"name":"Ada"');
    expect(logged).toEqual(before);
  });

  it('censors a code in a body, query or mail, and keeps an error code', () => {
    const out = censorSecrets({
      body: { code: '123456' },
      query: { code: 'oauth' },
      mail: { code: 'ABC123' },
      error: { code: '23505' },
    });
    expect(out).toEqual({
      body: { code: '[Redacted]' },
      query: { code: '[Redacted]' },
      mail: { code: '[Redacted]' },
      error: { code: '23505' },
    });
  });

  it('returns a line without secrets as it is, and leaves dates and the serialized keys alone', () => {
    const line = { responseTime: 3, when: new Date(0), req: { url: '/x' }, list: [1, 2] };
    expect(censorSecrets(line)).toBe(line);
  });
});
