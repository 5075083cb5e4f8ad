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
  '["set-cookie"]',
  'verificationCode',
  'verification_code',
  'codeHash',
  'code_hash',
  'params',
  'parameters',
];

/**
 * pino's wildcards match one level each, so every key is listed at the top and two levels down
 * (`{ headers: { cookie } }`, `{ req: { headers: { cookie } } }`). A bare `*.code` is left out on
 * purpose: `err.code` is the SQLSTATE or errno an operator needs; the one-time codes travel in
 * request bodies and mails, which are listed by name below, and no code is logged on purpose.
 */
const under = (prefix: string, name: string) => (name.startsWith('[') ? prefix + name : `${prefix}.${name}`);
export const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((name) => [
    ...(name.startsWith('[') ? [] : [name]),
    under('*', name),
    under('*.*', name),
  ]),
  ...['body.code', '*.body.code', 'mail.code', '*.mail.code', 'query.code', '*.query.code'],
];

/** Request URLs that carry a secret: an invitation's token in the path, an OAuth code and state in the query. */
const SECRET_PATH = /^(\/api\/invitations\/)[^/?#]+/;
const SECRET_QUERY = /([?&](?:code|state|token|access_token|refresh_token|id_token|password)=)[^&#]*/gi;

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
    redact: { paths: REDACT_PATHS, censor: CENSOR },
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
