import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Where pino writes its JSON lines: stdout unless a test captures them. */
export type LogStream = { write(line: string): void };

const CENSOR = '[Redacted]';

/** Keys whose value is a secret wherever it sits: passwords, hashes, tokens, cookies, SQL parameters. */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'newPassword',
  'new_password',
  'currentPassword',
  'current_password',
  'confirmPassword',
  'confirm_password',
  'token',
  'tokenHash',
  'token_hash',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'secret',
  'clientSecret',
  'client_secret',
  'jwtSecret',
  'authorization',
  'cookie',
  'set-cookie',
  'verificationCode',
  'verification_code',
  'codeHash',
  'code_hash',
  'params',
  'parameters',
];

const SECRET = new Set(SECRET_KEYS);
/** Keys that hold a one-time code inside these (a bare `code` is kept: `err.code` is a SQLSTATE or errno). */
const CODE_HOLDERS = new Set(['body', 'query', 'mail']);
/** Top-level keys pino hands to a serializer (below), whose output is safe by construction. */
const SERIALIZED = new Set(['req', 'res', 'err']);
/** How deep secrets are looked for: `{ req: { headers: { cookie } } }` is depth 2. */
const MAX_DEPTH = 4;

const hasToJson = (value: object) => typeof (value as { toJSON?: unknown }).toJSON === 'function';

/**
 * A copy of a logged value with every secret's value replaced by the censor, at any of the first
 * levels: the key is a secret wherever it sits (`password`, `authorization`, `set-cookie`...), and
 * `code` under a body, query or mail. A value without a secret is returned as it is (no copy).
 * It stands in for pino's `redact`, whose wildcard paths cost a walk per path on every line: this
 * is one walk over what the line holds.
 */
export function censorSecrets(value: unknown, depth = 0, holder = ''): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || hasToJson(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const censored = censorSecrets(item, depth + 1, holder);
      if (censored !== item) {
        copy ??= [...value];
        copy[i] = censored;
      }
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const entries = value as Record<string, unknown>;
  for (const key of Object.keys(entries)) {
    const item = entries[key];
    let censored: unknown;
    if (SECRET.has(key) || (key === 'code' && CODE_HOLDERS.has(holder))) censored = CENSOR;
    else if (depth === 0 && SERIALIZED.has(key)) censored = item;
    else censored = censorSecrets(item, depth + 1, key);
    if (censored !== item) {
      copy ??= { ...entries };
      copy[key] = censored;
    }
  }
  return copy ?? value;
}

/** Request URLs that carry a secret: an invitation's token in the path, an OAuth code and state in the query. */
/**
 * Paths that carry a bearer secret: an invitation's token (the API's and the page's), a booking's
 * manage token (the API's and the page's /book/:slug/manage/:token). Whoever reads the log must not
 * be able to accept the invitation or cancel the booking.
 */
const SECRET_PATH =
  /^((?:\/api)?\/invitations\/|(?:\/api\/public\/booking|\/book)\/[^/?#]+\/manage\/)[^/?#]+/;
/** `except`: the booking's own token, which the reschedule's slots leave out of the busy times. */
const SECRET_QUERY =
  /([?&](?:code|state|token|access_token|refresh_token|id_token|password|except)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${CENSOR}`).replace(SECRET_QUERY, `$1${CENSOR}`);
}

/** Fastify's own request serializer, with the URL's secrets taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * What an error may show in a log: what it is and where it came from (for a database error, the
 * table, column and constraint by name), never the data it carried. postgres.js and PGlite name
 * those fields differently.
 */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'severity',
  'routine',
  'statusCode',
  'schema_name',
  'table_name',
  'column_name',
  'constraint_name',
  // The same, as PGlite (pg-protocol) names them.
  'schema',
  'table',
  'column',
  'constraint',
];
const MAX_CAUSES = 5;

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError | string;
  [field: string]: unknown;
};

/**
 * Drizzle's "Failed query: <sql>\nparams: <values>" keeps the statement and loses the values.
 * PostgreSQL's data exceptions (SQLSTATE class 22) quote the input they refused
 * (`invalid input syntax for type integer: "<value>"`): the quoted value goes too.
 */
function scrub(text: string, sqlState: unknown): string {
  const noParams = text.replace(/(\bparams: )[\s\S]*?(?=\n {4}at |$)/g, `$1${CENSOR}`);
  if (typeof sqlState !== 'string' || !sqlState.startsWith('22')) return noParams;
  const firstLine = noParams.indexOf('\n    at ');
  const head = firstLine === -1 ? noParams : noParams.slice(0, firstLine);
  return head.replace(/"[^"]*"/g, `"${CENSOR}"`) + (firstLine === -1 ? '' : noParams.slice(firstLine));
}

/**
 * The `err` serializer of every log line. An allow-list, not pino's copy of every property: a
 * database error carries the statement's parameters (`params`, `parameters`) and the failing row
 * (`detail`: "Failing row contains (..., $argon2id$...)"), and none of that may reach a log.
 */
export function serializeError(err: Error, depth = 0): SerializedError {
  const fields = err as unknown as Record<string, unknown>;
  const out: SerializedError = {
    type: err.constructor?.name || err.name,
    message: scrub(err.message, fields.code),
    stack: scrub(err.stack ?? '', fields.code),
  };
  for (const field of ERROR_FIELDS) {
    if (fields[field] !== undefined) out[field] = fields[field];
  }
  if (err.cause instanceof Error) {
    out.cause = depth < MAX_CAUSES ? serializeError(err.cause, depth + 1) : '[more causes]';
  } else if (err.cause !== undefined) {
    // A cause that is not an Error is data of unknown shape: say it was there, not what it held.
    out.cause = '[not an Error]';
  }
  return out;
}

/** The logger of the app: redaction, the safe serializers, and the level and stream it was given. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    formatters: {
      log: (object: Record<string, unknown>) => censorSecrets(object) as Record<string, unknown>,
    },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request, when it is answered (method, URL without its secrets, status, time), in
 * place of Fastify's two (`incoming request` then `request completed`): the same facts at half the
 * cost on the hot path. Errors keep Fastify's own lines.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
