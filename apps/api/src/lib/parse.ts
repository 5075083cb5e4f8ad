import { messages } from '@workhub/shared/messages';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Parses with a shared schema where a route cannot (the body's shape depends on the record, as
 * accepting an invitation): the same 400 as a route's validation, one message per field.
 */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  const extra = Object.keys(fields).length > 0 ? { fields } : {};
  throw new AppError(400, 'VALIDATION_FAILED', messages.validationFailed, extra);
}
