import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { REFRESH_COOKIE } from '@workhub/shared/constants';
import type { CodePurpose } from '@workhub/shared/enums';
import type { AuthSession, RegisterBody } from '@workhub/shared/schemas/auth';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildApp, type Deps } from '../app.ts';
import { type Config, type Env, parseConfig } from '../config.ts';
import { type DbHandle, PGLITE_EXTENSIONS, pgliteHandle, postgresHandle } from '../db/client.ts';
import { outbox } from '../db/schema/outbox.ts';
import { codeInMailText } from '../modules/auth/auth.mails.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const PASSWORD = 'secret-1';

let workerPglite: Promise<DbHandle> | undefined;

/** The connections of a test app's PostgreSQL pool at most. */
export const TEST_POOL_MAX = 4;

/**
 * The test database: the run's PostgreSQL database (a pool of this caller's own), or on PGlite the
 * worker's one copy of the migrated snapshot, which every file of the worker shares as every file
 * shares PostgreSQL's (files of one worker run one after another; loading a copy cost a second a
 * file). Its `close` leaves it open for the next file; `own: true` gives a copy of the caller's own,
 * for a test that closes or breaks its database.
 */
export async function openTestDb({ own = false }: { own?: boolean } = {}): Promise<DbHandle> {
  const info = inject('testDb');
  if (info.kind === 'postgres') return postgresHandle(info.url, TEST_POOL_MAX);
  const copy = async () =>
    pgliteHandle(
      await PGlite.create({
        loadDataDir: new Blob([await readFile(info.snapshot)]),
        extensions: PGLITE_EXTENSIONS,
      }),
    );
  if (own) return copy();
  workerPglite ??= copy();
  return { ...(await workerPglite), close: async () => {} };
}

/** Config as the tests want it: quiet, no SPA, limits high enough not to get in the way. */
export function testConfig(env: Env = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: '/nonexistent/web-dist',
    // Uploads (workspace logos) go to a scratch folder, never into the repository.
    DATA_DIR: join(tmpdir(), 'workhub-api-tests'),
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    PUBLIC_MAIL_RATE_LIMIT_PER_EMAIL: '100000',
    // Outside development a server needs a mail transport: the tests read their mail from the outbox.
    ...(env.SMTP_URL ? {} : { MAIL_TRANSPORT: 'outbox' }),
    ...env,
  });
}

/** A clock that only moves when a test moves it. */
export class TestClock {
  #ms = Date.now();
  readonly now = (): Date => new Date(this.#ms);
  advance(seconds: number): void {
    this.#ms += seconds * 1000;
  }
}

export type TestApp = {
  app: FastifyInstance;
  clock: TestClock;
  db: DbHandle;
  /**
   * What the server logged at level error (a 500's cause) since the current test began, kept in
   * memory and printed only when that test fails (useTestApp): a request answered 500 under a
   * CI run's load then says why, where the log level is otherwise silent.
   */
  serverErrors: string[];
};

/** The error lines kept at most (the newest): a 500's cause is one line. */
const SERVER_ERRORS_KEPT = 20;

export async function testApp(
  db: DbHandle,
  env: Env = {},
  deps: Omit<Deps, 'db' | 'now'> = {},
): Promise<TestApp> {
  const clock = new TestClock();
  const serverErrors: string[] = [];
  // Unless the test reads the log itself (deps.logStream) or a level is asked for, the server
  // logs its errors to memory only.
  const keepErrors = !deps.logStream && env.LOG_LEVEL === undefined && !process.env.TEST_LOG_LEVEL;
  const app = await buildApp(testConfig(keepErrors ? { ...env, LOG_LEVEL: 'error' } : env), {
    ...(keepErrors
      ? {
          logStream: {
            write(line: string) {
              serverErrors.push(line.trimEnd());
              if (serverErrors.length > SERVER_ERRORS_KEPT) serverErrors.shift();
            },
          },
        }
      : {}),
    ...deps,
    db,
    now: clock.now,
  });
  return { app, clock, db, serverErrors };
}

/**
 * Around each test of a file: forgets the server's errors before it, and fails it with them after
 * it when it failed (its own failure stays the first reported).
 */
export function reportServerErrors(app: () => TestApp | undefined): void {
  beforeEach(() => {
    app()?.serverErrors?.splice(0);
  });
  afterEach((context) => {
    const errors = app()?.serverErrors ?? [];
    if (context.task.result?.state !== 'fail' || errors.length === 0) return;
    throw new Error(`the server logged, during this test:\n${errors.map(logLineSummary).join('\n')}`);
  });
}

type LoggedError = { type?: string; message?: string; code?: string; stack?: string; cause?: LoggedError };

/** A pino line as a few lines: its message, then the error and its causes (code, first frames). */
export function logLineSummary(line: string): string {
  let entry: { msg?: string; err?: LoggedError };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return line;
  }
  const parts = [entry.msg ?? ''];
  for (let err = entry.err, depth = 0; err && depth < 5; err = err.cause, depth += 1) {
    const frames = (err.stack ?? '')
      .split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .slice(0, 4);
    parts.push(
      `  ${err.type ?? 'Error'}${err.code ? ` (${err.code})` : ''}: ${err.message ?? ''}`,
      ...frames,
    );
  }
  return parts.join('\n');
}

/**
 * The usual set-up of a test file: its database and one app on it, opened before the tests and
 * closed after. The fields are there once the file's tests run.
 */
export function useTestApp(env: Env = {}): TestApp {
  const context = {} as TestApp;
  beforeAll(async () => {
    Object.assign(context, await testApp(await openTestDb(), env));
  });
  reportServerErrors(() => context);
  afterAll(async () => {
    await context.app?.close();
    await context.db?.close();
  });
  return context;
}

/**
 * For tests that need a real socket (a stream of server-sent events read with fetch): the app of
 * `useTestApp` listening on a free loopback port from `beforeAll`; the answer gives its base URL.
 */
export function listenOnLoopback(t: TestApp): () => string {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  return () => base;
}

/** Polls `check` every 25 ms until it holds (true) or `ms` have passed (false). */
export async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export const registration = (email: string, overrides: Partial<RegisterBody> = {}): RegisterBody => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password: PASSWORD,
  confirm_password: PASSWORD,
  terms_of_service: 1,
  privacy_policy: 1,
  ...overrides,
});

const SUBJECTS: Record<CodePurpose, string> = {
  verify_email: 'Verify your Workhub e-mail',
  reset_password: 'Reset your Workhub password',
};

/** The mails written to `to` of one purpose, newest first. */
export async function mailsTo(db: DbHandle, to: string, purpose: CodePurpose = 'verify_email') {
  return db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.subject, SUBJECTS[purpose])))
    .orderBy(desc(outbox.createdAt));
}

/** The code of the newest mail of that purpose sent to `to`. */
export async function latestCode(
  db: DbHandle,
  to: string,
  purpose: CodePurpose = 'verify_email',
): Promise<string> {
  const [mail] = await mailsTo(db, to, purpose);
  const code = mail && codeInMailText(mail.text);
  if (!code) throw new Error(`no ${purpose} code was mailed to ${to}`);
  return code;
}

export const post = (
  app: FastifyInstance,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url, payload, headers });

/** The refresh token a response set, if any. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === REFRESH_COOKIE && c.value !== '')?.value;
}

export const withRefresh = (token: string | undefined) => ({ cookie: `${REFRESH_COOKIE}=${token ?? ''}` });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type SignedUp = { email: string; session: AuthSession; refreshToken: string };

/** Registers and verifies a new account holder: the usual starting point of a test. */
export async function signUp(
  { app, db }: TestApp,
  email = uniqueEmail(),
  overrides: Partial<RegisterBody> = {},
): Promise<SignedUp> {
  const registered = await post(app, '/api/auth/register', registration(email, overrides));
  expect(registered.statusCode, registered.body).toBe(201);
  const verified = await post(app, '/api/auth/verify-email', { email, code: await latestCode(db, email) });
  expect(verified.statusCode, verified.body).toBe(200);
  const refreshToken = refreshCookieOf(verified);
  if (!refreshToken) throw new Error('verify set no refresh cookie');
  return { email, session: verified.json().data, refreshToken };
}

export const errorOf = (response: LightMyRequestResponse) =>
  response.json() as {
    error: { code: string; message: string; fields?: Record<string, string>; retry_after?: number };
  };
