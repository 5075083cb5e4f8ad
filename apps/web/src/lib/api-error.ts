import { messages } from '@workhub/shared/messages';
import type { ErrorCode } from '@workhub/shared/schemas/common';

/** An error answer of the API (`{ error: { code, message, fields?, retry_after? } }`) or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly fields: Record<string, string>;
  /** Seconds the server asks us to wait (429). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | 'NETWORK';
    message: string;
    fields?: Record<string, string> | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter;
  }
}

type ErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string>; retry_after?: number };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Builds an ApiError from any failed response, tolerating bodies that are not the API's envelope. */
export const toApiError = (status: number, body: unknown): ApiError => {
  const error = isRecord(body) ? (body as ErrorBody).error : undefined;
  const fallback = status >= 500 ? messages.serverError : messages.genericError;
  return new ApiError({
    status,
    code: (error?.code as ErrorCode | undefined) ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED'),
    message: error?.message || fallback,
    fields: error?.fields,
    retryAfter: error?.retry_after,
  });
};

/** The message to show for anything thrown by a call: the server's message, or 'Error'. */
export const errorMessage = (error: unknown): string => {
  if (error instanceof Error && error.message) return error.message;
  return messages.genericError;
};
