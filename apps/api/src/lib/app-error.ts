import { messages } from '@workhub/shared/messages';
import type { ErrorCode } from '@workhub/shared/schemas/common';

type AppErrorOptions = { fields?: Record<string, string>; retryAfter?: number };

/**
 * The one error a service throws. `message` is what the user sees (a string of messages.ts); the
 * central error handler turns it into `{ error: { code, message, fields?, retry_after? } }`.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** Seconds until the client may try again (429). */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

/** The driver's error of `code` (a PostgreSQL SQLSTATE), whether drizzle wrapped it or not. */
function driverErrorOf(err: unknown, code: string): object | undefined {
  let depth = 0;
  for (let e: unknown = err; e && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return e;
    depth += 1;
  }
  return undefined;
}

/** The driver's error of a unique violation (PostgreSQL 23505). */
const uniqueViolationOf = (err: unknown) => driverErrorOf(err, '23505');

/**
 * A foreign key said no (PostgreSQL 23503): a record written against one deleted at the same
 * instant, after the service had found it, or a delete of one that was written against meanwhile.
 */
export const isForeignKeyViolation = (err: unknown): boolean => driverErrorOf(err, '23503') !== undefined;

/** A unique constraint said no (PostgreSQL 23505), whether drizzle wrapped the driver error or not. */
export const isUniqueViolation = (err: unknown): boolean => uniqueViolationOf(err) !== undefined;

/**
 * The name of the unique constraint or index that said no: postgres.js calls it `constraint_name`,
 * PGlite `constraint`. Undefined when the error is not a unique violation or does not name it.
 */
export function uniqueViolationConstraint(err: unknown): string | undefined {
  const found = uniqueViolationOf(err) as { constraint_name?: unknown; constraint?: unknown } | undefined;
  const name = found?.constraint_name ?? found?.constraint;
  return typeof name === 'string' ? name : undefined;
}

export const notFound = () => new AppError(404, 'NOT_FOUND', messages.notFound);
export const unauthorized = (message: string = messages.unauthorized) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, fields ? { fields } : {});
