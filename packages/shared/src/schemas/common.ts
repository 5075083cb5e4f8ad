import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { messages } from '../messages.ts';

/** A string that must be present and non-blank; a missing and an empty value give the same message. */
export const requiredString = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

export const optionalString = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional();

/**
 * An e-mail: 'required' first, then the format, normalised to lower case. An empty value fails
 * both checks; readers show the first issue of a field, which is the 'required' one.
 */
export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired })
  .max(254, { error: messages.emailInvalid })
  .email({ error: messages.emailInvalid })
  .toLowerCase();

/** `page` and `limit` query parameters (spec section 9: defaults 1 and 14). */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'Limit must be 1 or more' })
    .max(PAGE_SIZE_MAX, { error: `Limit must be at most ${PAGE_SIZE_MAX}` })
    .default(PAGE_SIZE_DEFAULT),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_BODY',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** The thing existed but is over: an invitation expired, revoked or already accepted (410). */
  'GONE',
  'RATE_LIMITED',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_INACTIVE',
  'CODE_WRONG',
  'CODE_EXPIRED',
  'CODE_DEAD',
  /** The account's trial or paid period is over: it may read and export, not create or change (403). */
  'READ_ONLY',
  /** The database cannot be reached or gave up on the request (a timeout): try again (503). */
  'UNAVAILABLE',
  /** The account's plan allows no more workspaces or members (403): upgrade. */
  'PLAN_LIMIT',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error the API answers: `{ error: { code, message, fields? } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retry_after: z.number().int().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `{ data, message? }` for one object. */
export const dataEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ data, message: z.string().optional() });

/** `{ data: [...], meta: { page, limit, total } }` for a list. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  });

export const messageEnvelope = z.object({ message: z.string() });

/** A person's contact details (spec section 3), as a form sends them: each optional. */
export const contactFields = {
  phone: optionalString(40),
  address: optionalString(200),
  state: optionalString(100),
  country: optionalString(100),
  city: optionalString(100),
  zip: optionalString(20),
  notes: optionalString(2000),
};

/** The same details as the API answers them: null when not given. */
export const contactValues = {
  phone: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  notes: z.string().nullable(),
};
