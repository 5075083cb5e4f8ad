import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import {
  type MyQueue,
  TICKET_LIST_COUNT_MAX,
  type Ticket,
  type TicketListQuery,
  type TicketSource,
  type TicketStatus,
  ticketingMessages,
  ticketNumberLabel,
} from '@workhub/shared/schemas/ticketing';
import { and, asc, type Column, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { relatedColumn } from '../../db/correlated.ts';
import { workspaces } from '../../db/schema/workspaces.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import { containing } from '../../lib/list-query.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import { readBoard, waitingTickets } from './board.service.ts';
import { estimatedWaitMinutes, ticketsAhead } from './queue-order.ts';
import {
  ticketingCounterServices,
  ticketingCounters,
  ticketingDayNumbers,
  ticketingServices,
  ticketingTickets,
} from './ticketing.schema.ts';
import { badRequest, type TicketingRecords } from './ticketing-records.service.ts';
import { isOpenAt, localDay, type Tenancy } from './ticketing-tenancy.ts';

type ListQuery = { page: number; limit: number } & Omit<TicketListQuery, 'page' | 'limit' | 'sort'> & {
    sort: NonNullable<TicketListQuery['sort']>;
  };
type ExportQuery = Omit<ListQuery, 'page' | 'limit'>;

export type TicketAction = 'recall' | 'start' | 'done' | 'no-show' | 'transfer';

const WORDS: Record<TicketAction, string> = {
  recall: 'recall',
  start: 'start',
  done: 'finish',
  'no-show': 'mark as no-show',
  transfer: 'transfer',
};

/** Which statuses each action takes a ticket from (anything else is 409). */
export const FROM: Record<TicketAction, readonly TicketStatus[]> = {
  recall: ['called'],
  start: ['called'],
  done: ['serving'],
  'no-show': ['called'],
  transfer: ['waiting', 'called', 'serving'],
};

const transitionRefused = (action: TicketAction, status: TicketStatus) =>
  conflict(ticketingMessages.transition(WORDS[action], status));

const T = ticketingTickets;
const S = ticketingServices;
const C = ticketingCounters;

/** A column of the ticket's service (`S`, by the ticket's service_id), as a correlated sub-select. */
const serviceOf = <V>(column: Column) =>
  relatedColumn<V>(S, { accountId: T.accountId, id: T.serviceId }, column);
const servicePrefix = serviceOf<string>(S.prefix);

const ticketColumns = {
  row: T,
  prefix: servicePrefix,
  serviceName: serviceOf<string>(S.name),
  counterName: relatedColumn<string | null>(C, { accountId: T.accountId, id: T.counterId }, C.name),
};

/**
 * Tickets of the scope's workspace with their service's prefix and name and their counter's name.
 * Those are sub-selects, not joins: a workspace's few services among every workspace's made the
 * planner guess a join of its tickets at a dozen rows, and sort the queue's whole history for a
 * page (5,000 read for 14 in ticket-list-plan.postgres.test.ts).
 */
function selectTickets(db: Db, scope: Tenancy, where: SQL | undefined) {
  return db
    .select(ticketColumns)
    .from(T)
    .where(and(scope.workspace(T), where))
    .$dynamic();
}

/**
 * A page of the tickets a customer took signed in at the kiosk, newest first: read through
 * ticketing_tickets_issuer_idx (my-tickets-plan.postgres.test.ts).
 */
export function myTicketsPage(db: Db, scope: Tenancy, userId: string, page: { page: number; limit: number }) {
  return selectTickets(db, scope, myTickets(userId))
    .orderBy(desc(T.queuedAt), desc(T.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}

const myTickets = (userId: string) => and(eq(T.issuedBy, userId), eq(T.source, 'kiosk'));

/** The ticket list's filters (its search joins the service). */
function listWhere(query: ExportQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(T.status, query.status) : undefined,
    query.service_id ? eq(T.serviceId, query.service_id) : undefined,
    query.counter_id ? eq(T.counterId, query.counter_id) : undefined,
    query.day ? eq(T.serviceDay, query.day) : undefined,
  ];
  if (query.q) {
    const numbered = /^([A-Za-z])?-?0*(\d{1,9})$/.exec(query.q.trim());
    const byNumber = numbered
      ? and(
          eq(T.number, Number(numbered[2])),
          numbered[1] ? sql`${servicePrefix} = ${numbered[1].toUpperCase()}` : undefined,
        )
      : undefined;
    // A transferred ticket is found by the number it was issued with too (on the customer's paper).
    const issuedAs =
      numbered?.[1] !== undefined
        ? eq(T.transferredFrom, ticketNumberLabel(numbered[1].toUpperCase(), Number(numbered[2])))
        : undefined;
    conditions.push(or(byNumber, issuedAs, sql`${serviceOf(S.name)} ilike ${containing(query.q)}`));
  }
  return and(...conditions);
}

/** The ticket list's sorts. */
const ORDER = {
  queued_at: [asc(T.queuedAt), asc(T.id)],
  '-queued_at': [desc(T.queuedAt), desc(T.id)],
  number: [asc(T.serviceDay), asc(servicePrefix), asc(T.number)],
  '-number': [desc(T.serviceDay), desc(servicePrefix), desc(T.number)],
} as const;

/**
 * A page of the ticket list in its sort: read through the workspace's `queued_at` index newest or
 * oldest first (ticket-list-plan.postgres.test.ts), the service and counter joined to its rows.
 */
export function ticketsPage(db: Db, scope: Tenancy, query: ListQuery) {
  return selectTickets(db, scope, listWhere(query))
    .orderBy(...ORDER[query.sort])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/**
 * The next ticket a counter calls, locked (SKIP LOCKED: another counter's call takes another): of
 * the waiting tickets of the services it serves, whatever day they were issued on, priority first,
 * then the earliest day and queued_at (queue-order.ts). Read through the partial index of waiting
 * tickets, however long the queue's history (queue-plan.postgres.test.ts).
 */
export function nextWaiting(db: Db, scope: Tenancy, counterId: string) {
  const CS = ticketingCounterServices;
  const served = db
    .select({ id: CS.serviceId })
    .from(CS)
    .where(and(scope.workspace(CS), eq(CS.counterId, counterId)));
  return db
    .select({ id: T.id })
    .from(T)
    .where(and(scope.workspace(T), eq(T.status, 'waiting'), inArray(T.serviceId, served)))
    .orderBy(desc(T.priority), asc(T.serviceDay), asc(T.queuedAt), asc(T.number), asc(T.id))
    .limit(1)
    .for('update', { skipLocked: true });
}

/**
 * One more than the highest number of `serviceId`'s tickets live now (waiting, or called or being
 * served at a counter), whatever their day: a day that begins with tickets of an earlier day still
 * in line numbers its own after them. Two small reads: the partial index of waiting tickets, and the
 * counters' index for the tickets in hand (queue-plan.postgres.test.ts), never the queue's history.
 */
export function aboveLiveNumbers(db: Db, scope: Tenancy, serviceId: string): SQL {
  const highest = (where: SQL | undefined) =>
    db
      .select({ n: sql<number>`max(${T.number})` })
      .from(T)
      .where(and(scope.workspace(T), eq(T.serviceId, serviceId), where));
  const counters = db.select({ id: C.id }).from(C).where(scope.workspace(C));
  const waiting = highest(eq(T.status, 'waiting'));
  const inHand = highest(and(inArray(T.counterId, counters), inArray(T.status, ['called', 'serving'])));
  return sql`greatest(coalesce((${waiting}), 0), coalesce((${inHand}), 0)) + 1`;
}

/** Tickets: issued (by a member or at the kiosk), called by a counter, and moved through their day. */
export function createTicketsService(ctx: Ctx, records: TicketingRecords) {
  const { db, now } = ctx;

  const select = (scope: Tenancy, where: SQL | undefined) => selectTickets(db, scope, where);
  type Row = Awaited<ReturnType<typeof select>>[number];

  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const toTicket = ({ row, prefix, serviceName, counterName }: Row): Ticket => ({
    id: row.id,
    public_id: row.publicId,
    number: ticketNumberLabel(prefix, row.number),
    service_id: row.serviceId,
    service_name: serviceName,
    service_day: row.serviceDay,
    priority: row.priority,
    status: row.status,
    source: row.source,
    counter_id: row.counterId,
    counter_name: counterName,
    recall_count: row.recallCount,
    queued_at: row.queuedAt.toISOString(),
    called_at: iso(row.calledAt),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    sample: row.sample,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  async function ticketById(scope: Tenancy, id: string): Promise<Ticket> {
    const [row] = await select(scope, eq(T.id, id));
    if (!row) throw notFound();
    return toTicket(row);
  }

  /**
   * The next number of `serviceId` on `day`: the day's counter row + 1 (an upsert that locks the
   * row, so never twice), and never one a live ticket of the service shows: a day that begins with
   * A-002..A-004 of yesterday still waiting starts at A-005. The caller holds the service's row
   * (lockedActiveService): issues and transfers into a service are numbered one at a time, also
   * across midnight, when two of them count on two days' rows and each must see the other's ticket.
   */
  async function nextNumber(scope: Tenancy, serviceId: string, day: string): Promise<number> {
    const N = ticketingDayNumbers;
    const [row] = await db
      .insert(N)
      .values({
        ...scope.workspaceValues(),
        serviceId,
        serviceDay: day,
        lastNumber: aboveLiveNumbers(db, scope, serviceId),
      })
      .onConflictDoUpdate({
        target: [N.accountId, N.workspaceId, N.serviceId, N.serviceDay],
        set: { lastNumber: sql`greatest(${N.lastNumber} + 1, excluded.last_number)` },
      })
      .returning({ lastNumber: N.lastNumber });
    if (!row) throw new Error('day number upsert returned no row');
    return row.lastNumber;
  }

  /**
   * The service a ticket is numbered in, its row locked until the request's transaction ends (NO
   * KEY UPDATE: the tickets' foreign keys still share it) so that its numbers are given one at a
   * time: 400 when it is not the workspace's, 409 when it is inactive.
   */
  async function lockedActiveService(scope: Tenancy, serviceId: string) {
    const [service] = await db
      .select()
      .from(S)
      .where(and(scope.workspace(S), eq(S.id, serviceId)))
      .for('no key update');
    if (!service) throw badRequest('service_id', ticketingMessages.serviceUnknown);
    if (service.status !== 'active') throw conflict(ticketingMessages.serviceInactive);
    return service;
  }

  /**
   * A waiting ticket's place: the waiting tickets, whatever day they were issued on (one still
   * waiting at the queue's midnight stays in line), that the counters serving its service will call
   * before it (of its service, and of the other services those counters serve), and the estimated
   * wait: each of those tickets at its own service's average, over those counters. Read through the partial
   * index of waiting tickets (ticketing_tickets_queue_idx). `counterOpen`: whether an active
   * counter serves its service at all (without one the estimate promises a call that will not come).
   */
  async function placeOf(
    scope: Tenancy,
    ticket: Ticket,
  ): Promise<{ ahead: number; minutes: number; counterOpen: boolean }> {
    const CS = ticketingCounterServices;
    const counters = await db
      .select({ id: CS.counterId })
      .from(CS)
      .innerJoin(C, and(eq(C.accountId, CS.accountId), eq(C.id, CS.counterId)))
      .where(and(scope.workspace(CS), eq(CS.serviceId, ticket.service_id), eq(C.status, 'active')));
    const counterIds = counters.map((c) => c.id);
    const counterOpen = counterIds.length > 0;
    if (ticket.status !== 'waiting') return { ahead: 0, minutes: 0, counterOpen };
    const services =
      counterIds.length === 0
        ? [ticket.service_id]
        : [
            ...new Set([
              ticket.service_id,
              ...(
                await db
                  .select({ id: CS.serviceId })
                  .from(CS)
                  .where(and(scope.workspace(CS), inArray(CS.counterId, counterIds)))
              ).map((s) => s.id),
            ]),
          ];
    const waiting = await waitingTickets(db, scope, services);
    const self = waiting.find((w) => w.id === ticket.id);
    const before = self ? ticketsAhead(self, waiting) : [];
    // Each ticket ahead at its own service's average (a deposit ahead of a loan counts a deposit).
    const averages = new Map(
      (
        await db
          .select({ id: S.id, minutes: S.avgServiceMinutes })
          .from(S)
          .where(and(scope.workspace(S), inArray(S.id, services)))
      ).map((row) => [row.id, row.minutes]),
    );
    return {
      ahead: before.length,
      minutes: estimatedWaitMinutes(
        before.map((other) => averages.get(other.serviceId) ?? 0),
        counterIds.length,
      ),
      counterOpen,
    };
  }

  /** Moves a ticket from one of `from` to what `set` says; 404 when it is not ours, 409 from another status. */
  async function move(
    scope: Tenancy,
    id: string,
    action: TicketAction,
    set: PgUpdateSetSource<typeof T>,
    extra?: SQL,
  ): Promise<Ticket> {
    const updated = await db
      .update(T)
      .set({ ...set, revision: sql`${T.revision} + 1`, updatedAt: now() })
      .where(and(scope.workspace(T), eq(T.id, id), inArray(T.status, [...FROM[action]]), extra))
      .returning({ id: T.id });
    if (updated.length === 0) {
      const current = await ticketById(scope, id);
      throw transitionRefused(action, current.status);
    }
    return ticketById(scope, id);
  }

  /** The list's matches, one more than TICKET_LIST_COUNT_MAX at most. */
  const cappedMatches = (scope: Tenancy, where: SQL | undefined) =>
    db
      .select({ one: sql`1`.as('one') })
      .from(T)
      .where(and(scope.workspace(T), where))
      .limit(TICKET_LIST_COUNT_MAX + 1)
      .as('matches');

  return {
    ticketById,
    placeOf,

    /** Issues a ticket: the service's next number of the workspace's day, waiting from now. */
    async issue(
      scope: Tenancy,
      input: { service_id: string; priority: boolean },
      options: { source: TicketSource; issuedBy: string | null; at?: Date; sample?: boolean },
    ): Promise<Ticket & { people_ahead: number; estimated_wait_minutes: number; counter_open: boolean }> {
      const service = await lockedActiveService(scope, input.service_id);
      const settings = await records.settingsOf(scope);
      const at = options.at ?? now();
      if (options.source === 'kiosk' && !isOpenAt(settings.opening_hours, at, settings.time_zone)) {
        throw conflict(ticketingMessages.closedNow);
      }
      // A customer signed in waits in a service's line with one ticket at a time: without it one account
      // could fill the line (and every other customer's wait) with tickets. Checked under the
      // service's lock, so that two taken at once cannot both pass.
      if (options.source === 'kiosk' && options.issuedBy) {
        const [held] = await db
          .select({ number: T.number })
          .from(T)
          .where(
            and(
              scope.workspace(T),
              myTickets(options.issuedBy),
              eq(T.serviceId, service.id),
              eq(T.status, 'waiting'),
            ),
          )
          .limit(1);
        if (held) {
          throw conflict(ticketingMessages.alreadyInLine(ticketNumberLabel(service.prefix, held.number)));
        }
      }
      const day = localDay(at, settings.time_zone);
      const number = await nextNumber(scope, service.id, day);
      const [row] = await db
        .insert(T)
        .values({
          ...scope.workspaceValues(),
          serviceId: service.id,
          serviceDay: day,
          number,
          priority: input.priority,
          source: options.source,
          queuedAt: at,
          issuedBy: options.issuedBy,
          sample: options.sample ?? false,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: T.id });
      if (!row) throw new Error('ticket insert returned no row');
      const ticket = await ticketById(scope, row.id);
      const { ahead, minutes, counterOpen } = await placeOf(scope, ticket);
      return { ...ticket, people_ahead: ahead, estimated_wait_minutes: minutes, counter_open: counterOpen };
    },

    /**
     * The counter calls its next ticket: of the waiting tickets of the services it serves, whatever
     * day they were issued on (one still waiting at the queue's midnight is called before the new
     * day's), priority first, then the earliest day and queued_at (queue-order.ts), through the
     * partial index of waiting tickets (ticketing_tickets_queue_idx). The counter's row is locked first
     * (one call per counter at a time); the ticket's with SKIP LOCKED, so two counters calling at
     * the same instant take two different tickets.
     */
    async callNext(scope: Tenancy, counterId: string): Promise<Ticket> {
      const [counter] = await db
        .select({ id: C.id, status: C.status })
        .from(C)
        .where(and(scope.workspace(C), eq(C.id, counterId)))
        .for('update');
      if (!counter) throw notFound();
      if (counter.status !== 'active') throw conflict(ticketingMessages.counterInactive);
      const [busy] = await db
        .select({ id: T.id })
        .from(T)
        .where(and(scope.workspace(T), eq(T.counterId, counterId), inArray(T.status, ['called', 'serving'])))
        .limit(1);
      if (busy) throw conflict(ticketingMessages.counterBusy);
      const at = now();
      const [next] = await nextWaiting(db, scope, counterId);
      if (!next) throw new AppError(409, 'CONFLICT', ticketingMessages.queueEmpty);
      await db
        .update(T)
        .set({
          status: 'called',
          counterId,
          calledAt: at,
          revision: sql`${T.revision} + 1`,
          updatedAt: at,
        })
        .where(and(scope.workspace(T), eq(T.id, next.id)));
      return ticketById(scope, next.id);
    },

    /**
     * Calls it again: recall_count + 1 (the board announces it again on that). called_at stays the
     * first call's: the wait is queued → first called (the dashboard, the list, the CSV), and a
     * recall minutes later is the customer's delay, not the queue's.
     */
    recall: (scope: Tenancy, id: string) =>
      move(scope, id, 'recall', { recallCount: sql`${T.recallCount} + 1` }),

    start: (scope: Tenancy, id: string) => move(scope, id, 'start', { status: 'serving', startedAt: now() }),

    done: (scope: Tenancy, id: string) => move(scope, id, 'done', { status: 'done', finishedAt: now() }),

    /** Only after the settings' number of recalls: the person had their chances to come. */
    async noShow(scope: Tenancy, id: string): Promise<Ticket> {
      const { no_show_after_recalls: needed } = await records.settingsOf(scope);
      const ticket = await ticketById(scope, id);
      if (ticket.status === 'called' && ticket.recall_count < needed) {
        throw conflict(ticketingMessages.noShowTooEarly(ticket.recall_count, needed));
      }
      return move(
        scope,
        id,
        'no-show',
        { status: 'no_show', finishedAt: now() },
        sql`${T.recallCount} >= ${needed}`,
      );
    },

    /**
     * To another service: waiting again, with that service's next number of the workspace's today
     * (and today as its day: an earlier day's ticket still in line takes today's next number, not
     * its own day's, which today's numbers may have passed or a live ticket may show), keeping
     * queued_at (its original waiting time, so it is not sent to the back of today's tickets), and
     * the number it was issued with (transferred_from: the first transfer's, on the customer's paper).
     */
    async transfer(scope: Tenancy, id: string, serviceId: string): Promise<Ticket> {
      // The ticket's row first, then read as it is: two transfers of one ticket at once run one after
      // the other, and the second sees where the first put it (without the lock both read the ticket
      // as it was, and the second numbered it again in a service it had just been moved to).
      await db
        .select({ id: T.id })
        .from(T)
        .where(and(scope.workspace(T), eq(T.id, id)))
        .for('update');
      const ticket = await ticketById(scope, id);
      const service = await lockedActiveService(scope, serviceId);
      if (service.id === ticket.service_id) throw badRequest('service_id', ticketingMessages.sameService);
      if (!FROM.transfer.includes(ticket.status)) throw transitionRefused('transfer', ticket.status);
      const today = localDay(now(), (await records.settingsOf(scope)).time_zone);
      const number = await nextNumber(scope, service.id, today);
      return move(scope, id, 'transfer', {
        serviceId: service.id,
        serviceDay: today,
        number,
        transferredFrom: sql`coalesce(${T.transferredFrom}, ${ticket.number})`,
        status: 'waiting',
        counterId: null,
        recallCount: 0,
        calledAt: null,
        startedAt: null,
      });
    },

    /**
     * What a signed-in customer picks from to take a ticket: the board's services and opening
     * state, and the public slug their ticket's live page sits under (/q/{slug}/t/{public_id}).
     */
    async myQueue(scope: Tenancy, workspaceName: string): Promise<MyQueue> {
      const [workspace] = await db
        .select({ slug: workspaces.publicSlug })
        .from(workspaces)
        .where(and(eq(workspaces.accountId, scope.accountId), eq(workspaces.id, scope.workspaceId)));
      if (!workspace) throw notFound();
      const board = await readBoard(db, scope, workspaceName, now());
      return {
        workspace_name: board.workspace_name,
        public_slug: workspace.slug,
        open_now: board.open_now,
        services: board.services,
      };
    },

    /** A customer's own tickets (those they took signed in), newest first, each with its place. */
    async listMine(scope: Tenancy, userId: string, page: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        myTicketsPage(db, scope, userId, page),
        db
          .select({ total: count() })
          .from(T)
          .where(and(scope.workspace(T), myTickets(userId))),
      ]);
      const data = [];
      for (const row of rows) {
        const ticket = toTicket(row);
        const { ahead, minutes, counterOpen } = await placeOf(scope, ticket);
        data.push({
          ...ticket,
          people_ahead: ahead,
          estimated_wait_minutes: minutes,
          counter_open: counterOpen,
        });
      }
      return { data, meta: { page: page.page, limit: page.limit, total: total?.total ?? 0 } };
    },

    /** A page of the tickets; the matches counted up to TICKET_LIST_COUNT_MAX (meta.capped beyond). */
    async list(scope: Tenancy, query: ListQuery) {
      const where = listWhere(query);
      const [rows, [counted]] = await Promise.all([
        ticketsPage(db, scope, query),
        db.select({ total: count() }).from(cappedMatches(scope, where)),
      ]);
      const total = counted?.total ?? 0;
      const capped = total > TICKET_LIST_COUNT_MAX;
      return {
        data: rows.map(toTicket),
        meta: {
          page: query.page,
          limit: query.limit,
          total: capped ? TICKET_LIST_COUNT_MAX : total,
          ...(capped ? { capped } : {}),
        },
      };
    },

    /** The list as CSV (same filters and sort), audited as export.tickets. */
    async exportCsv(scope: WorkspaceScope, query: ExportQuery) {
      const fetched = await select(scope, listWhere(query))
        .orderBy(...ORDER[query.sort])
        .limit(EXPORT_ROWS_MAX + 1);
      const { rows, truncatedAt } = capRows(fetched.map(toTicket), EXPORT_ROWS_MAX);
      const csv = toCsv(
        [
          'Number',
          'Day',
          'Service',
          'Priority',
          'Status',
          'Counter',
          'Recalls',
          'Queued at',
          'Called at',
          'Started at',
          'Finished at',
        ],
        rows.map((r) => [
          r.number,
          r.service_day,
          r.service_name,
          r.priority ? 'yes' : 'no',
          r.status,
          r.counter_name,
          r.recall_count,
          r.queued_at,
          r.called_at,
          r.started_at,
          r.finished_at,
        ]),
      );
      const at = now();
      await recordAudit(db, exportEvent(scope, 'export.tickets', rows.length, query, at));
      return { filename: csvFilename('tickets', at), csv, truncatedAt };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
