import { ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { instantAt } from '@workhub/shared/wall-clock';
import { count } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { conflict } from '../../lib/app-error.ts';
import { clearSampleRows, takeSampleLoadTurn } from '../../lib/sample-data.ts';
import {
  ticketingCounterServices,
  ticketingCounters,
  ticketingDayNumbers,
  ticketingServices,
  ticketingTickets,
} from './ticketing.schema.ts';
import { readSettings } from './ticketing-records.service.ts';
import { localDay, type Tenancy } from './ticketing-tenancy.ts';

const DAY_MS = 86_400_000;
const MINUTE = 60_000;

/** A small deterministic generator (mulberry32), so a workspace's sample month is the same each time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SERVICES = [
  { name: 'Deposits and withdrawals', prefix: 'D', minutes: 4, share: 0.5 },
  { name: 'Account opening', prefix: 'A', minutes: 12, share: 0.2 },
  { name: 'Customer care', prefix: 'C', minutes: 7, share: 0.3 },
] as const;
const COUNTERS = [
  { name: 'Window 1', serves: ['D'] },
  { name: 'Window 2', serves: ['D', 'C'] },
  { name: 'Window 3', serves: ['A', 'C'] },
] as const;

/** How busy each opening hour is (8:00 to 16:59), the mid-morning and after-lunch peaks. */
const HOURLY = [6, 10, 12, 9, 6, 8, 10, 8, 5];

/**
 * "Load sample data": a bank branch's month of queue (three services, three counters, about 60
 * tickets a working day from 8:00 to 17:00 for the 30 days up to now, Sundays closed), every row
 * marked `sample`. Only into an empty module (409 once it has a service). "Clear sample data"
 * deletes the marked rows, and nothing else: a sample service or counter that real tickets use
 * stays.
 */
export function createSampleData(ctx: Ctx) {
  const { db, now } = ctx;

  async function load(scope: Tenancy): Promise<{ services: number; counters: number; tickets: number }> {
    await takeSampleLoadTurn(db, 'ticketing', scope);
    const [existing] = await db
      .select({ n: count() })
      .from(ticketingServices)
      .where(scope.workspace(ticketingServices));
    if ((existing?.n ?? 0) > 0) throw conflict(ticketingMessages.sampleNotEmpty);
    const at = now();
    const { time_zone: zone } = await readSettings(db, scope);
    const rand = random(at.getUTCFullYear() * 1000 + 7);
    const base = { ...scope.workspaceValues(), sample: true, createdAt: at, updatedAt: at };

    const services = await db
      .insert(ticketingServices)
      .values(
        SERVICES.map((s) => ({ ...base, name: s.name, prefix: s.prefix, avgServiceMinutes: s.minutes })),
      )
      .returning({ id: ticketingServices.id, prefix: ticketingServices.prefix });
    const serviceOf = new Map(services.map((s) => [s.prefix, s.id]));
    const counters = await db
      .insert(ticketingCounters)
      .values(COUNTERS.map((c) => ({ ...base, name: c.name })))
      .returning({ id: ticketingCounters.id, name: ticketingCounters.name });
    await db.insert(ticketingCounterServices).values(
      COUNTERS.flatMap((c) =>
        c.serves.map((prefix) => ({
          ...scope.workspaceValues(),
          counterId: counters.find((x) => x.name === c.name)?.id ?? '',
          serviceId: serviceOf.get(prefix) ?? '',
        })),
      ),
    );
    const countersOf = (prefix: string) =>
      COUNTERS.filter((c) => (c.serves as readonly string[]).includes(prefix)).map(
        (c) => counters.find((x) => x.name === c.name)?.id ?? '',
      );

    const tickets: (typeof ticketingTickets.$inferInsert)[] = [];
    const lastNumbers = new Map<string, number>();
    for (let back = 29; back >= 0; back--) {
      const day = localDay(new Date(at.getTime() - back * DAY_MS), zone);
      if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) continue;
      const dayTickets: (typeof ticketingTickets.$inferInsert)[] = [];
      HOURLY.forEach((weight, h) => {
        const arrivals = Math.round(weight * (0.7 + rand() * 0.6));
        for (let i = 0; i < arrivals; i++) {
          const queuedAt = instantAt(day, (8 + h) * 60 + Math.floor(rand() * 60), zone);
          if (queuedAt.getTime() > at.getTime()) continue;
          const pick = rand();
          const service = pick < SERVICES[0].share ? SERVICES[0] : pick < 0.7 ? SERVICES[2] : SERVICES[1];
          const serviceId = serviceOf.get(service.prefix) ?? '';
          const wait = (2 + rand() * 10 * (weight / 8)) * MINUTE;
          const calledAt = new Date(queuedAt.getTime() + wait);
          const counterChoices = countersOf(service.prefix);
          const counterId = counterChoices[Math.floor(rand() * counterChoices.length)] ?? null;
          const over = calledAt.getTime() > at.getTime();
          const noShow = !over && rand() < 0.06;
          const startedAt = new Date(calledAt.getTime() + (0.5 + rand()) * MINUTE);
          const finishedAt = new Date(startedAt.getTime() + service.minutes * (0.5 + rand()) * MINUTE);
          const inProgress = !over && finishedAt.getTime() > at.getTime();
          dayTickets.push({
            ...base,
            serviceId,
            serviceDay: day,
            number: 0,
            priority: rand() < 0.1,
            status: over ? 'waiting' : noShow ? 'no_show' : inProgress ? 'serving' : 'done',
            source: rand() < 0.8 ? 'kiosk' : 'staff',
            counterId: over ? null : counterId,
            recallCount: noShow ? 3 : 0,
            queuedAt,
            calledAt: over ? null : calledAt,
            startedAt: over || noShow ? null : startedAt,
            finishedAt:
              over || inProgress ? null : noShow ? new Date(calledAt.getTime() + 3 * MINUTE) : finishedAt,
            createdAt: queuedAt,
            updatedAt: queuedAt,
          });
        }
      });
      // An hour's arrivals are drawn at random minutes: numbered in the order they queued, as the
      // kiosk numbers them (A-019 never queued before A-018).
      dayTickets.sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
      const numbers = new Map<string, number>();
      for (const ticket of dayTickets) {
        const number = (numbers.get(ticket.serviceId) ?? 0) + 1;
        numbers.set(ticket.serviceId, number);
        ticket.number = number;
        lastNumbers.set(`${ticket.serviceId} ${day}`, number);
        tickets.push(ticket);
      }
    }
    // A counter holds one ticket in hand at a time: keep only each counter's latest one serving.
    const holding = new Set<string>();
    for (const ticket of [...tickets].reverse()) {
      if (ticket.status !== 'serving' || !ticket.counterId) continue;
      if (holding.has(ticket.counterId)) {
        ticket.status = 'done';
        ticket.finishedAt = at;
      }
      holding.add(ticket.counterId);
    }
    for (let i = 0; i < tickets.length; i += 500) {
      await db.insert(ticketingTickets).values(tickets.slice(i, i + 500));
    }
    if (lastNumbers.size > 0) {
      await db.insert(ticketingDayNumbers).values(
        [...lastNumbers].map(([key, lastNumber]) => {
          const [serviceId = '', serviceDay = ''] = key.split(' ');
          return { ...scope.workspaceValues(), serviceId, serviceDay, lastNumber };
        }),
      );
    }
    return { services: services.length, counters: counters.length, tickets: tickets.length };
  }

  async function clear(scope: Tenancy): Promise<{ services: number; counters: number; tickets: number }> {
    const T = ticketingTickets;
    // Children first; a sample counter or service that a real ticket refers to stays.
    const tickets = await clearSampleRows(db, T, scope.workspace(T));
    return {
      tickets,
      counters: await clearSampleRows(db, ticketingCounters, scope.workspace(ticketingCounters), {
        table: T,
        column: T.counterId,
      }),
      services: await clearSampleRows(db, ticketingServices, scope.workspace(ticketingServices), {
        table: T,
        column: T.serviceId,
      }),
    };
  }

  return { load, clear };
}
