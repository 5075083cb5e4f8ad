/** A block of the calendar as drawn: its top and its height in pixels (the gap under it included). */
export type DrawnBlock = { id: string; top: number; height: number };

/** Where a block goes across its column: lane `lane` of `lanes` side by side. */
export type BlockLane = { lane: number; lanes: number };

/**
 * The smallest block drawn, in pixels: WCAG 2.2's 24 px target (2.5.8). At 14 px a quarter of an
 * hour, a 15-minute appointment was drawn 12 px tall, too small to tap on a phone.
 */
export const MIN_BLOCK_PX = 24;

/**
 * Lays out a column's blocks so that none hides another: blocks that overlap as drawn (a double
 * booking, a cancelled appointment and the one booked in its place, or back-to-back 15-minute
 * appointments once drawn 24 px tall) go side by side, each in the first lane free at its top; a
 * group of overlapping blocks shares the column between as many lanes as it needs, a block that
 * overlaps none keeps the whole width.
 */
export const laneBlocks = (blocks: DrawnBlock[]): Map<string, BlockLane> => {
  const sorted = [...blocks].sort((a, b) => a.top - b.top || b.height - a.height);
  const placed = new Map<string, BlockLane>();
  let group: { id: string; lane: number }[] = [];
  // Where each lane of the group is free again, and where the group as a whole ends.
  let laneEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const close = () => {
    for (const { id, lane } of group) placed.set(id, { lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const block of sorted) {
    if (block.top >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= block.top);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = block.top + block.height;
    group.push({ id: block.id, lane });
    groupEnd = Math.max(groupEnd, block.top + block.height);
  }
  close();
  return placed;
};
