import { describe, expect, it } from 'vitest';
import { deltaColor, formatCompact, formatDelta, formatMoney } from './operations-format.ts';

describe("a stock move's change", () => {
  it('is signed: + up, - down, 0 unsigned', () => {
    expect(formatDelta('12.5000')).toBe('+12.5');
    expect(formatDelta('-3.0000')).toBe('-3');
    expect(formatDelta('0.0000')).toBe('0');
  });

  it('is green up, red down, and neither for a count that changed nothing', () => {
    expect(deltaColor('12.5000')).toBe('green.8');
    expect(deltaColor('0.0001')).toBe('green.8');
    expect(deltaColor('-3.0000')).toBe('red.8');
    expect(deltaColor('0.0000')).toBe('dimmed');
    expect(deltaColor('-0.0000')).toBe('dimmed');
  });
});

describe('money', () => {
  it('formats the API’s decimal text exactly, with 2 to 4 decimals and grouped thousands', () => {
    expect(formatMoney('1234.5000')).toBe('1,234.50');
    expect(formatMoney('0.0000')).toBe('0.00');
    expect(formatMoney('12.3456')).toBe('12.3456');
    expect(formatMoney('12.3400')).toBe('12.34');
    expect(formatMoney('12.3450')).toBe('12.345');
    expect(formatMoney('-3.25')).toBe('-3.25');
    expect(formatMoney('400')).toBe('400.00');
    expect(formatMoney(null)).toBe('—');
  });

  it('keeps every digit of values past a float’s precision', () => {
    expect(formatMoney('999999999999999999999.99')).toBe('999,999,999,999,999,999,999.99');
    expect(formatMoney('99999999999999999999999999.1234')).toBe('99,999,999,999,999,999,999,999,999.1234');
  });

  it('rounds more than 4 decimals half away from zero, with no minus on a zero', () => {
    expect(formatMoney('1.11108889')).toBe('1.1111');
    expect(formatMoney('0.99995')).toBe('1.00');
    expect(formatMoney('-2.00004')).toBe('-2.00');
    expect(formatMoney('-0.00001')).toBe('0.00');
  });
});

describe('a chart axis’s figure', () => {
  it('is compact up to trillions, scientific beyond', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(45_000_000)).toBe('45M');
    expect(formatCompact(999e12)).toBe('999T');
    expect(formatCompact(1e20)).toBe('1E20');
    expect(formatCompact(-5e15)).toBe('-5E15');
  });
});
