import type { BomEdge } from './cycles.ts';
import { findCycle } from './cycles.ts';
import type { BomLineStatus } from './types.ts';

export type LowLevelCodes = {
  /** Each product's lowest level in any BOM: 0 for an end item (no parent), else 1 + its deepest parent's. */
  codes: Map<string, number>;
  /** A cycle among the lines, if any (then its products get codes below every other, and planning refuses). */
  cycle: string[] | null;
};

/**
 * Low-level codes by Kahn's topological walk: a product's code is settled once all its parents'
 * are, in O(products + lines), with no recursion; a cycle cannot make it loop. Inactive lines do not
 * count. Products that only appear in lines get a code too.
 */
export function lowLevelCodes(
  productIds: Iterable<string>,
  lines: readonly (BomEdge & { status?: BomLineStatus })[],
): LowLevelCodes {
  const active = lines.filter((line) => (line.status ?? 'active') === 'active');
  const codes = new Map<string, number>();
  const parentsLeft = new Map<string, number>();
  const children = new Map<string, string[]>();
  for (const id of productIds) parentsLeft.set(id, 0);
  for (const line of active) {
    parentsLeft.set(line.component_id, (parentsLeft.get(line.component_id) ?? 0) + 1);
    if (!parentsLeft.has(line.parent_id)) parentsLeft.set(line.parent_id, 0);
    const list = children.get(line.parent_id);
    if (list) list.push(line.component_id);
    else children.set(line.parent_id, [line.component_id]);
  }

  const ready: string[] = [];
  for (const [id, count] of parentsLeft) {
    if (count === 0) {
      ready.push(id);
      codes.set(id, 0);
    }
  }
  let deepest = 0;
  for (let index = 0; index < ready.length; index++) {
    const id = ready[index] ?? '';
    const code = (codes.get(id) ?? 0) + 1;
    for (const child of children.get(id) ?? []) {
      if ((codes.get(child) ?? -1) < code) codes.set(child, code);
      const left = (parentsLeft.get(child) ?? 1) - 1;
      parentsLeft.set(child, left);
      if (left === 0) {
        ready.push(child);
        deepest = Math.max(deepest, code);
      }
    }
  }

  if (ready.length === parentsLeft.size) return { codes, cycle: null };
  const stuck = new Set([...parentsLeft.keys()].filter((id) => (parentsLeft.get(id) ?? 0) > 0));
  for (const id of stuck) codes.set(id, deepest + 1);
  const cycle = findCycle(active.filter((line) => stuck.has(line.parent_id) && stuck.has(line.component_id)));
  return { codes, cycle };
}
