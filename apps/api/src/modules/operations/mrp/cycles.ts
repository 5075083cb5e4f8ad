import type { BomLine } from './types.ts';
import { compareIds } from './types.ts';

/** What cycle detection reads of a line; `id` lets a changed line replace its stored version. */
export type BomEdge = Pick<BomLine, 'parent_id' | 'component_id'> & { id?: string };

function adjacency(lines: readonly BomEdge[]): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const line of lines) {
    const list = next.get(line.parent_id);
    if (list) list.push(line.component_id);
    else next.set(line.parent_id, [line.component_id]);
  }
  for (const list of next.values()) list.sort(compareIds);
  return next;
}

/** The shortest path from `from` to `to` along the lines (both ends included), or null. */
function shortestPath(next: Map<string, string[]>, from: string, to: string): string[] | null {
  const previous = new Map<string, string>([[from, from]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const following: string[] = [];
    for (const node of frontier) {
      for (const child of next.get(node) ?? []) {
        if (previous.has(child)) continue;
        previous.set(child, node);
        if (child === to) {
          const path = [to];
          for (let at = to; at !== from; ) {
            at = previous.get(at) ?? from;
            path.push(at);
          }
          return path.reverse();
        }
        following.push(child);
      }
    }
    frontier = following;
  }
  return null;
}

/** Any cycle among the lines, as product ids with the first repeated last; iterative, so depth is no limit. */
function anyCycle(next: Map<string, string[]>): string[] | null {
  const DONE = 2;
  const ON_PATH = 1;
  const state = new Map<string, number>();
  for (const start of [...next.keys()].sort(compareIds)) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const cursor: number[] = [0];
    state.set(start, ON_PATH);
    while (path.length > 0) {
      const depth = path.length - 1;
      const node = path[depth] ?? '';
      const children = next.get(node) ?? [];
      const index = cursor[depth] ?? 0;
      if (index >= children.length) {
        state.set(node, DONE);
        path.pop();
        cursor.pop();
        continue;
      }
      cursor[depth] = index + 1;
      const child = children[index] ?? '';
      const seen = state.get(child);
      if (seen === ON_PATH) return [...path.slice(path.indexOf(child)), child];
      if (seen === undefined) {
        state.set(child, ON_PATH);
        path.push(child);
        cursor.push(0);
      }
    }
  }
  return null;
}

/**
 * With `newLine`: the cycle that adding it (or changing the line of the same id to it) would close,
 * as product ids from the new line's parent back to it (['A', 'B', 'C', 'A']: A needs B needs C needs
 * A), else null. Without: any cycle already among `lines`, else null. Pass every line that can count,
 * inactive ones too if they may be reactivated without this check.
 */
export function findCycle(lines: readonly BomEdge[], newLine?: BomEdge): string[] | null {
  if (!newLine) return anyCycle(adjacency(lines));
  if (newLine.parent_id === newLine.component_id) return [newLine.parent_id, newLine.parent_id];
  const others = newLine.id === undefined ? lines : lines.filter((line) => line.id !== newLine.id);
  const back = shortestPath(adjacency(others), newLine.component_id, newLine.parent_id);
  return back ? [newLine.parent_id, ...back] : null;
}

/** "A → B → C → A", with names where the caller has them. */
export const formatCyclePath = (
  path: readonly string[],
  nameOf: (id: string) => string = (id) => id,
): string => path.map(nameOf).join(' → ');
