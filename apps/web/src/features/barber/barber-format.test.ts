import { describe, expect, it } from 'vitest';
import {
  instantIn,
  isSkippedTime,
  minuteOfDayIn,
  minutesToTime,
  money,
  timeIn,
  timeToMinutes,
} from './barber-format.ts';

describe('barber times in the shop time zone', () => {
  it('reads and writes times of day', () => {
    expect(minutesToTime(570)).toBe('09:30');
    expect(minutesToTime(0)).toBe('00:00');
    expect(timeToMinutes('09:30')).toBe(570);
    expect(timeToMinutes('9:05')).toBe(545);
    expect(timeToMinutes('25:00')).toBeNull();
    expect(timeToMinutes('nine')).toBeNull();
  });

  it('turns a local wall time into an instant and back', () => {
    expect(instantIn('2026-12-07', 540, 'Africa/Nairobi')).toBe('2026-12-07T06:00:00.000Z');
    expect(instantIn('2026-12-07', 60, 'Africa/Nairobi')).toBe('2026-12-06T22:00:00.000Z');
    expect(instantIn('2027-03-15', 540, 'America/New_York')).toBe('2027-03-15T13:00:00.000Z');
    expect(minuteOfDayIn('2026-12-07T06:15:00.000Z', 'Africa/Nairobi')).toBe(555);
    expect(timeIn('2026-12-06T22:00:00.000Z', 'Africa/Nairobi')).toBe('01:00');
  });

  it('on the nights the clocks change: the first of a repeated time, the jump for a skipped one (as the API)', () => {
    // Berlin: 2026-03-29 02:00 -> 03:00, 2026-10-25 03:00 -> 02:00 (both at 01:00Z).
    expect(instantIn('2026-03-29', 150, 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(isSkippedTime('2026-03-29', 150, 'Europe/Berlin')).toBe(true);
    expect(instantIn('2026-03-29', 90, 'Europe/Berlin')).toBe('2026-03-29T00:30:00.000Z');
    expect(instantIn('2026-03-29', 210, 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(isSkippedTime('2026-03-29', 180, 'Europe/Berlin')).toBe(false);
    expect(instantIn('2026-10-25', 150, 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(isSkippedTime('2026-10-25', 150, 'Europe/Berlin')).toBe(false);
    expect(instantIn('2026-10-25', 210, 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000Z');
    // Lord Howe goes forward half an hour (02:00 -> 02:30); Santiago skips its midnight.
    expect(isSkippedTime('2026-10-04', 135, 'Australia/Lord_Howe')).toBe(true);
    expect(instantIn('2026-10-04', 150, 'Australia/Lord_Howe')).toBe('2026-10-03T15:30:00.000Z');
    expect(instantIn('2026-09-06', 30, 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(isSkippedTime('2026-09-06', 30, 'America/Santiago')).toBe(true);
    expect(isSkippedTime('2026-12-07', 540, 'Africa/Nairobi')).toBe(false);
  });
});

describe('money', () => {
  it('shows whole amounts whole and any cents to two places', () => {
    expect(money('800.0000')).toBe('800');
    expect(money('12.5000')).toBe('12.50');
    expect(money(23)).toBe('23');
    expect(money('0.0500')).toBe('0.05');
    expect(money('1250.7500')).toBe((1250.75).toLocaleString(undefined, { minimumFractionDigits: 2 }));
  });

  it('shows the decimals stored beyond the cents as they are, never rounded', () => {
    expect(money('1.9990')).toBe('1.999');
    expect(money('0.1234')).toBe('0.1234');
    expect(money('2.5010')).toBe('2.501');
    expect(money('25.0000')).toBe('25');
    expect(money(12.345)).toBe('12.345');
    expect(money(0.1 + 0.2)).toBe('0.30');
  });
});
