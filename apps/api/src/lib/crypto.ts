import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A one-time code of `length` characters from A-Z0-9, each drawn without modulo bias. */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** An opaque secret for a cookie: 32 random bytes, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** A password nobody will type, for generated accounts. */
export const randomPassword = (): string => randomBytes(15).toString('base64url');
