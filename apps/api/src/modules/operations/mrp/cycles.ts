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

/**
 * Longest paths of an acyclic BOM, counted in products (a product with no line is 1 level): how
 * many levels a new line `parent` → `component` makes, and the path that has them. Null when the
 * lines hold a cycle. One pass over the lines in topological order (Kahn), no recursion, so a chain
 * of any depth costs its length.
 */
export type BomLevels = {
  /** Levels of the deepest path through a line `parent` → `component` not among the lines. */
  levelsThrough(parent: string, component: string): number;
  /** That path, top first. */
  pathThrough(parent: string, component: string): string[];
};

export function bomLevels(lines: readonly BomEdge[]): BomLevels | null {
  const next = adjacency(lines);
  const parentsLeft = new Map<string, number>();
  for (const [parent, children] of next) {
    if (!parentsLeft.has(parent)) parentsLeft.set(parent, 0);
    for (const child of children) parentsLeft.set(child, (parentsLeft.get(child) ?? 0) + 1);
  }
  const order = [...parentsLeft.keys()].filter((id) => parentsLeft.get(id) === 0).sort(compareIds);
  for (let i = 0; i < order.length; i++) {
    for (const child of next.get(order[i] ?? '') ?? []) {
      const left = (parentsLeft.get(child) ?? 1) - 1;
      parentsLeft.set(child, left);
      if (left === 0) order.push(child);
    }
  }
  if (order.length < parentsLeft.size) return null;
  // Levels above a product (itself included) and the parent they come through; below, likewise.
  const up = new Map<string, number>();
  const upFrom = new Map<string, string>();
  for (const id of order) {
    const levels = (up.get(id) ?? 1) + 1;
    for (const child of next.get(id) ?? []) {
      if (levels > (up.get(child) ?? 1)) {
        up.set(child, levels);
        upFrom.set(child, id);
      }
    }
  }
  const down = new Map<string, number>();
  const downTo = new Map<string, string>();
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i] ?? '';
    for (const child of next.get(id) ?? []) {
      const levels = (down.get(child) ?? 1) + 1;
      if (levels > (down.get(id) ?? 1)) {
        down.set(id, levels);
        downTo.set(id, child);
      }
    }
  }
  return {
    levelsThrough: (parent, component) => (up.get(parent) ?? 1) + (down.get(component) ?? 1),
    pathThrough(parent, component) {
      const above = [parent];
      for (let at = upFrom.get(parent); at !== undefined; at = upFrom.get(at)) above.push(at);
      const path = above.reverse();
      path.push(component);
      for (let at = downTo.get(component); at !== undefined; at = downTo.get(at)) path.push(at);
      return path;
    },
  };
}

/** A path of more products than this is named by its ends: the first and last PATH_END_SHOWN. */
const PATH_SHOWN_WHOLE = 10;
const PATH_END_SHOWN = 4;

/** The products a formatted path names (all of a short one, the ends of a long one): the names to look up. */
export const shownInPath = (path: readonly string[]): string[] =>
  path.length <= PATH_SHOWN_WHOLE
    ? [...path]
    : [...path.slice(0, PATH_END_SHOWN), ...path.slice(-PATH_END_SHOWN)];

/**
 * "A → B → C → A", with names where the caller has them. A long path (a 3,000-level chain an import
 * made) keeps its ends and counts the middle: "A → B → C → D → … 2,993 more … → W → X → Y → Z".
 */
export const formatCyclePath = (
  path: readonly string[],
  nameOf: (id: string) => string = (id) => id,
): string => {
  if (path.length <= PATH_SHOWN_WHOLE) return path.map(nameOf).join(' → ');
  const hidden = path.length - 2 * PATH_END_SHOWN;
  return [
    ...path.slice(0, PATH_END_SHOWN).map(nameOf),
    `… ${hidden.toLocaleString('en-US')} more …`,
    ...path.slice(-PATH_END_SHOWN).map(nameOf),
  ].join(' → ');
};
