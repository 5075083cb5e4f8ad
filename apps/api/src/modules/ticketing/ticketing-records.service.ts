import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import {
  type Counter,
  type counterBody,
  type RecordListQuery,
  type Service,
  type serviceBody,
  type settingsBody,
  TICKETING_DEFAULT_NO_SHOW_AFTER,
  TICKETING_DEFAULT_TIME_ZONE,
  type TicketingSettings,
  ticketingMessages,
} from '@workhub/shared/schemas/ticketing';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { lockSettings, lockVersion, nextVersion, settingsVersion } from '../../db/edit-lock.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { joinSettings, theWorkspace, zoneOf } from '../../db/workspace-zone.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import type { EditVersion } from '../../lib/edit-version.ts';
import { containing } from '../../lib/list-query.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import {
  ticketingCounterServices,
  ticketingCounters,
  ticketingOpeningHours,
  ticketingServices,
  ticketingSettings,
  ticketingTickets,
} from './ticketing.schema.ts';
import { type Tenancy, violatedConstraint } from './ticketing-tenancy.ts';

type ServiceInput = z.output<typeof serviceBody>;
type CounterInput = z.output<typeof counterBody>;
type SettingsInput = z.output<typeof settingsBody>;
type FilterQuery = Pick<RecordListQuery, 'q' | 'status'>;
type ListQuery = { page: number; limit: number } & FilterQuery;

export const badRequest = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });

/** The queue's settings (the defaults without a row) and opening hours, read with `db`. */
export async function readSettings(db: Db, scope: Tenancy): Promise<TicketingSettings> {
  // The queue's zone: its own, else the workspace's, else UTC (db/workspace-zone.ts).
  const [row] = await db
    .select({
      timeZone: zoneOf(ticketingSettings.timeZone, TICKETING_DEFAULT_TIME_ZONE),
      noShowAfterRecalls: ticketingSettings.noShowAfterRecalls,
      version: settingsVersion(ticketingSettings.updatedAt),
    })
    .from(workspaces)
    .leftJoin(ticketingSettings, joinSettings(ticketingSettings))
    .where(theWorkspace(scope));
  const hours = await db
    .select()
    .from(ticketingOpeningHours)
    .where(scope.workspace(ticketingOpeningHours))
    .orderBy(asc(ticketingOpeningHours.weekday));
  return {
    time_zone: row?.timeZone ?? TICKETING_DEFAULT_TIME_ZONE,
    no_show_after_recalls: row?.noShowAfterRecalls ?? TICKETING_DEFAULT_NO_SHOW_AFTER,
    opening_hours: hours.map((h) => ({
      weekday: h.weekday,
      opens_at: h.opensAt.slice(0, 5),
      closes_at: h.closesAt.slice(0, 5),
    })),
    updated_at: (row?.version ?? new Date(0)).toISOString(),
  };
}

/** Services, counters, the settings and the opening hours of a workspace's queue. */
export function createTicketingRecords(ctx: Ctx) {
  const { db, now } = ctx;

  const settingsOf = (scope: Tenancy) => readSettings(db, scope);

  /**
   * The services the filters keep, in the list's order (prefix), each with its waiting tickets:
   * whatever day they were issued on (one still waiting at the queue's midnight stays in line),
   * counted through the partial index of waiting tickets (ticketing_tickets_queue_idx).
   */
  const waitingCount = () =>
    sql<number>`(select count(*) from ${ticketingTickets} where ${and(
      eq(ticketingTickets.accountId, ticketingServices.accountId),
      eq(ticketingTickets.workspaceId, ticketingServices.workspaceId),
      eq(ticketingTickets.serviceId, ticketingServices.id),
      eq(ticketingTickets.status, 'waiting'),
    )})`.mapWith(Number);

  async function selectServices(scope: Tenancy, query: FilterQuery, page: { limit: number; offset: number }) {
    const waiting = waitingCount();
    const rows = await db
      .select({ row: ticketingServices, waiting })
      .from(ticketingServices)
      .where(servicesWhere(scope, query))
      .orderBy(asc(ticketingServices.prefix), asc(ticketingServices.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(({ row, waiting: w }) => toService(row, w));
  }

  const servicesWhere = (scope: Tenancy, query: FilterQuery) =>
    and(
      scope.workspace(ticketingServices),
      query.q ? ilike(ticketingServices.name, containing(query.q)) : undefined,
      query.status ? eq(ticketingServices.status, query.status) : undefined,
    );

  async function listServices(scope: Tenancy, query: ListQuery) {
    const [data, [total]] = await Promise.all([
      selectServices(scope, query, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      db.select({ total: count() }).from(ticketingServices).where(servicesWhere(scope, query)),
    ]);
    return { data, meta: { page: query.page, limit: query.limit, total: total?.total ?? 0 } };
  }

  function toService(row: typeof ticketingServices.$inferSelect, waiting: number): Service {
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      avg_service_minutes: row.avgServiceMinutes,
      status: row.status,
      sample: row.sample,
      waiting,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** One service with its waiting tickets, as the list counts them. */
  async function serviceById(scope: Tenancy, id: string): Promise<Service> {
    const [found] = await db
      .select({ row: ticketingServices, waiting: waitingCount() })
      .from(ticketingServices)
      .where(and(scope.workspace(ticketingServices), eq(ticketingServices.id, id)));
    if (!found) throw notFound();
    return toService(found.row, found.waiting);
  }

  async function uniqueService<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (violatedConstraint(err) === 'ticketing_services_workspace_prefix_key') {
        throw conflict(ticketingMessages.prefixTaken, { prefix: ticketingMessages.prefixTaken });
      }
      throw conflict(ticketingMessages.serviceNameTaken, { name: ticketingMessages.serviceNameTaken });
    }
  }

  async function uniqueCounter<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict(ticketingMessages.counterNameTaken, { name: ticketingMessages.counterNameTaken });
    }
  }

  const counterSelect = {
    row: ticketingCounters,
    operatorName: sql<
      string | null
    >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
  };

  async function countersWhere(
    scope: Tenancy,
    where: SQL | undefined,
    page?: { limit: number; offset: number },
  ) {
    let query = db
      .select(counterSelect)
      .from(ticketingCounters)
      .leftJoin(users, eq(users.id, ticketingCounters.operatorUserId))
      .where(and(scope.workspace(ticketingCounters), where))
      .orderBy(asc(sql`lower(${ticketingCounters.name})`), asc(ticketingCounters.id))
      .$dynamic();
    if (page) query = query.limit(page.limit).offset(page.offset);
    const rows = await query;
    const ids = rows.map((r) => r.row.id);
    const links =
      ids.length === 0
        ? []
        : await db
            .select({
              counterId: ticketingCounterServices.counterId,
              id: ticketingServices.id,
              name: ticketingServices.name,
              prefix: ticketingServices.prefix,
            })
            .from(ticketingCounterServices)
            .innerJoin(
              ticketingServices,
              and(
                eq(ticketingServices.accountId, ticketingCounterServices.accountId),
                eq(ticketingServices.id, ticketingCounterServices.serviceId),
              ),
            )
            .where(
              and(
                scope.workspace(ticketingCounterServices),
                inArray(ticketingCounterServices.counterId, ids),
              ),
            )
            .orderBy(asc(ticketingServices.prefix));
    return rows.map(
      ({ row, operatorName }): Counter => ({
        id: row.id,
        name: row.name,
        operator_user_id: row.operatorUserId,
        operator_name: operatorName,
        status: row.status,
        sample: row.sample,
        services: links
          .filter((l) => l.counterId === row.id)
          .map((l) => ({ id: l.id, name: l.name, prefix: l.prefix })),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      }),
    );
  }

  const countersFilter = (query: FilterQuery) =>
    and(
      query.q ? ilike(ticketingCounters.name, containing(query.q)) : undefined,
      query.status ? eq(ticketingCounters.status, query.status) : undefined,
    );

  async function counterById(scope: Tenancy, id: string): Promise<Counter> {
    const [found] = await countersWhere(scope, eq(ticketingCounters.id, id));
    if (!found) throw notFound();
    return found;
  }

  /** The services and the operator of a counter must be the workspace's (400 otherwise). */
  async function checkCounterInput(scope: Tenancy, input: CounterInput): Promise<string[]> {
    const serviceIds = [...new Set(input.service_ids)];
    const found = await db
      .select({ id: ticketingServices.id })
      .from(ticketingServices)
      .where(and(scope.workspace(ticketingServices), inArray(ticketingServices.id, serviceIds)));
    if (found.length !== serviceIds.length) {
      throw badRequest('service_ids', ticketingMessages.serviceUnknown);
    }
    if (input.operator_user_id) {
      const [member] = await db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(
          and(
            scope.workspace(workspaceMembers),
            eq(workspaceMembers.userId, input.operator_user_id),
            eq(workspaceMembers.status, 'active'),
          ),
        );
      if (!member) throw badRequest('operator_user_id', ticketingMessages.operatorUnknown);
    }
    return serviceIds;
  }

  /**
   * An inactive counter leaves the board and the console: a ticket it has called or is serving would
   * be stranded there (the customer still sent to it), so it must be finished or transferred first.
   * The counter's row is locked first, as call-next locks it (tickets.service.ts): a call at the same
   * instant either waits for the deactivation and finds the counter inactive, or is seen here.
   */
  async function refuseIfHolding(scope: Tenancy, counterId: string) {
    const C = ticketingCounters;
    const T = ticketingTickets;
    const [counter] = await db
      .select({ name: C.name })
      .from(C)
      .where(and(scope.workspace(C), eq(C.id, counterId)))
      .for('update');
    if (!counter) throw notFound();
    const [held] = await db
      .select({ id: T.id })
      .from(T)
      .where(and(scope.workspace(T), eq(T.counterId, counterId), inArray(T.status, ['called', 'serving'])))
      .limit(1);
    if (held) throw conflict(ticketingMessages.counterHoldsTicket(counter.name));
  }

  /**
   * A ticket's number is its service's prefix and its number of the day, read as the prefix is now:
   * a new letter would renumber every ticket still in line (the paper D-003 called as E-003), so it
   * is refused while any is waiting, called or being served.
   */
  async function refuseLivePrefixChange(tx: Db, scope: Tenancy, serviceId: string) {
    const T = ticketingTickets;
    const [live] = await tx
      .select({ id: T.id })
      .from(T)
      .where(
        and(
          scope.workspace(T),
          eq(T.serviceId, serviceId),
          inArray(T.status, ['waiting', 'called', 'serving']),
        ),
      )
      .limit(1);
    if (live) throw conflict(ticketingMessages.prefixInUse, { prefix: ticketingMessages.prefixInUse });
  }

  async function linkServices(scope: Tenancy, counterId: string, serviceIds: string[]) {
    await db
      .delete(ticketingCounterServices)
      .where(
        and(scope.workspace(ticketingCounterServices), eq(ticketingCounterServices.counterId, counterId)),
      );
    await db
      .insert(ticketingCounterServices)
      .values(serviceIds.map((serviceId) => ({ ...scope.workspaceValues(), counterId, serviceId })));
  }

  return {
    settingsOf,
    serviceById,
    counterById,
    listServices,

    async createService(scope: Tenancy, input: ServiceInput, sample = false): Promise<Service> {
      const at = now();
      const [row] = await uniqueService(() =>
        db
          .insert(ticketingServices)
          .values({
            ...scope.workspaceValues(),
            name: input.name,
            prefix: input.prefix,
            avgServiceMinutes: input.avg_service_minutes,
            status: input.status,
            sample,
            createdAt: at,
            updatedAt: at,
          })
          .returning(),
      );
      if (!row) throw new Error('service insert returned no row');
      return toService(row, 0);
    },

    async updateService(
      scope: Tenancy,
      id: string,
      input: ServiceInput,
      expected?: EditVersion,
    ): Promise<Service> {
      const thisService = and(scope.workspace(ticketingServices), eq(ticketingServices.id, id));
      const [row] = await uniqueService(() =>
        db.transaction(async (tx) => {
          // Made against a version: the service locked and its version checked before the change.
          await lockVersion(tx, ticketingServices, ticketingServices.updatedAt, thisService, expected);
          // Locked against an issue (which locks it too) until the change is in.
          const [current] = await tx
            .select({ prefix: ticketingServices.prefix })
            .from(ticketingServices)
            .where(thisService)
            .for('update');
          if (!current) throw notFound();
          if (current.prefix !== input.prefix) await refuseLivePrefixChange(tx, scope, id);
          return tx
            .update(ticketingServices)
            .set({
              name: input.name,
              prefix: input.prefix,
              avgServiceMinutes: input.avg_service_minutes,
              status: input.status,
              updatedAt: now(),
            })
            .where(thisService)
            .returning();
        }),
      );
      if (!row) throw notFound();
      return serviceById(scope, row.id);
    },

    async listCounters(scope: Tenancy, query: ListQuery) {
      const where = countersFilter(query);
      const [data, [total]] = await Promise.all([
        countersWhere(scope, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
        db
          .select({ total: count() })
          .from(ticketingCounters)
          .where(and(scope.workspace(ticketingCounters), where)),
      ]);
      return { data, meta: { page: query.page, limit: query.limit, total: total?.total ?? 0 } };
    },

    /** The services list as CSV (same search and filter, same order), audited as export.ticketing_services. */
    async exportServices(scope: WorkspaceScope, query: FilterQuery) {
      const fetched = await selectServices(scope, query, { limit: EXPORT_ROWS_MAX + 1, offset: 0 });
      const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
      const csv = toCsv(
        ['Prefix', 'Name', 'Average minutes', 'Status', 'Waiting now', 'Created at'],
        rows.map((r) => [r.prefix, r.name, r.avg_service_minutes, r.status, r.waiting, r.created_at]),
      );
      const at = now();
      await recordAudit(db, exportEvent(scope, 'export.ticketing_services', rows.length, query, at));
      return { filename: csvFilename('queue-services', at), csv, truncatedAt };
    },

    /** The counters list as CSV (same search and filter, same order), audited as export.ticketing_counters. */
    async exportCounters(scope: WorkspaceScope, query: FilterQuery) {
      const fetched = await countersWhere(scope, countersFilter(query), {
        limit: EXPORT_ROWS_MAX + 1,
        offset: 0,
      });
      const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
      const csv = toCsv(
        ['Name', 'Services', 'Operator', 'Status', 'Created at'],
        rows.map((r) => [
          r.name,
          r.services.map((x) => `${x.prefix} ${x.name}`).join('; '),
          r.operator_name,
          r.status,
          r.created_at,
        ]),
      );
      const at = now();
      await recordAudit(db, exportEvent(scope, 'export.ticketing_counters', rows.length, query, at));
      return { filename: csvFilename('queue-counters', at), csv, truncatedAt };
    },

    async createCounter(scope: Tenancy, input: CounterInput, sample = false): Promise<Counter> {
      const serviceIds = await checkCounterInput(scope, input);
      const at = now();
      const [row] = await uniqueCounter(() =>
        db
          .insert(ticketingCounters)
          .values({
            ...scope.workspaceValues(),
            name: input.name,
            operatorUserId: input.operator_user_id,
            status: input.status,
            sample,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: ticketingCounters.id }),
      );
      if (!row) throw new Error('counter insert returned no row');
      await linkServices(scope, row.id, serviceIds);
      return counterById(scope, row.id);
    },

    async updateCounter(
      scope: Tenancy,
      id: string,
      input: CounterInput,
      expected?: EditVersion,
    ): Promise<Counter> {
      await counterById(scope, id);
      if (input.status === 'inactive') await refuseIfHolding(scope, id);
      const serviceIds = await checkCounterInput(scope, input);
      const thisCounter = and(scope.workspace(ticketingCounters), eq(ticketingCounters.id, id));
      const [row] = await uniqueCounter(() =>
        db.transaction(async (tx) => {
          // Made against a version: the counter locked and its version checked before the change
          // (its services are part of it: every edit moves its updated_at).
          await lockVersion(tx, ticketingCounters, ticketingCounters.updatedAt, thisCounter, expected);
          return tx
            .update(ticketingCounters)
            .set({
              name: input.name,
              operatorUserId: input.operator_user_id,
              status: input.status,
              updatedAt: nextVersion(ticketingCounters.updatedAt, now()),
            })
            .where(thisCounter)
            .returning({ id: ticketingCounters.id });
        }),
      );
      if (!row) throw notFound();
      await linkServices(scope, id, serviceIds);
      return counterById(scope, id);
    },

    async updateSettings(
      scope: Tenancy,
      input: SettingsInput,
      expected?: EditVersion,
    ): Promise<TicketingSettings> {
      await db.transaction(async (tx) => {
        // The opening hours are part of the settings' version: one writer at a time, and an edit
        // made against an older version refused before anything is replaced.
        const at = await lockSettings(tx, 'ticketing', ticketingSettings, scope, expected, now());
        await tx
          .insert(ticketingSettings)
          .values({
            ...scope.workspaceValues(),
            timeZone: input.time_zone,
            noShowAfterRecalls: input.no_show_after_recalls,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [ticketingSettings.accountId, ticketingSettings.workspaceId],
            set: {
              timeZone: input.time_zone,
              noShowAfterRecalls: input.no_show_after_recalls,
              updatedAt: at,
            },
          });
        await tx.delete(ticketingOpeningHours).where(scope.workspace(ticketingOpeningHours));
        if (input.opening_hours.length > 0) {
          await tx.insert(ticketingOpeningHours).values(
            input.opening_hours.map((h) => ({
              ...scope.workspaceValues(),
              weekday: h.weekday,
              opensAt: h.opens_at,
              closesAt: h.closes_at,
            })),
          );
        }
      });
      return settingsOf(scope);
    },

    /** The workspace's active members, to choose a counter's operator from. */
    async operators(scope: Tenancy) {
      const rows = await db
        .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(scope.workspace(workspaceMembers), eq(workspaceMembers.status, 'active')))
        .orderBy(asc(users.firstName), asc(users.lastName));
      return rows.map((r) => ({ user_id: r.userId, name: `${r.firstName} ${r.lastName}` }));
    },
  };
}

export type TicketingRecords = ReturnType<typeof createTicketingRecords>;
