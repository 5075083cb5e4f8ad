import { describe, expect, it } from 'vitest';
import { lowLevelCodes } from './llc.ts';

const line = (parent_id: string, component_id: string, status: 'active' | 'inactive' = 'active') => ({
  parent_id,
  component_id,
  status,
});

describe('lowLevelCodes', () => {
  it('gives each product its lowest level in any BOM', () => {
    // BIKE needs WHEEL and BOLT; WHEEL needs SPOKE and BOLT: BOLT is at levels 1 and 2, so 2.
    const { codes, cycle } = lowLevelCodes(
      ['BIKE', 'WHEEL', 'SPOKE', 'BOLT', 'LOOSE'],
      [line('BIKE', 'WHEEL'), line('BIKE', 'BOLT'), line('WHEEL', 'SPOKE'), line('WHEEL', 'BOLT')],
    );
    expect(cycle).toBeNull();
    expect(Object.fromEntries(codes)).toEqual({ BIKE: 0, WHEEL: 1, SPOKE: 2, BOLT: 2, LOOSE: 0 });
  });

  it('takes the deepest of several parents, whatever the order of the lines', () => {
    const lines = [line('C', 'D'), line('A', 'D'), line('B', 'C'), line('A', 'B')];
    const { codes } = lowLevelCodes([], lines);
    expect(Object.fromEntries(codes)).toEqual({ A: 0, B: 1, C: 2, D: 3 });
    expect(Object.fromEntries(lowLevelCodes([], [...lines].reverse()).codes)).toEqual(
      Object.fromEntries(codes),
    );
  });

  it('ignores inactive lines', () => {
    const { codes } = lowLevelCodes(['A', 'B'], [line('A', 'B', 'inactive')]);
    expect(Object.fromEntries(codes)).toEqual({ A: 0, B: 0 });
  });

  it('terminates on a cycle and names it', () => {
    const { codes, cycle } = lowLevelCodes(
      ['TOP'],
      [line('TOP', 'A'), line('A', 'B'), line('B', 'A'), line('B', 'C')],
    );
    expect(cycle).toEqual(['A', 'B', 'A']);
    expect(codes.get('TOP')).toBe(0);
    expect(codes.size).toBe(4);
  });

  it('settles a chain 30,000 levels deep without recursion', () => {
    const lines = Array.from({ length: 29_999 }, (_, n) => line(`p${n}`, `p${n + 1}`));
    expect(lowLevelCodes([], lines).codes.get('p29999')).toBe(29_999);
  });
});
