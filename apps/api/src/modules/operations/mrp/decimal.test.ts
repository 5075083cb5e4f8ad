import { describe, expect, it } from 'vitest';
import { add, compare, decimal, format, formatGrouped, mul, roundHalfUp, sub } from './decimal.ts';

describe('decimal', () => {
  it('reads numeric text and numbers exactly', () => {
    expect(format(decimal('12'))).toBe('12');
    expect(format(decimal('-0.50'))).toBe('-0.5');
    expect(format(decimal('.25'))).toBe('0.25');
    expect(format(decimal(1e-7))).toBe('0.0000001');
    expect(format(decimal('1.5e3'))).toBe('1500');
    expect(format(decimal(' 007.100 '))).toBe('7.1');
  });

  it('groups the whole part of a quantity in threes for the messages, and only that', () => {
    expect(formatGrouped(decimal('719999999999.9928'))).toBe('719,999,999,999.9928');
    expect(formatGrouped(decimal('-1234567'))).toBe('-1,234,567');
    expect(formatGrouped(decimal('999.12345'))).toBe('999.12345');
    expect(formatGrouped(decimal('1000.0000'))).toBe('1,000');
    expect(formatGrouped(decimal('0.0001234'))).toBe('0.0001234');
    // The contract's own text stays plain.
    expect(format(decimal('719999999999.9928'))).toBe('719999999999.9928');
  });

  it('refuses what is not a decimal', () => {
    for (const text of ['', '.', 'abc', '1.2.3', '1e', '--1'])
      expect(() => decimal(text)).toThrow(/Not a decimal/);
    expect(() => decimal(Number.NaN)).toThrow(/Not a number/);
    expect(() => decimal('12,5')).toThrow(
      expect.objectContaining({ name: 'MrpError', code: 'invalid_input' }),
    );
  });

  it('adds, subtracts and multiplies without the drift of floats', () => {
    const tenth = decimal('0.1');
    expect(format(add(add(tenth, tenth), tenth))).toBe('0.3');
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
    expect(format(sub(decimal('1'), decimal('0.9')))).toBe('0.1');
    expect(format(mul(decimal('0.35'), decimal('20')))).toBe('7');
    expect(format(mul(decimal('1.1'), decimal('1.1')))).toBe('1.21');
    expect(format(mul(decimal('-2.5'), decimal('0.2')))).toBe('-0.5');
  });

  it('compares across scales', () => {
    expect(compare(decimal('1.50'), decimal('1.5'))).toBe(0);
    expect(compare(decimal('2'), decimal('10.01'))).toBe(-1);
    expect(compare(decimal('-0.001'), decimal('-0.01'))).toBe(1);
  });

  it('rounds half away from zero only when asked', () => {
    expect(format(roundHalfUp(decimal('2.345'), 2))).toBe('2.35');
    expect(format(roundHalfUp(decimal('-2.345'), 2))).toBe('-2.35');
    expect(format(roundHalfUp(decimal('2.344'), 2))).toBe('2.34');
    expect(format(roundHalfUp(decimal('2.3'), 2))).toBe('2.3');
  });
});
