import { describe, expect, it } from 'vitest';
import { counted, withDatesShown } from './labels.ts';

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
  });
});
