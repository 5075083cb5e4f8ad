import { describe, expect, it } from 'vitest';
import { instantAt, instantsAt, localTimeOf } from './wall-clock.ts';

describe('the wall clock of a time zone', () => {
  it('reads a clock-face time as its instant, the nights the clocks change included', () => {
    expect(instantAt('2026-06-01', 9 * 60, 'Africa/Nairobi').toISOString()).toBe('2026-06-01T06:00:00.000Z');
    // Berlin goes forward at 02:00 on 2026-03-29: 02:30 is skipped, its instant is when they skip.
    expect(instantAt('2026-03-29', 150, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instantsAt('2026-03-29', 150, 'Europe/Berlin')).toEqual([]);
    // And back at 03:00 on 2026-10-25: 02:30 is read twice, the earlier first.
    expect(instantsAt('2026-10-25', 150, 'Europe/Berlin').map((d) => d.toISOString())).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ]);
    expect(localTimeOf(new Date('2026-06-01T06:00:00Z'), 'Africa/Nairobi')).toEqual({
      date: '2026-06-01',
      minute: 9 * 60,
    });
  });

  it('reads the years 1 to 99 as themselves, not as 1901 to 1999', () => {
    expect(instantAt('0050-06-01', 0, 'UTC').toISOString()).toBe('0050-06-01T00:00:00.000Z');
    expect(instantAt('0001-01-01', 0, 'Etc/GMT-3').toISOString()).toBe('0000-12-31T21:00:00.000Z');
    expect(instantAt('9999-12-31', 24 * 60, 'Etc/GMT+10').toISOString()).toBe('+010000-01-01T10:00:00.000Z');
  });
});
