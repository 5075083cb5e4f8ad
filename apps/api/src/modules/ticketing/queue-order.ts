/**
 * The order in which a counter calls tickets (issue 15): priority tickets first, then the one that
 * has waited longest: the earlier day first (a ticket still waiting at the queue's midnight stays
 * in line, ahead of the new day's), then the earlier queued_at (which a transfer keeps; it makes
 * the ticket today's, numbered in today's sequence), then the lower number (issued first in the
 * same instant), then the id, so that the order is total.
 * Call-next's query (tickets.service.ts) orders by the same five keys; the board's "next" list and
 * a ticket's tickets ahead are computed with these functions.
 */
export type Queued = { id: string; priority: boolean; serviceDay: string; queuedAt: Date; number: number };

/** Negative when `a` is called before `b`. */
export function compareQueue(a: Queued, b: Queued): number {
  if (a.priority !== b.priority) return a.priority ? -1 : 1;
  if (a.serviceDay !== b.serviceDay) return a.serviceDay < b.serviceDay ? -1 : 1;
  const byTime = a.queuedAt.getTime() - b.queuedAt.getTime();
  if (byTime !== 0) return byTime;
  if (a.number !== b.number) return a.number - b.number;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The waiting tickets in the order they will be called. */
export const inQueueOrder = <T extends Queued>(waiting: readonly T[]): T[] => [...waiting].sort(compareQueue);

/** The tickets of `waiting` (whatever their day) that will be called before `ticket`. */
export const ticketsAhead = <T extends Queued>(ticket: Queued, waiting: readonly T[]): T[] =>
  waiting.filter((other) => other.id !== ticket.id && compareQueue(other, ticket) < 0);

/**
 * Minutes until the people ahead are served by `counters` counters (at least one), each taking
 * their own service's average time (`aheadMinutes`, one per ticket ahead): a 4-minute deposit ahead
 * of a 12-minute loan counts 4, not the loan's 12. The first is served as soon as a counter is free.
 */
export const estimatedWaitMinutes = (aheadMinutes: readonly number[], counters: number): number =>
  Math.ceil(aheadMinutes.reduce((sum, minutes) => sum + minutes, 0) / Math.max(1, counters));
