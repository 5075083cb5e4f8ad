import { describe, expect, it } from 'vitest';
import { laneBlocks } from './calendar-blocks.ts';

const lanesOf = (blocks: { id: string; top: number; height: number }[]) =>
  Object.fromEntries([...laneBlocks(blocks)].map(([id, { lane, lanes }]) => [id, `${lane}/${lanes}`]));

describe('laneBlocks', () => {
  it('gives the whole width to blocks that overlap none', () => {
    expect(
      lanesOf([
        { id: 'a', top: 0, height: 28 },
        { id: 'b', top: 28, height: 28 },
        { id: 'c', top: 100, height: 26 },
      ]),
    ).toEqual({ a: '0/1', b: '0/1', c: '0/1' });
  });

  it('puts back-to-back 15-minute blocks drawn 24 px tall side by side, reusing a lane once free', () => {
    // 16:15, 16:30 and 16:45 at 14 px a quarter: each drawn 26 px (24 and its gap).
    expect(
      lanesOf([
        { id: '16:30', top: 14, height: 26 },
        { id: '16:15', top: 0, height: 26 },
        { id: '16:45', top: 28, height: 42 },
      ]),
    ).toEqual({ '16:15': '0/2', '16:30': '1/2', '16:45': '0/2' });
  });

  it('shows a double booking and a cancelled appointment beside the one in its place', () => {
    expect(
      lanesOf([
        { id: 'cancelled', top: 56, height: 56 },
        { id: 'booked', top: 56, height: 56 },
        { id: 'third', top: 70, height: 28 },
        { id: 'later', top: 200, height: 28 },
      ]),
    ).toEqual({ cancelled: '0/3', booked: '1/3', third: '2/3', later: '0/1' });
  });

  it('lays out nothing for no blocks', () => {
    expect(laneBlocks([]).size).toBe(0);
  });
});
