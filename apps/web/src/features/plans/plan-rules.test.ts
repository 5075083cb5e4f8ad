import { describe, expect, it } from 'vitest';
import { formatPeriod } from './plan-rules.ts';

describe('formatPeriod', () => {
  it('names a plan’s billing period as a reader says it', () => {
    expect(formatPeriod(1)).toBe('per month');
    expect(formatPeriod(3)).toBe('per 3 months');
    expect(formatPeriod(12)).toBe('per year');
    expect(formatPeriod(24)).toBe('per 2 years');
    expect(formatPeriod(18)).toBe('per 18 months');
  });
});
