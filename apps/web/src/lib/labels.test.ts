import { describe, expect, it } from 'vitest';
import { counted, formatDate, formatDateTime, formatNumber, weekLabel, withDatesShown } from './labels.ts';

/** What the browser's own formatter writes: the dates are written out by hand to match it. */
const intlDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const intlDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const intlDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const intlWeek = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

describe('formatDate, formatDateTime and weekLabel', () => {
  it('write every day of a year (and of a leap year) as Intl en-GB does', () => {
    for (const year of [2024, 2026]) {
      for (let at = Date.UTC(year, 0, 1); at < Date.UTC(year + 1, 0, 1); at += 86_400_000) {
        const day = new Date(at).toISOString().slice(0, 10);
        expect(formatDate(day)).toBe(intlDay.format(new Date(at)));
        expect(weekLabel(day)).toBe(intlWeek.format(new Date(at)));
      }
    }
  });

  it('write a moment in the browser time zone, hours and minutes on two digits, as Intl en-GB does', () => {
    const moments = [
      '2026-03-03T00:05:00',
      '2026-03-03T09:00:00',
      '2026-09-30T14:59:00',
      '2026-12-31T23:59:59',
    ];
    for (const local of moments) {
      const moment = new Date(local).toISOString();
      expect(formatDate(moment)).toBe(intlDate.format(new Date(moment)));
      expect(formatDateTime(moment)).toBe(intlDateTime.format(new Date(moment)));
    }
    expect(formatDateTime(new Date(2026, 2, 3, 14, 5).toISOString())).toBe('3 Mar 2026, 14:05');
    expect(formatDate('2026-09-07')).toBe('7 Sept 2026');
  });

  it('write the first and last years a date can have, and leave years beyond them to Intl', () => {
    expect(formatDate('0001-01-01')).toBe(intlDay.format(new Date('0001-01-01T00:00:00Z')));
    expect(formatDate('9999-12-31')).toBe('31 Dec 9999');
    const far = '+010000-01-01T12:00:00Z';
    expect(formatDateTime(far)).toBe(intlDateTime.format(new Date(far)));
    expect(formatDate(far)).toBe(intlDate.format(new Date(far)));
  });

  it('show nothing readable as a dash', () => {
    for (const value of [null, undefined, '', 'soon', '2026-13-45']) {
      expect(formatDate(value)).toBe('—');
      expect(formatDateTime(value)).toBe('—');
    }
    expect(weekLabel('soon')).toBe('soon');
  });
});

describe('withDatesShown', () => {
  it('shows each calendar day of a server message as the app shows dates', () => {
    expect(
      withDatesShown(
        'Purchase proposal 1 for 5 of product Gear should have been released on 2026-11-23 to be ready on 2026-11-28',
      ),
    ).toBe(
      'Purchase proposal 1 for 5 of product Gear should have been released on 23 Nov 2026 to be ready on 28 Nov 2026',
    );
    expect(withDatesShown('Order CO-00001 line 1 was due 2026-02-28: planned as needed today')).toBe(
      'Order CO-00001 line 1 was due 28 Feb 2026: planned as needed today',
    );
  });

  it('leaves what is not a calendar day as it is', () => {
    expect(withDatesShown('Product Gear has 1 on hand')).toBe('Product Gear has 1 on hand');
    expect(withDatesShown('batch 2026-13-45 and 12026-01-01')).toBe('batch 2026-13-45 and 12026-01-01');
    expect(withDatesShown('at 2026-03-03T10:00:00Z')).toBe('at 2026-03-03T10:00:00Z');
  });
});

describe('counted', () => {
  it('agrees the noun with the count', () => {
    expect(counted(1, 'exception')).toBe('1 exception');
    expect(counted(0, 'exception')).toBe('0 exceptions');
    expect(counted(2, 'proposal')).toBe('2 proposals');
    expect(counted(1, 'box', 'boxes')).toBe('1 box');
    expect(counted(3, 'box', 'boxes')).toBe('3 boxes');
  });

  it('groups the thousands of a large count', () => {
    expect(counted(34080, 'proposal')).toBe('34,080 proposals');
    expect(counted(1_000_000, 'task')).toBe('1,000,000 tasks');
  });
});

describe('formatNumber', () => {
  const intl = new Intl.NumberFormat('en-GB');

  it('writes a whole number as Intl en-GB does, without making a formatter', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 34_080, 99_999, 100_000, 123_456];
    const more = [1_000_000, 1_234_567, 2_147_483_647, 10 ** 15, Number.MAX_SAFE_INTEGER];
    for (const value of [...values, ...more]) {
      expect(formatNumber(value)).toBe(intl.format(value));
      expect(formatNumber(-value || 0)).toBe(intl.format(-value || 0));
    }
    expect(formatNumber(-0)).toBe('0');
  });

  it('leaves a fraction and a number beyond 2^53 to Intl', () => {
    for (const value of [2.5, -1234.5678, 0.0001, 1e21, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(value)).toBe(intl.format(value));
    }
  });
});
