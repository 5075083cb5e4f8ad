import { describe, expect, it } from 'vitest';
import { prefersMinimalReturn } from './prefer.ts';

describe('prefersMinimalReturn', () => {
  it.each([
    ['return=minimal'],
    ['Return=Minimal'],
    [' return = minimal '],
    ['return="minimal"'],
    ['respond-async, return=minimal'],
    ['return=minimal; foo=bar'],
    ['wait=10,return=minimal'],
  ])('reads %j as asking for the minimal answer', (header) => {
    expect(prefersMinimalReturn(header)).toBe(true);
  });

  it.each([
    [undefined],
    [''],
    ['return=representation'],
    ['return'],
    ['minimal'],
    ['return=minimalist'],
    ['x-return=minimal'],
    ['foo; return=minimal'],
    ['return=\u0000minimal'],
  ])('reads %j as no preference: the full answer', (header) => {
    expect(prefersMinimalReturn(header)).toBe(false);
  });

  it('reads repeated headers as one list', () => {
    expect(prefersMinimalReturn(['respond-async', 'return=minimal'])).toBe(true);
    expect(prefersMinimalReturn(['respond-async', 'wait=5'])).toBe(false);
  });
});
