import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * Money and quantities: numeric(14,4) columns, sent as a string ('12.5') or a JSON number (12.5)
 * and parsed to a canonical decimal string ('12.5': no exponent, no leading or trailing zeros),
 * which the API hands to PostgreSQL as is. Never a float in between: '0.1' stays '0.1'.
 * Answers carry decimals as strings too (`decimalString`).
 */

/** numeric(14,4): 10 digits before the point, 4 after. */
export const DECIMAL_SCALE = 4;
export const DECIMAL_INTEGER_DIGITS = 10;

export type DecimalSign = 'any' | 'nonnegative' | 'positive';

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * The canonical text of a decimal, or the message that says what is wrong with it. A JS number is
 * read as the shortest text that gives it back (String(0.1) is '0.1'); one JavaScript writes with
 * an exponent (1e-7, 1e21) is too small or too large for numeric(14,4) anyway.
 */
export function parseDecimal(input: string | number): { value: string } | { error: string } {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { error: messages.decimalInvalid };
    const text = String(input);
    if (/e/i.test(text))
      return { error: Math.abs(input) >= 1 ? messages.decimalTooLarge : messages.decimalScale };
    return parseDecimal(text);
  }
  const match = PLAIN.exec(input.trim());
  const whole = (match?.[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match?.[3] ?? '').replace(/0+$/, '');
  if (!match || (match[2] ?? '') + (match[3] ?? '') === '') return { error: messages.decimalInvalid };
  if (fraction.length > DECIMAL_SCALE) return { error: messages.decimalScale };
  if (whole.replace(/^0$/, '').length > DECIMAL_INTEGER_DIGITS) return { error: messages.decimalTooLarge };
  const magnitude = `${whole === '' ? '0' : whole}${fraction === '' ? '' : `.${fraction}`}`;
  const zero = /^0(\.0*)?$/.test(magnitude);
  return { value: match[1] === '-' && !zero ? `-${magnitude}` : magnitude };
}

const signError = (value: string, sign: DecimalSign): string | null => {
  const negative = value.startsWith('-');
  if (sign === 'nonnegative' && negative) return messages.decimalNegative;
  if (sign === 'positive' && (negative || value === '0')) return messages.decimalNotPositive;
  return null;
};

/** The decimal's text, or an issue added to `ctx` (z.NEVER). */
function readDecimal(
  input: string | number,
  sign: DecimalSign,
  ctx: z.RefinementCtx,
): string | typeof z.NEVER {
  const parsed = parseDecimal(input);
  const error = 'error' in parsed ? parsed.error : signError(parsed.value, sign);
  if (error !== null || !('value' in parsed)) {
    ctx.addIssue({ code: 'custom', message: error ?? messages.decimalInvalid, input });
    return z.NEVER;
  }
  return parsed.value;
}

/** A required decimal of numeric(14,4); missing, null or '' gives `requiredMessage`. */
export const decimalField = (sign: DecimalSign, requiredMessage: string = messages.decimalRequired) =>
  z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : messages.decimalInvalid,
    })
    .transform((input, ctx) => {
      if (typeof input === 'string' && input.trim() === '') {
        ctx.addIssue({ code: 'custom', message: requiredMessage, input });
        return z.NEVER;
      }
      return readDecimal(input, sign, ctx);
    });

/** An optional decimal: missing, null or '' is null (a form's cleared field). */
export const optionalDecimalField = (sign: DecimalSign) =>
  z
    .union([z.string(), z.number(), z.null()], { error: messages.decimalInvalid })
    .optional()
    .transform((input, ctx) =>
      input === undefined || input === null || (typeof input === 'string' && input.trim() === '')
        ? null
        : readDecimal(input, sign, ctx),
    );

/** A decimal the API answers: its text, exact ('12.5000' as numeric(14,4) gives it, or '1.11108889'). */
export const decimalString = z.string().describe('A decimal number as text, e.g. "12.5000"');
