import { type BoardState, ticketNumberLabel } from '@workhub/shared/schemas/ticketing';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inQueueOrder } from './queue-order.ts';
import {
  ticketingCounterServices,
  ticketingCounters,
  ticketingServices,
  ticketingTickets,
} from './ticketing.schema.ts';
import { readSettings } from './ticketing-records.service.ts';
import { isOpenAt, localDay, type Tenancy } from './ticketing-tenancy.ts';

const T = ticketingTickets;
const S = ticketingServices;
const C = ticketingCounters;
const CS = ticketingCounterServices;

/** How many of the next tickets the board shows. */
export const BOARD_NEXT = 10;

/**
 * The version of a workspace's board: today's tickets' count and the sum of their revisions
 * (every change of a ticket bumps its revision), a digest of the tickets of earlier days still in
 * line (waiting: they stay in the queue until called) and of the tickets in the counters' hands
 * (whatever their day), each with its revision, and a digest of what the board shows of the
 * services and counters (their names, prefixes and statuses, and which services each counter serves), so that a rename or a deactivation
 * reaches the board at the next poll as a call does. An earlier day's ticket is in neither today's
 * count nor sum: the live digest changes when it is called (it leaves the waiting and is in a
 * counter's hand, its revision bumped), recalled, started and finished (it leaves the hands).
 * One cheap aggregate on the day's index, one on the partial index of waiting tickets and one on
 * the counters' index, and two small lookups, which the events stream polls; it changes with every
 * ticket taken, called, recalled, started, finished or transferred and every service or counter
 * created or edited. `db` is the caller's: a request's transaction, or the poller's own.
 */
export async function boardVersion(db: Db, scope: Tenancy, today: string): Promise<string> {
  const [row] = await boardVersionQuery(db, scope, today);
  return `${today}:${row?.tickets ?? 0}:${row?.revisions ?? '0'}:${row?.records ?? ''}:${row?.live ?? ''}`;
}

/** The aggregate boardVersion reads (queue-plan.postgres.test.ts checks what it reads). */
export function boardVersionQuery(db: Db, scope: Tenancy, today: string) {
  const services = sql`(select string_agg(${S.id}::text || ${S.prefix} || ${S.status}::text || ${S.name}, '/' order by ${S.id}) from ${S} where ${scope.workspace(S)})`;
  const counters = sql`(select string_agg(${C.id}::text || ${C.status}::text || ${C.name}, '/' order by ${C.id}) from ${C} where ${scope.workspace(C)})`;
  // Which services each counter serves: the board says of each service whether a counter is open.
  const served = sql`(select string_agg(${CS.counterId}::text || ${CS.serviceId}::text, '/' order by ${CS.counterId}, ${CS.serviceId}) from ${CS} where ${scope.workspace(CS)})`;
  const held = db.select({ id: C.id }).from(C).where(scope.workspace(C));
  // Two aggregates, not one with an `or`: each on its index (an `or` read the queue's history).
  const digest = (where: SQL | undefined) =>
    sql`(select string_agg(${T.id}::text || ':' || ${T.status}::text || ':' || ${T.revision}::text, '/' order by ${T.id}) from ${T} where ${where})`;
  const earlier = digest(and(scope.workspace(T), eq(T.status, 'waiting'), ne(T.serviceDay, today)));
  const inHand = digest(
    and(scope.workspace(T), inArray(T.counterId, held), inArray(T.status, ['called', 'serving'])),
  );
  const live = sql`coalesce(${earlier}, '') || '|' || coalesce(${inHand}, '')`;
  return db
    .select({
      tickets: count(),
      revisions: sql<string>`coalesce(sum(${T.revision}), 0)::text`,
      records: sql<string>`left(md5(coalesce(${services}, '') || '|' || coalesce(${counters}, '') || '|' || coalesce(${served}, '')), 12)`,
      live: sql<string>`left(md5(${live}), 12)`,
    })
    .from(T)
    .where(and(scope.workspace(T), eq(T.serviceDay, today)));
}

/**
 * The waiting tickets of the workspace (of `serviceIds` when given: a ticket's place), whatever
 * day they were issued on (one still waiting at the queue's midnight stays in line, ahead of the
 * new day's): read through the partial index of waiting tickets, however long the queue's history
 * (queue-plan.postgres.test.ts).
 */
export function waitingTickets(db: Db, scope: Tenancy, serviceIds?: readonly string[]) {
  return db
    .select({
      id: T.id,
      priority: T.priority,
      serviceDay: T.serviceDay,
      queuedAt: T.queuedAt,
      number: T.number,
      serviceId: T.serviceId,
    })
    .from(T)
    .where(
      and(
        scope.workspace(T),
        eq(T.status, 'waiting'),
        serviceIds ? inArray(T.serviceId, [...serviceIds]) : undefined,
      ),
    );
}

/**
 * What the display board shows (and the kiosk reads): the workspace's name, whether it is open,
 * the active services with their waiting tickets (of any day: one still waiting at the queue's
 * midnight stays in line), each active counter's ticket in hand and the next tickets in the order
 * they will be called (an earlier day's first); of each service, whether an active counter serves it. Numbers only: no names, no ids of members.
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
  const waiting = await waitingTickets(db, scope);
  const counters = await db
    .select({ id: C.id, name: C.name })
    .from(C)
    .where(and(scope.workspace(C), eq(C.status, 'active')))
    .orderBy(asc(sql`lower(${C.name})`));
  const open =
    counters.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ serviceId: CS.serviceId })
              .from(CS)
              .where(
                and(
                  scope.workspace(CS),
                  inArray(
                    CS.counterId,
                    counters.map((c) => c.id),
                  ),
                ),
              )
          ).map((s) => s.serviceId),
        );
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
    opening_hours: [...settings.opening_hours].sort((a, b) => a.weekday - b.weekday),
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      prefix: s.prefix,
      waiting: waiting.filter((w) => w.serviceId === s.id).length,
      counter_open: open.has(s.id),
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
