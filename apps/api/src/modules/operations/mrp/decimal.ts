import { MrpError } from './mrp-error.ts';

/**
 * Exact decimal arithmetic for money and quantities: a BigInt coefficient and a base-10 scale
 * (value = coef / 10^scale). Sums and products are exact (a product's scale is the sum of its
 * factors' scales), so a roll-up or a netting never drifts the way floats do; nothing is rounded
 * until a caller asks for it with `roundHalfUp`.
 */
export type Decimal = { readonly coef: bigint; readonly scale: number };

/** What the engine accepts where a number is meant: a numeric column's text, a JS number or a Decimal. */
export type DecimalInput = string | number | Decimal;

export const ZERO: Decimal = { coef: 0n, scale: 0 };
export const ONE: Decimal = { coef: 1n, scale: 0 };

const POW10: bigint[] = [1n];
function pow10(n: number): bigint {
  while (POW10.length <= n) POW10.push((POW10[POW10.length - 1] ?? 1n) * 10n);
  return POW10[n] ?? 1n;
}

// Sign, integer digits, fraction digits, exponent ("12", "-0.5", ".25", "1e-7" as String(1e-7) writes it).
const PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

export function decimal(input: DecimalInput): Decimal {
  if (typeof input === 'object') return input;
  if (typeof input === 'number' && !Number.isFinite(input))
    throw new MrpError('invalid_input', `Not a number: ${input}`);
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = PATTERN.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole.length + fraction.length === 0)
    throw new MrpError('invalid_input', `Not a decimal: "${text}"`);
  const digits = BigInt(whole + fraction);
  const coef = match[1] === '-' ? -digits : digits;
  const scale = fraction.length - Number(match[4] ?? 0);
  return scale >= 0 ? { coef, scale } : { coef: coef * pow10(-scale), scale: 0 };
}

/** b's coefficient at a's (larger) scale. */
const rescale = (b: Decimal, scale: number): bigint => b.coef * pow10(scale - b.scale);

/** The same value with no trailing zeros in the fraction (keeps scales, and so BigInts, small). */
export function normalize(a: Decimal): Decimal {
  if (a.scale === 0 || a.coef % 10n !== 0n) return a;
  if (a.coef === 0n) return ZERO;
  let { coef, scale } = a;
  while (scale > 0 && coef % 10n === 0n) {
    coef /= 10n;
    scale -= 1;
  }
  return { coef, scale };
}

export function add(a: Decimal, b: Decimal): Decimal {
  if (b.coef === 0n) return a;
  if (a.coef === 0n) return b;
  if (a.scale === b.scale) return { coef: a.coef + b.coef, scale: a.scale };
  return a.scale > b.scale
    ? { coef: a.coef + rescale(b, a.scale), scale: a.scale }
    : { coef: rescale(a, b.scale) + b.coef, scale: b.scale };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  if (b.coef === 0n) return a;
  if (a.scale === b.scale) return { coef: a.coef - b.coef, scale: a.scale };
  return a.scale > b.scale
    ? { coef: a.coef - rescale(b, a.scale), scale: a.scale }
    : { coef: rescale(a, b.scale) - b.coef, scale: b.scale };
}

export function mul(a: Decimal, b: Decimal): Decimal {
  if (a.coef === 0n || b.coef === 0n) return ZERO;
  return normalize({ coef: a.coef * b.coef, scale: a.scale + b.scale });
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compare(a: Decimal, b: Decimal): number {
  const x = a.scale >= b.scale ? a.coef : rescale(a, b.scale);
  const y = b.scale >= a.scale ? b.coef : rescale(b, a.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (a: Decimal): boolean => a.coef === 0n;
export const isNegative = (a: Decimal): boolean => a.coef < 0n;
export const isPositive = (a: Decimal): boolean => a.coef > 0n;
export const max = (a: Decimal, b: Decimal): Decimal => (compare(a, b) >= 0 ? a : b);
export const min = (a: Decimal, b: Decimal): Decimal => (compare(a, b) <= 0 ? a : b);

/** Rounded to `scale` fraction digits, halves away from zero (for display; the engine never calls it). */
export function roundHalfUp(a: Decimal, scale: number): Decimal {
  if (a.scale <= scale) return a;
  const divisor = pow10(a.scale - scale);
  const negative = a.coef < 0n;
  const magnitude = negative ? -a.coef : a.coef;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return normalize({ coef: negative ? -quotient : quotient, scale });
}

/** Plain notation, no exponent, no trailing fraction zeros: "40", "0.5", "-12.125". */
export function format(a: Decimal): string {
  const { coef, scale } = normalize(a);
  if (scale === 0) return coef.toString();
  const negative = coef < 0n;
  const digits = (negative ? -coef : coef).toString().padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/**
 * As format, with the whole part's digits in groups of three ("12,345,678.5"): a quantity in a
 * sentence the user reads. format stays plain, for the values the contract carries.
 */
export function formatGrouped(a: Decimal): string {
  const text = format(a);
  const point = text.indexOf('.');
  const whole = point === -1 ? text : text.slice(0, point);
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${point === -1 ? '' : text.slice(point)}`;
}
