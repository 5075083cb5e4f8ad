import { describe, expect, it } from 'vitest';
import {
  compareQueue,
  estimatedWaitMinutes,
  inQueueOrder,
  type Queued,
  ticketsAhead,
} from './queue-order.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 8, minute));
const q = (id: string, minute: number, priority = false, number = 1, serviceDay = '2026-11-25'): Queued => ({
  id,
  priority,
  serviceDay,
  queuedAt: at(minute),
  number,
});

describe('the queue order', () => {
  it('calls priority tickets first, each group oldest first', () => {
    const order = inQueueOrder([q('a', 1), q('b', 2, true), q('c', 0), q('d', 5, true), q('e', 3)]);
    expect(order.map((t) => t.id)).toEqual(['b', 'd', 'c', 'a', 'e']);
  });

  it('breaks a tie of the same instant by number, then by id, so the order is total', () => {
    expect(inQueueOrder([q('a', 1, false, 2), q('b', 1, false, 1)]).map((t) => t.id)).toEqual(['b', 'a']);
    expect(inQueueOrder([q('y', 1), q('x', 1)]).map((t) => t.id)).toEqual(['x', 'y']);
    expect(compareQueue(q('x', 1), q('x', 1))).toBe(0);
  });

  it('keeps a transferred ticket ahead of later ones: its queued_at is its place', () => {
    const transferred = q('moved', 0);
    expect(inQueueOrder([q('late1', 10), transferred, q('late2', 11)])[0]?.id).toBe('moved');
  });

  it("calls the tickets still waiting from an earlier day before the new day's, priority still first", () => {
    // The day is the first key after priority: it holds even where queued_at disagrees (the zone
    // was changed since), then queued_at orders each day.
    const yesterday = (id: string, number: number, priority = false) =>
      q(id, 59 - number, priority, number, '2026-11-24');
    const order = inQueueOrder([
      q('today1', 0, false, 1),
      yesterday('old2', 2),
      q('todayP', 1, true, 2),
      yesterday('old3', 3),
      yesterday('oldP', 4, true),
    ]);
    expect(order.map((t) => t.id)).toEqual(['oldP', 'todayP', 'old3', 'old2', 'today1']);
    expect(ticketsAhead(q('today1', 0), order).length).toBe(4);
  });

  it('finds the tickets ahead of a ticket', () => {
    const waiting = [q('a', 1), q('b', 2), q('p', 9, true), q('c', 3)];
    expect(ticketsAhead(q('b', 2), waiting).map((t) => t.id)).toEqual(['a', 'p']); // the priority ticket and a
    expect(ticketsAhead(q('p', 9, true), waiting).length).toBe(0);
    expect(ticketsAhead(q('new', 20), waiting).length).toBe(4);
    expect(ticketsAhead(q('vip', 20, true), waiting).length).toBe(1);
  });

  it('estimates the wait from the average time of each ticket ahead and the counters serving', () => {
    expect(estimatedWaitMinutes([], 1)).toBe(0);
    expect(estimatedWaitMinutes([5, 5, 5], 1)).toBe(15);
    expect(estimatedWaitMinutes([5, 5, 5], 2)).toBe(8);
    expect(estimatedWaitMinutes([5, 5, 5, 5], 0)).toBe(20);
    // A 4-minute deposit and a 12-minute loan ahead: 16, not twice the loan's 12.
    expect(estimatedWaitMinutes([4, 12], 1)).toBe(16);
  });
});
