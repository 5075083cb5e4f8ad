import { describe, expect, it } from 'vitest';
import { bomLevels, findCycle, formatCyclePath, shownInPath } from './cycles.ts';

const line = (id: string, parent_id: string, component_id: string) => ({ id, parent_id, component_id });

describe('findCycle', () => {
  // A needs B needs C: C needing A closes a cycle three levels down.
  const chain = [line('1', 'A', 'B'), line('2', 'B', 'C')];

  it('names the path a new line would close at depth 3', () => {
    const path = findCycle(chain, line('3', 'C', 'A'));
    expect(path).toEqual(['C', 'A', 'B', 'C']);
    expect(formatCyclePath(path ?? [], (id) => `Product ${id}`)).toBe(
      'Product C → Product A → Product B → Product C',
    );
  });

  it('finds a product needing itself, directly or through one other', () => {
    expect(findCycle(chain, line('3', 'B', 'B'))).toEqual(['B', 'B']);
    expect(findCycle(chain, line('3', 'B', 'A'))).toEqual(['B', 'A', 'B']);
  });

  it('accepts a line that shares a component without closing a loop (a diamond)', () => {
    const diamond = [line('1', 'A', 'B'), line('2', 'A', 'C'), line('3', 'B', 'D')];
    expect(findCycle(diamond, line('4', 'C', 'D'))).toBeNull();
    expect(findCycle(diamond, line('4', 'D', 'E'))).toBeNull();
    expect(findCycle(chain, line('3', 'A', 'C'))).toBeNull();
  });

  it('judges a changed line without its stored version', () => {
    // Line 2 (B needs C) changed to C needs B: no cycle once the old B→C is gone.
    expect(findCycle(chain, line('2', 'C', 'B'))).toBeNull();
    expect(findCycle(chain, { parent_id: 'C', component_id: 'B' })).toEqual(['C', 'B', 'C']);
  });

  it('finds a cycle already among the lines, at any depth, without recursion', () => {
    expect(findCycle(chain)).toBeNull();
    expect(findCycle([...chain, line('3', 'C', 'A')])).toEqual(['A', 'B', 'C', 'A']);
    const deep = Array.from({ length: 50_000 }, (_, n) => line(String(n), `p${n}`, `p${n + 1}`));
    expect(findCycle(deep)).toBeNull();
    const closed = findCycle([...deep, line('x', 'p50000', 'p0')]);
    expect(closed?.length).toBe(50_002);
    expect(closed?.[0]).toBe(closed?.at(-1));
  });
});

describe('bomLevels', () => {
  it('counts the deepest path through a new line, in products, without recursion', () => {
    // A needs B and C; B needs D; C needs D and E; E needs F.
    const lines = [
      line('1', 'A', 'B'),
      line('2', 'A', 'C'),
      line('3', 'B', 'D'),
      line('4', 'C', 'D'),
      line('5', 'C', 'E'),
      line('6', 'E', 'F'),
    ];
    const levels = bomLevels(lines);
    // X needs A: X → A → C → E → F.
    expect(levels?.levelsThrough('X', 'A')).toBe(5);
    expect(levels?.pathThrough('X', 'A')).toEqual(['X', 'A', 'C', 'E', 'F']);
    // F needs Y: A → C → E → F → Y.
    expect(levels?.pathThrough('F', 'Y')).toEqual(['A', 'C', 'E', 'F', 'Y']);
    expect(levels?.levelsThrough('D', 'E')).toBe(3 + 2);
    expect(bomLevels([...lines, line('7', 'F', 'A')])).toBeNull();
    const deep = Array.from({ length: 50_000 }, (_, n) => line(String(n), `p${n}`, `p${n + 1}`));
    expect(bomLevels(deep)?.levelsThrough('p50001', 'p0')).toBe(1 + 50_001);
  });

  it('names a long path by its ends', () => {
    const path = Array.from({ length: 3_001 }, (_, n) => `p${n}`);
    expect(formatCyclePath(path)).toBe('p0 → p1 → p2 → p3 → … 2,993 more … → p2997 → p2998 → p2999 → p3000');
    expect(shownInPath(path)).toEqual(['p0', 'p1', 'p2', 'p3', 'p2997', 'p2998', 'p2999', 'p3000']);
    expect(formatCyclePath(path.slice(0, 10))).toBe(path.slice(0, 10).join(' → '));
  });
});
