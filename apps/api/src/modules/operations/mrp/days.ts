import { MrpError } from './mrp-error.ts';
import type { DateInput, LeadTimeUnit } from './types.ts';

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' (a real calendar day) or a day number, as a day number. */
export function toDay(input: DateInput, what: string): number {
  if (typeof input === 'number') {
    if (!Number.isInteger(input))
      throw new MrpError('invalid_input', `${what}: ${input} is not a whole day number`);
    return input;
  }
  const match = ISO_DATE.exec(input);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const time = Date.UTC(year, month - 1, day);
    const date = new Date(time);
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) {
      return time / MS_PER_DAY;
    }
  }
  throw new MrpError('invalid_input', `${what}: "${input}" is not a YYYY-MM-DD date`);
}

export const dayToIso = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** A lead time in whole days (a week is 7); a fraction of a day counts as a whole day. */
export function leadTimeDays(
  leadTime: number | undefined,
  unit: LeadTimeUnit | undefined,
  what: string,
): number {
  const value = leadTime ?? 0;
  if (!Number.isFinite(value) || value < 0) {
    throw new MrpError('invalid_input', `${what}: lead time ${value} is not a non-negative number`);
  }
  switch (unit ?? 'days') {
    case 'days':
      return Math.ceil(value);
    case 'weeks':
      return Math.ceil(value * 7);
  }
}
