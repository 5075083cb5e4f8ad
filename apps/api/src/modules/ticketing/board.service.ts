import { type BoardState, ticketNumberLabel } from '@workhub/shared/schemas/ticketing';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inQueueOrder } from './queue-order.ts';
import { ticketingCounters, ticketingServices, ticketingTickets } from './ticketing.schema.ts';
import { readSettings } from './ticketing-records.service.ts';
import { isOpenAt, localDay, type Tenancy } from './ticketing-tenancy.ts';

const T = ticketingTickets;
const S = ticketingServices;
const C = ticketingCounters;

/** How many of the next tickets the board shows. */
export const BOARD_NEXT = 10;

/**
 * The version of a workspace's board: today's tickets' count and the sum of their revisions
 * (every change of a ticket bumps its revision), and a digest of what the board shows of the
 * services and counters (their names, prefixes and statuses), so that a rename or a deactivation
 * reaches the board at the next poll as a call does. One cheap aggregate on the day's index and
 * two small lookups, which the events stream polls; it changes with every ticket taken, called,
 * recalled, started, finished or transferred and every service or counter created or edited.
 * `db` is the caller's: a request's transaction, or the poller's own.
 */
export async function boardVersion(db: Db, scope: Tenancy, today: string): Promise<string> {
  const services = sql`(select string_agg(${S.id}::text || ${S.prefix} || ${S.status}::text || ${S.name}, '/' order by ${S.id}) from ${S} where ${scope.workspace(S)})`;
  const counters = sql`(select string_agg(${C.id}::text || ${C.status}::text || ${C.name}, '/' order by ${C.id}) from ${C} where ${scope.workspace(C)})`;
  const [row] = await db
    .select({
      tickets: count(),
      revisions: sql<string>`coalesce(sum(${T.revision}), 0)::text`,
      records: sql<string>`left(md5(coalesce(${services}, '') || '|' || coalesce(${counters}, '')), 12)`,
    })
    .from(T)
    .where(and(scope.workspace(T), eq(T.serviceDay, today)));
  return `${today}:${row?.tickets ?? 0}:${row?.revisions ?? '0'}:${row?.records ?? ''}`;
}

/**
 * What the display board shows (and the kiosk reads): the workspace's name, whether it is open,
 * the active services with their waiting tickets, each active counter's ticket in hand and the
 * next tickets in the order they will be called. Numbers only: no names, no ids of members.
 */
export async function readBoard(
  db: Db,
  scope: Tenancy,
  workspaceName: string,
  at: Date,
): Promise<BoardState> {
  const settings = await readSettings(db, scope);
  const today = localDay(at, settings.time_zone);
  const allServices = await db
    .select({ id: S.id, name: S.name, prefix: S.prefix, status: S.status })
    .from(S)
    .where(scope.workspace(S))
    .orderBy(asc(S.prefix));
  const services = allServices.filter((s) => s.status === 'active');
  const waiting = await db
    .select({
      id: T.id,
      priority: T.priority,
      queuedAt: T.queuedAt,
      number: T.number,
      serviceId: T.serviceId,
    })
    .from(T)
    .where(and(scope.workspace(T), eq(T.serviceDay, today), eq(T.status, 'waiting')));
  const counters = await db
    .select({ id: C.id, name: C.name })
    .from(C)
    .where(and(scope.workspace(C), eq(C.status, 'active')))
    .orderBy(asc(sql`lower(${C.name})`));
  const inHand =
    counters.length === 0
      ? []
      : await db
          .select({
            counterId: T.counterId,
            number: T.number,
            prefix: S.prefix,
            status: T.status,
            calledAt: T.calledAt,
            recallCount: T.recallCount,
          })
          .from(T)
          .innerJoin(S, and(eq(S.accountId, T.accountId), eq(S.id, T.serviceId)))
          .where(
            and(
              scope.workspace(T),
              inArray(T.status, ['called', 'serving']),
              inArray(
                T.counterId,
                counters.map((c) => c.id),
              ),
            ),
          );
  const prefixOf = new Map(allServices.map((s) => [s.id, s.prefix]));
  return {
    workspace_name: workspaceName,
    version: await boardVersion(db, scope, today),
    open_now: isOpenAt(settings.opening_hours, at, settings.time_zone),
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      prefix: s.prefix,
      waiting: waiting.filter((w) => w.serviceId === s.id).length,
    })),
    counters: counters.map((c) => {
      const held = inHand.find((h) => h.counterId === c.id);
      return {
        id: c.id,
        name: c.name,
        ticket: held
          ? {
              number: ticketNumberLabel(held.prefix, held.number),
              status: held.status,
              called_at: held.calledAt?.toISOString() ?? null,
              recall_count: held.recallCount,
            }
          : null,
      };
    }),
    next: inQueueOrder(waiting)
      .slice(0, BOARD_NEXT)
      .map((w) => ({
        number: ticketNumberLabel(prefixOf.get(w.serviceId) ?? '?', w.number),
        priority: w.priority,
      })),
  };
}

/** Today's date in the workspace's zone, for the poller's version. */
export async function todayOf(db: Db, scope: Tenancy, at: Date): Promise<string> {
  return localDay(at, (await readSettings(db, scope)).time_zone);
}
