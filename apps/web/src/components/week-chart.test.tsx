import { describe, expect, it } from 'vitest';
import { axisTop } from './week-chart.tsx';

describe('axisTop', () => {
  it.each([
    [[0, 1, 0], 2],
    [[3], 10],
    [[2], 2],
    [[5], 10],
    [[21], 50],
    [[25], 50],
    [[0, 0], 2],
    [[140], 200],
  ])('gives counts %j a round top whose middle tick is whole: %d', (values, top) => {
    expect(axisTop(values)).toBe(top);
    expect(Number.isInteger(axisTop(values) / 2)).toBe(true);
  });

  it('keeps the round tops of amounts that are not whole (2.5, 0.5 ...)', () => {
    expect(axisTop([0.4])).toBe(0.5);
    expect(axisTop([2.3, 1.1])).toBe(2.5);
    expect(axisTop([1999.5])).toBe(2000);
  });
});
