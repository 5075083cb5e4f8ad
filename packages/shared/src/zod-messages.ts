import { messages } from './messages.ts';

/**
 * zod's error map for what a schema gives no message of its own (zod asks it only then): a field
 * left out reads 'This field is required' instead of zod's 'Invalid input: expected object,
 * received undefined'. Anything else keeps zod's own words. `z.config({ customError })`.
 */
export const missingFieldMessage = (issue: { code?: string; input?: unknown }): string | undefined =>
  issue.code === 'invalid_type' && issue.input === undefined ? messages.fieldRequired : undefined;
