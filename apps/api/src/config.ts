import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const JWT_SECRET_MIN = 32;

/** Fastify's trustProxy: true/false, a hop count, or a comma-separated list of addresses. */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | number | string => {
    if (v === 'true' || v === 'false') return v === 'true';
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    // Unset: http://localhost:<PORT> (filled in below, once PORT is known).
    PUBLIC_URL: z
      .url()
      .optional()
      .transform((v) => v?.replace(/\/+$/, '')),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    REDIS_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    // Unset: smtp when SMTP_URL is set, else outbox in development and a refusal to start elsewhere.
    MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
    MAIL_FROM: z.string().min(1).default('Workhub <no-reply@workhub.local>'),
    JWT_SECRET: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z.string().min(JWT_SECRET_MIN, `JWT_SECRET must be at least ${JWT_SECRET_MIN} characters`).optional(),
      ),
    ADMIN_EMAIL: z
      .string()
      .optional()
      .transform((v) => (v ? v.trim().toLowerCase() : undefined))
      .pipe(z.email().optional()),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: trustProxy,
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(1000),
    PUBLIC_WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(200),
    PUBLIC_MAIL_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
    PUBLIC_STREAMS_PER_IP: z.coerce.number().int().positive().default(50),
    // PostgreSQL cancels a statement, or ends a session idle inside a transaction, after this long.
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    PAYMENT_PROVIDER: z.string().trim().min(1).default('manual_invoice'),
    GITHUB_CLIENT_ID: z.string().optional(),
    GITHUB_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_LABEL: z.string().max(40).optional(),
  })
  .refine((env) => Boolean(env.GITHUB_CLIENT_ID) === Boolean(env.GITHUB_CLIENT_SECRET), {
    message: 'Set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, or neither',
    path: ['GITHUB_CLIENT_SECRET'],
  })
  .refine(
    (env) =>
      new Set([Boolean(env.OIDC_ISSUER), Boolean(env.OIDC_CLIENT_ID), Boolean(env.OIDC_CLIENT_SECRET)])
        .size === 1,
    {
      message: 'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none',
      path: ['OIDC_ISSUER'],
    },
  )
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET, {
    message: 'JWT_SECRET is required in production',
    path: ['JWT_SECRET'],
  })
  .refine((env) => env.MAIL_TRANSPORT !== 'smtp' || env.SMTP_URL, {
    message: 'MAIL_TRANSPORT=smtp needs SMTP_URL',
    path: ['SMTP_URL'],
  })
  // Outside development a server that cannot deliver mail would strand every sign-up silently, and
  // the outbox is readable at /dev-mailbox: keeping mail there must be the operator's explicit choice.
  .refine((env) => env.MAIL_TRANSPORT || env.SMTP_URL || env.NODE_ENV === 'development', {
    message:
      'No mail transport: set SMTP_URL to deliver mail, or MAIL_TRANSPORT=outbox to keep every mail in the outbox (readable at /dev-mailbox)',
    path: ['MAIL_TRANSPORT'],
  });

export type Env = Record<string, string | undefined>;

export type MailTransport = 'smtp' | 'outbox';
export type DbTimeouts = { statementMs: number; idleInTransactionMs: number };

/**
 * GitHub sign-in (OAuth). `oauthUrl` and `apiUrl` are GitHub's own; only tests point them at a
 * local fake (they are not read from the environment).
 */
export type GithubSso = { clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string };
/** Any OpenID Connect provider, found by discovery at `issuer`. `label` is the button's text. */
export type OidcSso = { issuer: string; clientId: string; clientSecret: string; label: string };
export type SsoConfig = { github: GithubSso | undefined; oidc: OidcSso | undefined };

/** The OIDC button's text: OIDC_LABEL, else 'Google' for Google (or when unset), else 'Single sign-on'. */
export function oidcLabel(issuer: string | undefined, label: string | undefined): string {
  if (label) return label;
  if (!issuer || new URL(issuer).hostname === 'accounts.google.com') return 'Google';
  return 'Single sign-on';
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** True when PUBLIC_URL is https: the refresh cookie is then Secure. */
  secureCookies: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite's data directory: DATA_DIR/db. */
  pgliteDir: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** `smtp` delivers through SMTP_URL; `outbox` keeps every mail in the outbox table, shown at /dev-mailbox. */
  mailTransport: MailTransport;
  mailFrom: string;
  /** Undefined until resolveJwtSecret() has read or created it (outside production only). */
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** Set on every PostgreSQL connection, so one slow query or forgotten transaction cannot hold it. */
  dbTimeouts: DbTimeouts;
  webDist: string;
  trustProxy: boolean | number | string;
  authRateLimit: { perIp: number; perIpWindowMs: number; perEmail: number; perEmailWindowMs: number };
  /** Global per-IP limit over every route, generous: it only stops floods. */
  globalRateLimit: { max: number; windowMs: number };
  /** Writes of the public pages (kiosk tickets, bookings) per IP and workspace. */
  publicWriteRateLimit: { max: number; windowMs: number };
  /** Mails the public pages send to one address a stranger typed (booking confirmations), per hour. */
  publicMailRateLimit: { max: number; windowMs: number };
  /** Live-update streams (the queue board's events) one IP may hold open at once, per instance. */
  publicStreamsPerIp: number;
  /** The id of the PaymentProvider that collects invoices (modules/billing/payment-provider.ts). */
  paymentProvider: string;
  /** Sign-in providers; an unset one keeps its button disabled. Callbacks: {publicUrl}/api/auth/oauth/{id}/callback. */
  sso: SsoConfig;
};

export class ConfigError extends Error {}

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
export function findRepoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && /"workspaces"/.test(readFileSync(pkg, 'utf8'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable. Reads no files. */
export function parseConfig(env: Env, cwd = process.cwd()): Config {
  // `NAME=` in a .env file (as .env.example leaves them) means unset, for every variable.
  const set = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const dataDir = resolve(cwd, e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: join(dataDir, 'db'),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    // The refinements above leave outbox as the only choice when neither variable is set.
    mailTransport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox'),
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    dbTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : join(findRepoRoot(), 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perIpWindowMs: 60_000,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      perEmailWindowMs: 15 * 60_000,
    },
    globalRateLimit: { max: e.RATE_LIMIT_PER_IP, windowMs: 60_000 },
    publicWriteRateLimit: { max: e.PUBLIC_WRITE_RATE_LIMIT, windowMs: 10 * 60_000 },
    publicMailRateLimit: { max: e.PUBLIC_MAIL_RATE_LIMIT_PER_EMAIL, windowMs: 60 * 60_000 },
    publicStreamsPerIp: e.PUBLIC_STREAMS_PER_IP,
    paymentProvider: e.PAYMENT_PROVIDER,
    sso: {
      github:
        e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
          ? {
              clientId: e.GITHUB_CLIENT_ID,
              clientSecret: e.GITHUB_CLIENT_SECRET,
              oauthUrl: 'https://github.com',
              apiUrl: 'https://api.github.com',
            }
          : undefined,
      oidc:
        e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? {
              issuer: e.OIDC_ISSUER,
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
              label: oidcLabel(e.OIDC_ISSUER, e.OIDC_LABEL),
            }
          : undefined,
    },
  };
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR/jwt-secret, so a
 * restart keeps every session valid. In production parseConfig has already refused a missing one.
 */
export function resolveJwtSecret(config: Config): Config {
  if (config.jwtSecret) return config;
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= JWT_SECRET_MIN) return { ...config, jwtSecret: kept };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { ...config, jwtSecret: secret };
}

export function loadConfig(env: Env = process.env): Config {
  return resolveJwtSecret(parseConfig(env));
}
