import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, findRepoRoot, parseConfig, resolveJwtSecret } from './config.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workhub-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseConfig', () => {
  it('applies the documented defaults, resolving paths against the working directory', () => {
    const config = parseConfig({}, '/srv/workhub');
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      databaseUrl: undefined,
      dataDir: '/srv/workhub/data',
      pgliteDir: '/srv/workhub/data/db',
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Workhub <no-reply@workhub.local>',
      jwtSecret: undefined,
      logLevel: 'info',
      trustProxy: false,
      authRateLimit: { perIp: 30, perIpWindowMs: 60_000, perEmail: 10, perEmailWindowMs: 900_000 },
    });
    expect(config.webDist).toBe(join(findRepoRoot(), 'apps/web/dist'));
  });

  it('reads every variable', () => {
    const config = parseConfig(
      {
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://workhub.example.com/',
        DATABASE_URL: 'postgres://u@db:5432/workhub',
        DATA_DIR: 'var',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Ops <ops@example.com>',
        JWT_SECRET: 'x'.repeat(32),
        ADMIN_EMAIL: ' Root@Example.com ',
        ADMIN_PASSWORD: 'secret1',
        LOG_LEVEL: 'warn',
        WEB_DIST: 'public',
        TRUST_PROXY: '2',
        AUTH_RATE_LIMIT_PER_IP: '5',
        AUTH_RATE_LIMIT_PER_EMAIL: '3',
        RATE_LIMIT_PER_IP: '600',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      publicUrl: 'https://workhub.example.com',
      secureCookies: true,
      dataDir: '/srv/var',
      adminEmail: 'root@example.com',
      webDist: '/srv/public',
      trustProxy: 2,
      authRateLimit: { perIp: 5, perEmail: 3 },
      globalRateLimit: { max: 600, windowMs: 60_000 },
    });
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'root@example.com' }, 'ADMIN_PASSWORD'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ AUTH_RATE_LIMIT_PER_IP: '0' }, 'AUTH_RATE_LIMIT_PER_IP'],
    [{ RATE_LIMIT_PER_IP: '-1' }, 'RATE_LIMIT_PER_IP'],
  ])('fails fast on %j, naming %s', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });

  it('defaults PUBLIC_URL to localhost on the configured port', () => {
    expect(parseConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: '3300' }).publicUrl).toBe('http://localhost:3300');
    expect(parseConfig({ PUBLIC_URL: 'https://app.example.com/' }).publicUrl).toBe('https://app.example.com');
  });

  it('reads TRUST_PROXY as a boolean, a hop count or addresses', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });

  it('treats empty variables (as .env files leave them) as unset', () => {
    const config = parseConfig({
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      JWT_SECRET: '',
      ADMIN_EMAIL: '',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });
});

describe('the mail transport (MAIL_TRANSPORT)', () => {
  const secret = { JWT_SECRET: 'z'.repeat(32) };

  it('delivers by SMTP when SMTP_URL is set, in every environment', () => {
    for (const NODE_ENV of ['development', 'production', 'test']) {
      expect(parseConfig({ ...secret, NODE_ENV, SMTP_URL: 'smtp://mail:25' }).mailTransport).toBe('smtp');
    }
  });

  it('keeps mail in the outbox in development when SMTP_URL is unset', () => {
    expect(parseConfig({}).mailTransport).toBe('outbox');
    expect(parseConfig({ NODE_ENV: 'development', SMTP_URL: '' }).mailTransport).toBe('outbox');
  });

  it.each(['production', 'test'])(
    'refuses to start in %s with no SMTP_URL unless MAIL_TRANSPORT=outbox is chosen',
    (NODE_ENV) => {
      const env = { ...secret, NODE_ENV };
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(/SMTP_URL/);
      expect(() => parseConfig(env)).toThrow(/MAIL_TRANSPORT=outbox/);
      expect(parseConfig({ ...env, MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe('outbox');
    },
  );

  it('refuses MAIL_TRANSPORT=smtp without SMTP_URL, and an unknown transport', () => {
    expect(() => parseConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('keeps mail in the outbox when the operator chose it, even with SMTP_URL set', () => {
    expect(parseConfig({ SMTP_URL: 'smtp://mail:25', MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe(
      'outbox',
    );
  });
});

describe('the database timeouts', () => {
  it('bounds every statement and every idle transaction by default', () => {
    expect(parseConfig({}).dbTimeouts).toEqual({ statementMs: 15_000, idleInTransactionMs: 30_000 });
  });

  it('reads DB_STATEMENT_TIMEOUT_MS and DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, refusing 0 and garbage', () => {
    const config = parseConfig({ DB_STATEMENT_TIMEOUT_MS: '500', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '700' });
    expect(config.dbTimeouts).toEqual({ statementMs: 500, idleInTransactionMs: 700 });
    expect(() => parseConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => parseConfig({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 'soon' })).toThrow(
      /DB_IDLE_IN_TRANSACTION_TIMEOUT_MS/,
    );
  });
});

describe('resolveJwtSecret', () => {
  it('generates a secret once and keeps it in DATA_DIR/jwt-secret across restarts', () => {
    const config = parseConfig({ DATA_DIR: join(dir, 'data') });
    const first = resolveJwtSecret(config);
    expect(first.jwtSecret?.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'data', 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(resolveJwtSecret(config).jwtSecret).toBe(first.jwtSecret);
  });

  it('keeps a given JWT_SECRET and writes nothing', () => {
    const config = parseConfig({ DATA_DIR: join(dir, 'given'), JWT_SECRET: 'y'.repeat(40) });
    expect(resolveJwtSecret(config).jwtSecret).toBe('y'.repeat(40));
    expect(existsSync(join(dir, 'given'))).toBe(false);
  });
});

describe('sign-in providers', () => {
  it('leaves both unset by default', () => {
    expect(parseConfig({}).sso).toEqual({ github: undefined, oidc: undefined });
  });

  it('reads GitHub and OIDC, with GitHub’s own endpoints and the button label', () => {
    const config = parseConfig({
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      OIDC_ISSUER: 'https://login.example.com/realms/acme',
      OIDC_CLIENT_ID: 'oidc-id',
      OIDC_CLIENT_SECRET: 'oidc-secret',
      OIDC_LABEL: 'Acme SSO',
    });
    expect(config.sso).toEqual({
      github: {
        clientId: 'gh-id',
        clientSecret: 'gh-secret',
        oauthUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
      oidc: {
        issuer: 'https://login.example.com/realms/acme',
        clientId: 'oidc-id',
        clientSecret: 'oidc-secret',
        label: 'Acme SSO',
      },
    });
  });

  it('labels the OIDC button Google for Google, Single sign-on for any other issuer', () => {
    const oidc = (issuer: string) =>
      parseConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }).sso.oidc
        ?.label;
    expect(oidc('https://accounts.google.com')).toBe('Google');
    expect(oidc('https://sso.example.com')).toBe('Single sign-on');
  });

  it('refuses half a provider and an issuer that is not a URL', () => {
    expect(() => parseConfig({ GITHUB_CLIENT_ID: 'id' })).toThrow(/GITHUB_CLIENT_SECRET: Set both/);
    expect(() => parseConfig({ OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'id' })).toThrow(
      /OIDC_ISSUER: Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/,
    );
    expect(() =>
      parseConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }),
    ).toThrow(/OIDC_ISSUER/);
  });
});
