import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { messages } from '../messages.ts';
import {
  hasNoControlCharacters,
  hasVisibleCharacter,
  INT32_MAX,
  isSingleLine,
  isWellFormedText,
} from '../text.ts';

export {
  hasNoControlCharacters,
  hasVisibleCharacter,
  INT32_MAX,
  isSingleLine,
  isUuid,
  isWellFormedText,
  searchableText,
  withoutRefusedCharacters,
} from '../text.ts';

/**
 * Whether a field may hold several lines. 'single' for what is shown on one line (names, titles,
 * short codes, a phone number, a search): a line break there reaches a mail's Subject or splits a
 * list's row. 'multi' for descriptions, notes, comments and addresses.
 */
export type TextLines = 'single' | 'multi';

/**
 * The checks every text field has, in the order a reader meets their messages: control characters,
 * lone surrogates, then (single-line fields) line breaks. For a text schema built by hand:
 * `textRules(z.string().trim().min(1, ...), 'multi')`.
 */
export const textRules = (schema: z.ZodString, lines: TextLines): z.ZodString => {
  const checked = schema
    .refine(hasNoControlCharacters, { error: messages.textControlCharacters })
    .refine(isWellFormedText, { error: messages.textMalformed });
  return lines === 'single' ? checked.refine(isSingleLine, { error: messages.textLineBreak }) : checked;
};

const text = (max: number, lines: TextLines, typeMessage?: string) =>
  textRules(
    z
      .string(typeMessage === undefined ? undefined : { error: typeMessage })
      .trim()
      .max(max, { error: `Must be at most ${max} characters` }),
    lines,
  );

/** Text of one line (a name, a title, a code, a filter): trimmed, at most `max` characters. */
export const plainText = (max = 200, typeMessage?: string) => text(max, 'single', typeMessage);

/** Text that may hold several lines (a description, notes, a comment, an address). */
export const multilineText = (max = 2000, typeMessage?: string) => text(max, 'multi', typeMessage);

// Blank is also what shows nothing: a name of zero-width spaces is a heading no one can read.
const required = (message: string, max: number, lines: TextLines) =>
  textRules(
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(max, { error: `Must be at most ${max} characters` })
      .refine(hasVisibleCharacter, { error: message }),
    lines,
  );

/**
 * A one-line string that must be present and non-blank (a name, a title); a missing and an empty
 * value give the same message.
 */
export const requiredString = (message: string, max = 200) => required(message, max, 'single');

/** A required text that may hold several lines (a project's or workspace's description). */
export const requiredMultilineText = (message: string, max = 2000) => required(message, max, 'multi');

/** Optional one-line text: missing stays missing. */
export const optionalString = (max = 200) => plainText(max).optional();

/** Optional text of a record, one line: trimmed; '', null or missing is null (the answer's null). */
export const nullableText = (max: number) => plainText(max).nullish().transform(emptyToNull);

/** A phone number as people write it: 7 to 20 of digits, spaces, +, - and ( ), with a digit. */
export const PHONE_PATTERN = /^(?=.*\d)[0-9 +()-]{7,20}$/;
const isPhone = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' || PHONE_PATTERN.test(value);

/** An optional phone number (a form's empty field passes); anything else is refused. */
export const optionalPhone = () => optionalString(40).refine(isPhone, { error: messages.phoneInvalid });

/** An optional phone number of a record; '', null or missing is null. */
export const nullablePhone = () => nullableText(40).refine(isPhone, { error: messages.phoneInvalid });

/** Optional text of a record that may hold several lines; '', null or missing is null. */
export const nullableMultilineText = (max: number) => multilineText(max).nullish().transform(emptyToNull);

function emptyToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

/** A search box (`q`): optional text, refused when it carries a control character. */
export const searchQuery = (max = 100) => plainText(max).optional();

/**
 * A calendar date, 'YYYY-MM-DD' (what a date input gives), that exists: `2027-02-30` and
 * `2026-13-01` are refused here instead of by the database (a 500). Years run 0001-9999.
 */
export const calendarDate = (requiredMessage: string, invalidMessage: string = messages.dateInvalid) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: invalidMessage })
    .refine(isCalendarDate, { error: invalidMessage });

/** True when 'YYYY-MM-DD' names a day that exists (Date.parse would roll 02-30 over to 03-02). */
export function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value && value >= '0001';
}

/** True when the runtime knows the IANA time zone `value` ('Africa/Nairobi', 'UTC'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * One of `values`. Missing, null or '' (a form's select left empty) gives `required`, the spec's
 * message; any other value names the choices: `{ status: 'gone' }` says what the status may be.
 */
export const choiceField = <const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  label: string,
) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? required
        : messages.oneOf(label, values),
  });

/** True when `code` is an ISO 4217 currency the runtime knows ('KES', 'USD'), upper-case. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/**
 * A workspace's currency, its ISO code: what its amounts (a salon's prices, a school's fees) are
 * shown in. Missing leaves it as it is; null or '' (a form's "None") is none.
 */
export const currencyField = z
  .string({ error: messages.currencyInvalid })
  .refine((value) => value === '' || isCurrency(value), { error: messages.currencyInvalid })
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));

/** The id of a record (a uuid): anything else is a 400 before it reaches a query. */
export const idField = (message: string = messages.idInvalid) => z.uuid({ error: message });

/**
 * An optional reference: a uuid, or missing, null or '' (a form's "None" choice) for none. A form
 * validates its values with the same schema before it sends them, so '' must pass here.
 */
export const optionalIdField = (message: string = messages.idInvalid) =>
  z
    .union([z.literal(''), idField(message)], { error: message })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));

/**
 * A whole number that fits a PostgreSQL `integer` column or parameter, from JSON or a query string
 * (coerced): 2^31 and beyond are a 400, not a failed query. `min` defaults to 1 (ids, pages).
 */
export const int32 = (
  options: { min?: number; max?: number; message?: string; minMessage?: string; maxMessage?: string } = {},
) => {
  const { min = 1, max = INT32_MAX, message = messages.numberInvalid } = options;
  const minMessage = options.minMessage ?? options.message ?? `Must be ${min} or more`;
  const maxMessage =
    options.maxMessage ?? (max === INT32_MAX ? messages.numberTooLarge : `Must be at most ${max}`);
  // The range before .int(): 1e20 is a whole number too large to be a safe integer, and its first
  // issue (the one readers show) says it is too large, not that it is not a whole number.
  return z.coerce
    .number({ error: message })
    .min(min, { error: minMessage })
    .max(Math.min(max, INT32_MAX), { error: maxMessage })
    .int({ error: message });
};

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
  // Each message names the page: a list's address ('?page=abc') is where a wrong one comes from.
  page: int32({
    message: 'Page must be a whole number',
    minMessage: 'Page must be 1 or more',
    maxMessage: `Page must be at most ${INT32_MAX}`,
  }).default(1),
  limit: int32({
    max: PAGE_SIZE_MAX,
    minMessage: 'Limit must be 1 or more',
    maxMessage: `Limit must be at most ${PAGE_SIZE_MAX}`,
  }).default(PAGE_SIZE_DEFAULT),
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
  /** The account's plan allows no more workspaces or members (403): upgrade. */
  'PLAN_LIMIT',
  /**
   * An edit made against a version of the record that is no longer the stored one (`If-Match`
   * with another `updated_at`): someone saved in between, and this edit would undo theirs (412).
   */
  'EDIT_CONFLICT',
  /** The database cannot be reached or gave up on the request (a timeout): try again (503). */
  'UNAVAILABLE',
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

/**
 * `{ data: [...], meta: { page, limit, total } }` for a list. A list whose rows grow without bound
 * (a queue's tickets) may stop counting: `capped: true` then says there are more than `total`.
 */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      capped: z.boolean().optional(),
    }),
  });

export const messageEnvelope = z.object({ message: z.string() });

/** A person's contact details (spec section 3), as a form sends them: each optional. */
export const contactFields = {
  phone: optionalPhone(),
  address: multilineText(200).optional(),
  state: optionalString(100),
  country: optionalString(100),
  city: optionalString(100),
  zip: optionalString(20),
  notes: multilineText(2000).optional(),
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
