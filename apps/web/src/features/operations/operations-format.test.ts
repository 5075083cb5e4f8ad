import { describe, expect, it } from 'vitest';
import { deltaColor, formatDelta } from './operations-format.ts';

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
