import {
  TICKET_STATUSES,
  type TicketingDashboard,
  type TicketStatus,
} from '@workhub/shared/schemas/ticketing';
import { and, count, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';
import { ticketingCounters, ticketingServices, ticketingTickets } from './ticketing.schema.ts';
import { readSettings } from './ticketing-records.service.ts';
import { localDay, type Tenancy } from './ticketing-tenancy.ts';

const T = ticketingTickets;
const S = ticketingServices;
const C = ticketingCounters;

/** The dashboard's window for the times, the hours, the throughput and the no-show rate. */
export const DASHBOARD_DAYS = 30;
const DAY_MS = 86_400_000;

const minutes = (a: AnyPgColumn, b: AnyPgColumn) => sql`extract(epoch from (${a} - ${b})) / 60.0`;
const rounded = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/**
 * The Queue Ticketing dashboard (GET /api/ticketing/dashboard), every figure one SQL aggregate over
 * the workspace's tickets:
 * - today (the workspace's day, settings.time_zone) by service and status, with the tickets of
 *   earlier days still waiting (they stay in line until called);
 * - over the last 30 days: wait (queued → called) and service time (started → finished) average and
 *   90th percentile in minutes (percentile_cont), tickets by the hour of the day they were taken
 *   (local), each counter's finished tickets, and the no-show rate (no-shows over finished plus
 *   no-shows).
 */
export function createTicketingDashboard(ctx: Ctx) {
  const { db, now } = ctx;

  return async function dashboard(scope: Tenancy): Promise<TicketingDashboard> {
    const settings = await readSettings(db, scope);
    const zone = settings.time_zone;
    const at = now();
    const today = localDay(at, zone);
    const since = new Date(at.getTime() - DASHBOARD_DAYS * DAY_MS);
    const recent = and(scope.workspace(T), gte(T.queuedAt, since));

    const [byService, waits, services, perHour, counters, outcomes, totals, samples] = await Promise.all([
      db
        .select({ serviceId: S.id, serviceName: S.name, status: T.status, n: count() })
        .from(T)
        .innerJoin(S, and(eq(S.accountId, T.accountId), eq(S.id, T.serviceId)))
        // Today's tickets, and the earlier days' still waiting: they are in today's line.
        .where(and(scope.workspace(T), or(eq(T.serviceDay, today), eq(T.status, 'waiting'))))
        .groupBy(S.id, S.name, S.prefix, T.status)
        .orderBy(S.prefix),
      db
        .select({
          avg: sql<string | null>`avg(${minutes(T.calledAt, T.queuedAt)})`,
          p90: sql<
            string | null
          >`percentile_cont(0.9) within group (order by ${minutes(T.calledAt, T.queuedAt)})`,
        })
        .from(T)
        .where(and(recent, isNotNull(T.calledAt))),
      db
        .select({
          avg: sql<string | null>`avg(${minutes(T.finishedAt, T.startedAt)})`,
          p90: sql<
            string | null
          >`percentile_cont(0.9) within group (order by ${minutes(T.finishedAt, T.startedAt)})`,
        })
        .from(T)
        .where(and(recent, eq(T.status, 'done'), isNotNull(T.startedAt), isNotNull(T.finishedAt))),
      db
        .select({
          hour: sql<number>`extract(hour from (${T.queuedAt} at time zone ${zone}))::int`.mapWith(Number),
          n: count(),
        })
        .from(T)
        .where(recent)
        .groupBy(sql`1`),
      db
        .select({ counterId: C.id, counterName: C.name, served: count(T.id) })
        .from(C)
        .leftJoin(
          T,
          and(
            eq(T.accountId, C.accountId),
            eq(T.counterId, C.id),
            eq(T.status, 'done'),
            gte(T.queuedAt, since),
          ),
        )
        .where(scope.workspace(C))
        .groupBy(C.id, C.name)
        .orderBy(sql`count(${T.id}) desc`, sql`lower(${C.name})`),
      db
        .select({
          done: sql<number>`count(*) filter (where ${T.status} = 'done')`.mapWith(Number),
          noShow: sql<number>`count(*) filter (where ${T.status} = 'no_show')`.mapWith(Number),
          all: count(),
        })
        .from(T)
        .where(recent),
      db.select({ services: count() }).from(S).where(scope.workspace(S)),
      db
        .select({ n: count() })
        .from(S)
        .where(and(scope.workspace(S), eq(S.sample, true))),
    ]);

    const services_ = new Map<string, TicketingDashboard['today_by_service'][number]>();
    for (const row of byService) {
      const entry = services_.get(row.serviceId) ?? {
        service_id: row.serviceId,
        service_name: row.serviceName,
        ...(Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>),
        total: 0,
      };
      entry[row.status] = row.n;
      entry.total += row.n;
      services_.set(row.serviceId, entry);
    }
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      tickets: perHour.find((h) => h.hour === hour)?.n ?? 0,
    }));
    const outcome = outcomes[0];
    const finished = (outcome?.done ?? 0) + (outcome?.noShow ?? 0);
    return {
      day: today,
      time_zone: zone,
      empty: (totals[0]?.services ?? 0) === 0,
      has_sample: (samples[0]?.n ?? 0) > 0,
      today_by_service: [...services_.values()],
      wait_avg_minutes: rounded(waits[0]?.avg),
      wait_p90_minutes: rounded(waits[0]?.p90),
      service_avg_minutes: rounded(services[0]?.avg),
      service_p90_minutes: rounded(services[0]?.p90),
      per_hour: hours,
      counters: counters.map((c) => ({
        counter_id: c.counterId,
        counter_name: c.counterName,
        served: c.served,
      })),
      no_show_rate: finished === 0 ? null : Math.round(((outcome?.noShow ?? 0) / finished) * 1000) / 10,
      tickets_30d: outcome?.all ?? 0,
    };
  };
}
