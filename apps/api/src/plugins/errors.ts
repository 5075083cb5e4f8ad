import { messages } from '@workhub/shared/messages';
import type { ApiError, ErrorCode } from '@workhub/shared/schemas/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import {
  isAppError,
  isForeignKeyViolation,
  isUniqueViolation,
  uniqueViolationConstraint,
} from '../lib/app-error.ts';

type Reply = { status: number; body: ApiError; retryAfter?: number };

const envelope = (code: ErrorCode, message: string, extra: Partial<ApiError['error']> = {}): ApiError => ({
  error: { code, message, ...extra },
});

/** `/email` -> `email`, `/items/0/name` -> `items.0.name`; the first message of a field wins. */
function fieldMessages(
  issues: { instancePath: string; message?: string | undefined }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (field && !(field in fields)) fields[field] = issue.message ?? messages.validationFailed;
  }
  return fields;
}

/**
 * Errors that say the database cannot answer now, not that the request is wrong: a connection
 * refused, reset or timed out (Node's errno, postgres.js's own codes), SQLSTATE class 08
 * (connection exception), 57P01-57P03 (the server shuts down or is starting), and the two
 * timeouts of db/client.ts: 57014 (statement_timeout) and 25P03 (idle_in_transaction_session_timeout).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57014',
  '25P03',
  '57P01',
  '57P02',
  '57P03',
]);

/** The database is down or gave up (503, try again), whether drizzle wrapped the driver error or not. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let depth = 0;
  for (let e: unknown = err; e && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    depth += 1;
  }
  return false;
}

/** Maps any error to the envelope of docs/api.md. Only a 5xx is ever logged as an error. */
export function toErrorReply(err: unknown): Reply {
  if (isAppError(err)) {
    const extra: Partial<ApiError['error']> = {};
    if (err.fields) extra.fields = err.fields;
    if (err.retryAfter !== undefined) extra.retry_after = err.retryAfter;
    const reply: Reply = { status: err.status, body: envelope(err.code, err.message, extra) };
    if (err.retryAfter !== undefined) reply.retryAfter = err.retryAfter;
    return reply;
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = fieldMessages(err.validation);
    const extra = Object.keys(fields).length > 0 ? { fields } : {};
    return { status: 400, body: envelope('VALIDATION_FAILED', messages.validationFailed, extra) };
  }
  if (isUniqueViolation(err)) {
    // Only the users' e-mail is a clash a caller can be told about by name (two sign-ups or
    // invitation accepts for one address at once); any other constraint a service did not catch
    // itself is a record that already exists, said in general terms.
    const message =
      uniqueViolationConstraint(err) === 'users_email_key' ? messages.emailTaken : messages.alreadyExists;
    return { status: 409, body: envelope('CONFLICT', message) };
  }
  if (isForeignKeyViolation(err)) {
    // A race the service's own checks could not see (they read before the other write committed):
    // the caller's record, or what it points at, changed meanwhile. Services that can name the field
    // catch it themselves.
    return { status: 409, body: envelope('CONFLICT', messages.changedMeanwhile) };
  }
  if (isDatabaseUnavailable(err)) {
    return { status: 503, body: envelope('UNAVAILABLE', messages.serviceUnavailable) };
  }
  const fastifyError = err as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: envelope('PAYLOAD_TOO_LARGE', messages.payloadTooLarge) };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      // docs/api.md: a body that is not JSON (or not sent as JSON) is a 400, whatever Fastify says.
      return { status: 400, body: envelope('MALFORMED_BODY', messages.malformedBody) };
  }
  if (status === 429) return { status, body: envelope('RATE_LIMITED', messages.tooManyRequests) };
  if (status === 401) return { status, body: envelope('UNAUTHORIZED', messages.unauthorized) };
  if (status === 403) return { status, body: envelope('FORBIDDEN', messages.forbidden) };
  if (status === 404) return { status, body: envelope('NOT_FOUND', messages.notFound) };
  if (status === 413) return { status, body: envelope('PAYLOAD_TOO_LARGE', messages.payloadTooLarge) };
  if (status >= 400 && status < 500) {
    return { status: 400, body: envelope('VALIDATION_FAILED', messages.validationFailed) };
  }
  return { status: 500, body: envelope('INTERNAL', messages.serverError) };
}

/**
 * What the router refuses before any route or hook runs (Fastify's `frameworkErrors`): an address
 * with a malformed escape (400) or a parameter over the router's length limit (414), answered in the
 * API's own envelope like every other refusal.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  const body =
    status < 500
      ? envelope('VALIDATION_FAILED', messages.badAddress)
      : envelope('INTERNAL', messages.serverError);
  if (status >= 500) request.log.error({ err }, 'request failed');
  else request.log.info({ code: err.code, status }, 'request refused');
  reply.status(status).send(body);
}

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

/**
 * The zod validator, made total: a schema that throws on input it did not expect (a refinement
 * reading a field of a non-object) is a 400 for that input, never a 500.
 */
export const safeValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch {
      return { error: new Error(messages.validationFailed) };
    }
  };
};

/**
 * One error handler for the whole app. A missing body on POST/PUT/PATCH becomes `{}` so the client
 * sees a message per required field instead of one about the body; text bodies are refused.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) done(null, undefined);
    else parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    const empty = request.body === undefined || request.body === null;
    if (empty && ['POST', 'PUT', 'PATCH'].includes(request.method)) request.body = {};
  });

  app.setErrorHandler((err, request, reply) => {
    const { status, body, retryAfter } = toErrorReply(err);
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request refused');
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply.status(status).send(body);
  });
}

/** The 404 of every unknown route; `fallback` may answer first (the SPA's index.html). */
export function registerNotFound(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setNotFoundHandler((request, reply) => {
    const served = fallback?.(request, reply);
    if (served) return served;
    return reply.status(404).send(envelope('NOT_FOUND', messages.notFound));
  });
}
