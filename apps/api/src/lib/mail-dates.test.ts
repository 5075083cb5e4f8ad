import { describe, expect, it } from 'vitest';
import { mailDay, mailUtcDay } from './mail-dates.ts';

describe('mail dates', () => {
  it('writes a calendar day with its weekday, whatever the server zone', () => {
    expect(mailDay('2026-02-03')).toBe('Tuesday 3 February 2026');
    expect(mailDay('2028-02-29')).toBe('Tuesday 29 February 2028');
  });

  it('leaves what is no calendar day as it came', () => {
    expect(mailDay('tomorrow')).toBe('tomorrow');
    expect(mailDay('2026-13-45')).toBe('2026-13-45');
  });

  it('writes an instant as its UTC day', () => {
    expect(mailUtcDay(new Date('2026-11-30T23:30:00-05:00'))).toBe('1 December 2026');
  });
});
