import {
  APPOINTMENT_MINUTES_MAX,
  APPOINTMENT_STEPS,
  type Appointment,
  type AppointmentSource,
  type AppointmentStep,
  type appointmentBody,
  type appointmentExportQuery,
  type appointmentListQuery,
  BARBER_MESSAGES,
  BOOKING_HORIZON_DAYS,
  type barberCustomerBody,
  HOLDING_STATUSES,
  SLOT_STEP_MINUTES,
  type Slot,
  type walkInBody,
} from '@workhub/shared/schemas/barber';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { outer, relatedColumn } from '../../db/correlated.ts';
import { nextVersion } from '../../db/edit-lock.ts';
import { users } from '../../db/schema/users.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import { assertVersion, type EditVersion } from '../../lib/edit-version.ts';
import { containing } from '../../lib/list-query.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import {
  barberAppointmentServices,
  barberAppointments,
  barberBreaks,
  barberCustomers,
  barberDaysOff,
  barberServices,
  barberStaff,
  barberStaffServices,
  barberWorkingHours,
} from './barber.schema.ts';
import { amountHeading, type BarberScope, badRequest, shopOf, timezoneOf } from './barber.service.ts';
import {
  addDays,
  type FreeSlot,
  freeSlots,
  freeStaffAt,
  instantAt,
  localTimeOf,
  onSlotGrid,
  type StaffSchedule,
  scheduleConflict,
} from './slots.ts';

type Scope = BarberScope;
type CustomerInput = z.output<typeof barberCustomerBody>;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A calendar day's end on its own clock (instantAt takes minutes 0..1440). */
const DAY_MINUTES = 24 * 60;
const EXPORT_ROWS_MAX = 10_000;

/**
 * The instants a timestamp sent to the database can carry: a Date is sent as its ISO string, which
 * for the years 0 and 10000 ('0000-12-31T15:00Z', '+010000-01-01T00:00Z') PostgreSQL refuses (a
 * 500). The first date's start east of UTC and the last date's end west of it fall there.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Appointments starting from the start of `date` on the shop's clock; before the first instant, all. */
const startingFrom = (date: string, timezone: string): SQL | undefined => {
  const start = instantAt(date, 0, timezone);
  return start.getTime() < FIRST_INSTANT ? undefined : gte(barberAppointments.startAt, start);
};

/** Appointments starting before the end of `date` (its clock's 24:00); past the last instant, all. */
const startingBy = (date: string, timezone: string): SQL | undefined => {
  const end = instantAt(date, DAY_MINUTES, timezone);
  return end.getTime() > LAST_INSTANT ? undefined : lt(barberAppointments.startAt, end);
};

const hasCode = (err: unknown, code: string): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
};

/** PostgreSQL's exclusion_violation: the staff member's time is already taken (barber_appointments_no_overlap). */
export const isExclusionViolation = (err: unknown): boolean => hasCode(err, '23P01');

/**
 * deadlock_detected: two inserts whose ranges overlap, at the same instant, each waiting for the
 * other's exclusion check; PostgreSQL aborts one. Tried again (in a fresh savepoint), it waits for
 * the other to end and then meets its row (23P01) or, if that one rolled back, books the time.
 */
const isDeadlock = (err: unknown): boolean => hasCode(err, '40P01');
const DEADLOCK_RETRIES = 3;

export const SLOT_TAKEN = 'That time was just booked with this staff member: pick another slot';
const LONGER_TAKEN = 'With these services the appointment runs into another booking of this staff member';
const NOBODY_FREE = 'Nobody who performs these services is free at that time';
const SCHEDULE_MESSAGES = {
  day_off: 'The staff member is off that day',
  outside_hours: 'That time is outside the staff member’s working hours',
  break: 'That time falls in the staff member’s break',
} as const;

type ServiceRow = typeof barberServices.$inferSelect;

export type BookingRequest = {
  /** The new appointment's id, when the caller chose it (a public booking's link derives from it); else the database's. */
  id?: string;
  start: Date;
  serviceIds: readonly string[];
  staffId: string | null;
  customerId: string;
  source: AppointmentSource;
  tokenHash?: string | null;
  createdBy?: string | null;
  /** The name and phone typed with a public booking, kept on the appointment as given. */
  bookedAs?: { name: string; phone: string | null };
  /** A public booking: only a start the booking page offers (onSlotGrid), else 400. */
  onGrid?: boolean;
};

/**
 * The holding appointments (booked, checked in) of `staffIds` that overlap `from`..`to`: what a
 * slot, a booking, a move and a walk-in check against. One that overlaps started before `to` and at
 * most an appointment's longest run before `from` (the database holds every appointment to it:
 * barber_appointments_length_check), so the read is a range of the (account, staff, start) index:
 * `start_at < to` alone read every appointment a staff member ever had before the window, on the
 * public booking page too (busy-plan.postgres.test.ts).
 */
export function busyAppointments(
  db: Db,
  scope: Scope,
  staffIds: readonly string[],
  from: Date,
  to: Date,
  exceptAppointment?: string,
) {
  const earliestStart = new Date(from.getTime() - APPOINTMENT_MINUTES_MAX * 60_000);
  return db
    .select({
      staffId: barberAppointments.staffId,
      start: barberAppointments.startAt,
      end: barberAppointments.endAt,
    })
    .from(barberAppointments)
    .where(
      and(
        scope.workspace(barberAppointments),
        inArray(barberAppointments.staffId, [...staffIds]),
        inArray(barberAppointments.status, [...HOLDING_STATUSES]),
        gte(barberAppointments.startAt, earliestStart),
        lt(barberAppointments.startAt, to),
        gt(barberAppointments.endAt, from),
        exceptAppointment ? sql`${barberAppointments.id} <> ${exceptAppointment}` : undefined,
      ),
    );
}

/** The appointment list's order: the latest first. */
export const appointmentListOrder = () => [desc(barberAppointments.startAt), asc(barberAppointments.id)];

/** A column of the appointment's customer, as a correlated sub-select. */
const customerColumn = <V>(column: Column) =>
  relatedColumn<V>(
    barberCustomers,
    { accountId: barberAppointments.accountId, id: barberAppointments.customerId },
    column,
  );
/** A column of the appointment's staff member, as a correlated sub-select. */
const staffColumn = <V>(column: Column) =>
  relatedColumn<V>(
    barberStaff,
    { accountId: barberAppointments.accountId, id: barberAppointments.staffId },
    column,
  );

/**
 * Appointments with their customer's name and contacts and their staff member's name, in `order`
 * (a page of them with `range`): the rows `records` completes with their service lines. Those are
 * sub-selects, not joins: a shop's one or few staff among every shop's made the planner guess a
 * join of a dozen rows, and sort a busy shop's whole history for a page (5,000 read for 14 in
 * appointment-list-plan.postgres.test.ts, exported for it).
 */
export function appointmentRows(
  db: Db,
  scope: BarberScope,
  where: SQL | undefined,
  order: SQL[],
  range?: { limit: number; offset: number },
) {
  const query = db
    .select({
      a: barberAppointments,
      customerName: customerColumn<string>(barberCustomers.name),
      customerPhone: customerColumn<string | null>(barberCustomers.phone),
      customerEmail: customerColumn<string | null>(barberCustomers.email),
      staffName: staffColumn<string>(barberStaff.name),
    })
    .from(barberAppointments)
    .where(and(scope.workspace(barberAppointments), where))
    .orderBy(...order)
    .$dynamic();
  return range ? query.limit(range.limit).offset(range.offset) : query;
}

/**
 * The appointments whose customer (name, phone, e-mail), name or phone given with the booking, or
 * staff member (name) matches `pattern`.
 */
const searchedFor = (pattern: string) =>
  or(
    sql`${barberAppointments.bookedName} ilike ${pattern}`,
    sql`${barberAppointments.bookedPhone} ilike ${pattern}`,
    exists(
      sql`(select 1 from ${barberCustomers} where ${barberCustomers.accountId} = ${outer(barberAppointments.accountId)} and ${barberCustomers.id} = ${outer(barberAppointments.customerId)} and (${barberCustomers.name} ilike ${pattern} or ${barberCustomers.phone} ilike ${pattern} or ${barberCustomers.email} ilike ${pattern}))`,
    ),
    sql`${staffColumn(barberStaff.name)} ilike ${pattern}`,
  ) as SQL;

/** Appointments: slots, booking (staff, public, walk-in), the status steps, moves, lists. */
export function createAppointmentService(ctx: Ctx) {
  const { db, now } = ctx;

  /** The services in the order asked, active and of this shop: 400 otherwise. */
  async function servicesOf(scope: Scope, ids: readonly string[]): Promise<ServiceRow[]> {
    if (new Set(ids).size !== ids.length) throw badRequest('A service is listed twice', 'service_ids');
    const rows = await db
      .select()
      .from(barberServices)
      .where(and(scope.workspace(barberServices), inArray(barberServices.id, [...ids])));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row?.active) throw badRequest('A service is not offered by this shop', 'service_ids');
      return row;
    });
  }

  /**
   * The schedules of the active staff who perform every service (one of them when `staffId` is
   * given: 400 when that one does not), with their holding appointments from `from` to `to`.
   */
  async function schedulesOf(
    scope: Scope,
    serviceIds: readonly string[],
    staffId: string | null | undefined,
    from: Date,
    to: Date,
    exceptAppointment?: string,
  ): Promise<{ schedules: StaffSchedule[]; names: Map<string, string> }> {
    if (staffId) {
      const [exists] = await db
        .select({ id: barberStaff.id, active: barberStaff.active })
        .from(barberStaff)
        .where(and(scope.workspace(barberStaff), eq(barberStaff.id, staffId)));
      if (!exists?.active) throw badRequest('Not a staff member of this shop', 'staff_id');
    }
    const performs = sql`(select count(*) from ${barberStaffServices} where ${barberStaffServices.accountId} = ${outer(barberStaff.accountId)} and ${barberStaffServices.staffId} = ${outer(barberStaff.id)} and ${inArray(barberStaffServices.serviceId, [...serviceIds])}) = ${serviceIds.length}`;
    const staff = await db
      .select({ id: barberStaff.id, name: barberStaff.name })
      .from(barberStaff)
      .where(
        and(
          scope.workspace(barberStaff),
          eq(barberStaff.active, true),
          staffId ? eq(barberStaff.id, staffId) : undefined,
          performs,
        ),
      )
      .orderBy(asc(barberStaff.id));
    if (staffId && staff.length === 0) {
      throw badRequest('This staff member does not perform every service chosen', 'staff_id');
    }
    const ids = staff.map((s) => s.id);
    if (ids.length === 0) return { schedules: [], names: new Map() };
    const [hours, breaks, daysOff, busy] = await Promise.all([
      db
        .select()
        .from(barberWorkingHours)
        .where(and(scope.workspace(barberWorkingHours), inArray(barberWorkingHours.staffId, ids))),
      db
        .select()
        .from(barberBreaks)
        .where(and(scope.workspace(barberBreaks), inArray(barberBreaks.staffId, ids))),
      db
        .select()
        .from(barberDaysOff)
        .where(
          and(
            scope.workspace(barberDaysOff),
            inArray(barberDaysOff.staffId, ids),
            gte(barberDaysOff.day, addDays(from.toISOString().slice(0, 10), -1)),
            lt(barberDaysOff.day, addDays(to.toISOString().slice(0, 10), 2)),
          ),
        ),
      busyAppointments(db, scope, ids, from, to, exceptAppointment),
    ]);
    const interval = (r: { weekday: number; startMinute: number; endMinute: number }) => ({
      weekday: r.weekday,
      startMinute: r.startMinute,
      endMinute: r.endMinute,
    });
    const schedules = ids.map((id) => ({
      staffId: id,
      hours: hours.filter((x) => x.staffId === id).map(interval),
      breaks: breaks.filter((x) => x.staffId === id).map(interval),
      daysOff: daysOff.filter((x) => x.staffId === id).map((x) => x.day),
      busy: busy.filter((x) => x.staffId === id).map((x) => ({ start: x.start, end: x.end })),
    }));
    return { schedules, names: new Map(staff.map((s) => [s.id, s.name])) };
  }

  const totalMinutes = (services: readonly { durationMinutes: number }[]) =>
    services.reduce((sum, s) => sum + s.durationMinutes, 0);

  /** The day's free slots for the services (in a row), with one staff member or anyone. */
  async function slots(
    scope: Scope,
    query: { service_ids: string[]; staff_id?: string | undefined; date: string },
    /** A booking being rescheduled: its own time is not busy for it. */
    exceptAppointment?: string,
  ): Promise<{ timezone: string; date: string; slots: Slot[] }> {
    const timezone = await timezoneOf(db, scope);
    const services = await servicesOf(scope, query.service_ids);
    const today = localTimeOf(now(), timezone).date;
    if (query.date < today || query.date > addDays(today, BOOKING_HORIZON_DAYS)) {
      return { timezone, date: query.date, slots: [] };
    }
    const from = instantAt(query.date, 0, timezone);
    const to = instantAt(addDays(query.date, 1), 0, timezone);
    const { schedules } = await schedulesOf(
      scope,
      query.service_ids,
      query.staff_id,
      from,
      to,
      exceptAppointment,
    );
    const found: FreeSlot[] = freeSlots({
      date: query.date,
      timezone,
      durationMinutes: totalMinutes(services),
      stepMinutes: SLOT_STEP_MINUTES,
      now: now(),
      staff: schedules,
    });
    return {
      timezone,
      date: query.date,
      slots: found.map((s) => ({
        start_at: s.start.toISOString(),
        end_at: s.end.toISOString(),
        staff_ids: s.staffIds,
      })),
    };
  }

  function checkWhen(start: Date, timezone: string): void {
    const at = now();
    // A minute's grace: the slot a page showed a moment ago.
    if (start.getTime() < at.getTime() - MINUTE_MS) throw badRequest('That time is in the past', 'start_at');
    const today = localTimeOf(at, timezone).date;
    if (localTimeOf(start, timezone).date > addDays(today, BOOKING_HORIZON_DAYS)) {
      throw badRequest(`Bookings open ${BOOKING_HORIZON_DAYS} days ahead`, 'start_at');
    }
  }

  /**
   * Books the services in a row from `start`: with the staff member asked for (400 when their
   * schedule does not allow it), or the least booked of those free ("anyone"). The insert is what
   * decides: the exclusion constraint refuses an overlap, two requests at the same instant included
   * (409); for "anyone" the next free staff member is tried in a savepoint.
   */
  async function book(scope: Scope, request: BookingRequest): Promise<string> {
    const timezone = await timezoneOf(db, scope);
    checkWhen(request.start, timezone);
    const services = await servicesOf(scope, request.serviceIds);
    const duration = totalMinutes(services);
    const end = new Date(request.start.getTime() + duration * MINUTE_MS);
    const { schedules } = await schedulesOf(
      scope,
      request.serviceIds,
      request.staffId,
      new Date(request.start.getTime() - DAY_MS),
      new Date(end.getTime() + DAY_MS),
    );
    const onGrid = request.onGrid
      ? schedules.filter((s) => onSlotGrid(s, request.start, timezone, SLOT_STEP_MINUTES))
      : schedules;
    if (schedules.length > 0 && onGrid.length === 0) throw badRequest(BARBER_MESSAGES.offGrid, 'start_at');
    if (request.staffId) {
      const schedule = schedules[0];
      const reason = schedule
        ? scheduleConflict(schedule, request.start, duration, timezone)
        : 'outside_hours';
      if (reason) throw badRequest(SCHEDULE_MESSAGES[reason], 'start_at');
    }
    const candidates = request.staffId
      ? [request.staffId]
      : freeStaffAt(onGrid, request.start, duration, timezone);
    if (candidates.length === 0) throw conflict(NOBODY_FREE, { start_at: NOBODY_FREE });
    const values = scope.workspaceValues();
    const at = now();
    const insert = (staffId: string) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(barberAppointments)
          .values({
            ...values,
            ...(request.id ? { id: request.id } : {}),
            customerId: request.customerId,
            staffId,
            startAt: request.start,
            endAt: end,
            status: 'booked',
            source: request.source,
            tokenHash: request.tokenHash ?? null,
            bookedName: request.bookedAs?.name ?? null,
            bookedPhone: request.bookedAs?.phone ?? null,
            createdBy: request.createdBy ?? null,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: barberAppointments.id });
        if (!row) throw new Error('appointment insert returned no row');
        await tx.insert(barberAppointmentServices).values(
          services.map((s, position) => ({
            ...values,
            appointmentId: row.id,
            position,
            serviceId: s.id,
            name: s.name,
            durationMinutes: s.durationMinutes,
            price: s.price,
          })),
        );
        return row.id;
      });
    for (const staffId of candidates) {
      for (let attempt = 0; attempt <= DEADLOCK_RETRIES; attempt++) {
        try {
          return await insert(staffId);
        } catch (err) {
          if (isDeadlock(err)) continue;
          if (isExclusionViolation(err)) break;
          throw err;
        }
      }
    }
    const message = request.staffId ? SLOT_TAKEN : NOBODY_FREE;
    throw conflict(message, { start_at: message });
  }

  async function customerFor(
    scope: Scope,
    input: { customer_id?: string | undefined; customer?: CustomerInput | undefined },
  ): Promise<string> {
    if (input.customer_id) {
      const [found] = await db
        .select({ id: barberCustomers.id })
        .from(barberCustomers)
        .where(and(scope.workspace(barberCustomers), eq(barberCustomers.id, input.customer_id)));
      if (!found) throw badRequest('Not a customer of this shop', 'customer_id');
      return found.id;
    }
    if (!input.customer) throw badRequest('A customer is required', 'customer');
    return findOrCreateCustomer(scope, input.customer);
  }

  /** The customer of that e-mail (any case), else a new one. */
  async function findOrCreateCustomer(scope: Scope, input: CustomerInput): Promise<string> {
    if (input.email) {
      const [found] = await db
        .select({ id: barberCustomers.id })
        .from(barberCustomers)
        .where(
          and(
            scope.workspace(barberCustomers),
            sql`lower(${barberCustomers.email}) = ${input.email.toLowerCase()}`,
          ),
        )
        .orderBy(asc(barberCustomers.createdAt))
        .limit(1);
      if (found) return found.id;
    }
    const [row] = await db
      .insert(barberCustomers)
      .values({
        ...scope.workspaceValues(),
        name: input.name,
        phone: input.phone || null,
        email: input.email ?? null,
        createdAt: now(),
      })
      .returning({ id: barberCustomers.id });
    if (!row) throw new Error('customer insert returned no row');
    return row.id;
  }

  /** The appointments with their customer, staff member and service lines. */
  async function records(
    scope: Scope,
    where: SQL | undefined,
    order: SQL[],
    range?: { limit: number; offset: number },
  ): Promise<Appointment[]> {
    const rows = await appointmentRows(db, scope, where, order, range);
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(barberAppointmentServices)
      .where(
        and(
          scope.workspace(barberAppointmentServices),
          inArray(
            barberAppointmentServices.appointmentId,
            rows.map((r) => r.a.id),
          ),
        ),
      )
      .orderBy(asc(barberAppointmentServices.position));
    return rows.map(({ a, customerName, customerPhone, customerEmail, staffName }) => {
      const mine = lines.filter((l) => l.appointmentId === a.id);
      const cents = mine.reduce((sum, l) => sum + Math.round(Number(l.price) * 10_000), 0);
      const bookedAs =
        a.bookedName !== null && (a.bookedName !== customerName || a.bookedPhone !== customerPhone)
          ? { name: a.bookedName, phone: a.bookedPhone }
          : null;
      return {
        id: a.id,
        customer: { id: a.customerId, name: customerName, phone: customerPhone, email: customerEmail },
        booked_as: bookedAs,
        staff: { id: a.staffId, name: staffName },
        start_at: a.startAt.toISOString(),
        end_at: a.endAt.toISOString(),
        status: a.status,
        source: a.source,
        services: mine.map((l) => ({
          service_id: l.serviceId,
          name: l.name,
          duration_minutes: l.durationMinutes,
          price: l.price,
        })),
        total: (cents / 10_000).toFixed(4),
        created_at: a.createdAt.toISOString(),
        updated_at: a.updatedAt.toISOString(),
      };
    });
  }

  async function one(scope: Scope, id: string): Promise<Appointment> {
    const [found] = await records(scope, eq(barberAppointments.id, id), [asc(barberAppointments.id)]);
    if (!found) throw notFound();
    return found;
  }

  async function listWhere(
    scope: Scope,
    query: z.output<typeof appointmentExportQuery>,
  ): Promise<SQL | undefined> {
    const timezone = query.from || query.to ? await timezoneOf(db, scope) : 'UTC';
    const q = query.q ? containing(query.q) : undefined;
    return and(
      query.status ? eq(barberAppointments.status, query.status) : undefined,
      query.source ? eq(barberAppointments.source, query.source) : undefined,
      query.staff_id ? eq(barberAppointments.staffId, query.staff_id) : undefined,
      query.customer_id ? eq(barberAppointments.customerId, query.customer_id) : undefined,
      query.from ? startingFrom(query.from, timezone) : undefined,
      // The end of `to` as its own clock's 24:00: the next date's start is no date after 9999-12-31.
      query.to ? startingBy(query.to, timezone) : undefined,
      q ? searchedFor(q) : undefined,
    );
  }

  /** How many appointments the list's filters keep (a search: sub-selects of the customer and staff member). */
  const countOf = (scope: Scope, where: SQL | undefined) =>
    db
      .select({ total: count() })
      .from(barberAppointments)
      .where(and(scope.workspace(barberAppointments), where));

  /** Moves a status step: only from the statuses it starts from (409 otherwise). */
  async function step(scope: Scope, id: string, name: AppointmentStep): Promise<Appointment> {
    const { from, to } = APPOINTMENT_STEPS[name];
    const updated = await db
      .update(barberAppointments)
      .set({ status: to, updatedAt: now() })
      .where(
        and(
          scope.workspace(barberAppointments),
          eq(barberAppointments.id, id),
          inArray(barberAppointments.status, [...from]),
          // A no-show only once its time has come.
          name === 'no-show' ? lte(barberAppointments.startAt, now()) : undefined,
        ),
      )
      .returning({ id: barberAppointments.id });
    if (updated.length === 0) {
      const [found] = await db
        .select({ status: barberAppointments.status })
        .from(barberAppointments)
        .where(and(scope.workspace(barberAppointments), eq(barberAppointments.id, id)));
      if (!found) throw notFound();
      if (name === 'no-show' && found.status === 'booked') {
        throw conflict('A no-show is marked once the appointment’s time has come');
      }
      throw conflict(
        `An appointment that is ${found.status.replace('_', ' ')} cannot be ${name === 'check-in' ? 'checked in' : name === 'done' ? 'marked done' : name === 'cancel' ? 'cancelled' : 'marked a no-show'}`,
      );
    }
    return one(scope, id);
  }

  /**
   * Edits a booked appointment: another start, staff member and/or services, with the same checks
   * as a booking (the staff member performs every service, their schedule, the past); the end is
   * the start plus the services' total duration, and the exclusion constraint decides an overlap
   * (409), a longer booking running into the next one included. A service kept keeps the name,
   * duration and price it was booked at; one added comes at today's.
   */
  async function move(
    scope: Scope,
    id: string,
    input: {
      start_at?: string | undefined;
      staff_id?: string | undefined;
      service_ids?: string[] | undefined;
    },
    options: {
      /** The public reschedule: only a start the booking page offers (onSlotGrid), else 400. */
      onGrid?: boolean;
      /** The version the edit was made against (If-Match): 412 once anyone has changed it since. */
      expected?: EditVersion | undefined;
    } = {},
  ): Promise<Appointment> {
    const [current] = await db
      .select()
      .from(barberAppointments)
      .where(and(scope.workspace(barberAppointments), eq(barberAppointments.id, id)))
      .for('update');
    if (!current) throw notFound();
    // Cancelled or checked in since: that (409) says more than 'changed since' (412).
    if (current.status !== 'booked') {
      throw conflict(
        `An appointment that is ${current.status.replace('_', ' ')} cannot be ${input.service_ids ? 'changed' : 'moved'}`,
      );
    }
    assertVersion(current.updatedAt, options.expected);
    const start = input.start_at ? new Date(input.start_at) : current.startAt;
    const staffId = input.staff_id ?? current.staffId;
    const timezone = await timezoneOf(db, scope);
    checkWhen(start, timezone);
    const booked = await db
      .select()
      .from(barberAppointmentServices)
      .where(and(scope.workspace(barberAppointmentServices), eq(barberAppointmentServices.appointmentId, id)))
      .orderBy(asc(barberAppointmentServices.position));
    const lines = input.service_ids ? await linesFor(scope, input.service_ids, booked) : undefined;
    const duration = totalMinutes(lines ?? booked);
    const end = new Date(start.getTime() + duration * MINUTE_MS);
    const { schedules } = await schedulesOf(
      scope,
      (lines ?? booked).map((l) => l.serviceId),
      staffId,
      start,
      end,
      id,
    );
    const schedule = schedules[0];
    if (options.onGrid && schedule && !onSlotGrid(schedule, start, timezone, SLOT_STEP_MINUTES)) {
      throw badRequest(BARBER_MESSAGES.offGrid, 'start_at');
    }
    const reason = schedule ? scheduleConflict(schedule, start, duration, timezone) : 'outside_hours';
    if (reason) throw badRequest(SCHEDULE_MESSAGES[reason], 'start_at');
    const rescheduled = start.getTime() !== current.startAt.getTime() || staffId !== current.staffId;
    for (let attempt = 0; ; attempt++) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(barberAppointments)
            .set({
              startAt: start,
              endAt: end,
              staffId,
              ...(rescheduled ? { reminderSentAt: null } : {}),
              // The services alone may have changed: the version moves all the same.
              updatedAt: nextVersion(barberAppointments.updatedAt, now()),
            })
            .where(and(scope.workspace(barberAppointments), eq(barberAppointments.id, id)));
          if (!lines) return;
          await tx
            .delete(barberAppointmentServices)
            .where(
              and(
                scope.workspace(barberAppointmentServices),
                eq(barberAppointmentServices.appointmentId, id),
              ),
            );
          await tx.insert(barberAppointmentServices).values(
            lines.map((line, position) => ({
              ...scope.workspaceValues(),
              appointmentId: id,
              position,
              ...line,
            })),
          );
        });
        break;
      } catch (err) {
        if (isDeadlock(err) && attempt < DEADLOCK_RETRIES) continue;
        if (isExclusionViolation(err) || isDeadlock(err)) {
          const message = lines ? LONGER_TAKEN : SLOT_TAKEN;
          throw conflict(message, { [lines ? 'service_ids' : 'start_at']: message });
        }
        throw err;
      }
    }
    return one(scope, id);
  }

  /** The lines of an edited booking: a service kept keeps its booked terms, one added today's (active, of this shop). */
  async function linesFor(
    scope: Scope,
    serviceIds: readonly string[],
    booked: readonly (typeof barberAppointmentServices.$inferSelect)[],
  ) {
    const kept = new Map(booked.map((l) => [l.serviceId, l]));
    if (new Set(serviceIds).size !== serviceIds.length)
      throw badRequest('A service is listed twice', 'service_ids');
    const added = serviceIds.filter((sid) => !kept.has(sid));
    const fresh = new Map((added.length > 0 ? await servicesOf(scope, added) : []).map((s) => [s.id, s]));
    return serviceIds.map((sid) => {
      const line = kept.get(sid);
      if (line)
        return { serviceId: sid, name: line.name, durationMinutes: line.durationMinutes, price: line.price };
      const service = fresh.get(sid);
      if (!service) throw badRequest('A service is not offered by this shop', 'service_ids');
      return {
        serviceId: sid,
        name: service.name,
        durationMinutes: service.durationMinutes,
        price: service.price,
      };
    });
  }

  /** The appointments of the customers (of the shop) whose e-mail is the user's, whatever its case. */
  async function ownedBy(scope: Scope, userId: string): Promise<SQL> {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return sql`false`;
    return inArray(
      barberAppointments.customerId,
      db
        .select({ id: barberCustomers.id })
        .from(barberCustomers)
        .where(
          and(
            scope.workspace(barberCustomers),
            sql`lower(${barberCustomers.email}) = ${user.email.toLowerCase()}`,
          ),
        ),
    );
  }

  return {
    slots,
    book,
    one,
    step,
    move,
    customerFor,
    findOrCreateCustomer,
    servicesOf,

    async create(
      scope: Scope,
      input: z.output<typeof appointmentBody>,
      userId: string | null,
    ): Promise<Appointment> {
      const customerId = await customerFor(scope, input);
      const id = await book(scope, {
        start: new Date(input.start_at),
        serviceIds: input.service_ids,
        staffId: input.staff_id ?? null,
        customerId,
        source: 'staff',
        createdBy: userId,
      });
      return one(scope, id);
    },

    /**
     * A walk-in joins the day's queue: the earliest free start from now today (5-minute grid),
     * with the staff member asked for or anyone; 409 when nobody can fit it in today.
     */
    async walkIn(
      scope: Scope,
      input: z.output<typeof walkInBody>,
      userId: string | null,
    ): Promise<Appointment> {
      const timezone = await timezoneOf(db, scope);
      const services = await servicesOf(scope, input.service_ids);
      const at = now();
      const today = localTimeOf(at, timezone).date;
      const { schedules } = await schedulesOf(
        scope,
        input.service_ids,
        input.staff_id,
        instantAt(today, 0, timezone),
        instantAt(addDays(today, 1), 0, timezone),
      );
      const found = freeSlots({
        date: today,
        timezone,
        durationMinutes: totalMinutes(services),
        stepMinutes: 5,
        now: at,
        staff: schedules,
      });
      const customerId = await findOrCreateCustomer(scope, input.customer);
      for (const slot of found.slice(0, 5)) {
        try {
          const id = await book(scope, {
            start: slot.start,
            serviceIds: input.service_ids,
            staffId: input.staff_id ?? null,
            customerId,
            source: 'walk_in',
            createdBy: userId,
          });
          return one(scope, id);
        } catch (err) {
          if (!(err instanceof AppError && err.status === 409)) throw err;
        }
      }
      throw conflict('Nobody can fit these services in today', { service_ids: 'Nobody is free today' });
    },

    /**
     * A customer's own appointments (barber:own): those whose customer record has the e-mail of
     * the caller's login, latest first; nobody else's.
     */
    async mine(scope: Scope, userId: string): Promise<Appointment[]> {
      return records(
        scope,
        await ownedBy(scope, userId),
        [desc(barberAppointments.startAt), asc(barberAppointments.id)],
        {
          limit: 100,
          offset: 0,
        },
      );
    },

    /**
     * A customer cancels one of their own appointments (barber:own): someone else's is a 404, as a
     * missing one; only a booked one that has not started (409 otherwise, as the mail's link).
     */
    async cancelMine(scope: Scope, userId: string, id: string): Promise<Appointment> {
      const [found] = await records(scope, and(eq(barberAppointments.id, id), await ownedBy(scope, userId)), [
        asc(barberAppointments.id),
      ]);
      if (!found) throw notFound();
      if (found.status !== 'booked') {
        throw conflict(`An appointment that is ${found.status.replace('_', ' ')} cannot be cancelled`);
      }
      if (new Date(found.start_at).getTime() <= now().getTime()) {
        throw conflict('This appointment has already started: call the shop');
      }
      // The step's conditional update settles a race with the desk (409 if it moved on meanwhile).
      return step(scope, id, 'cancel');
    },

    /** Today's walk-ins still to serve (booked or checked in), in the order they will be served. */
    async walkInQueue(scope: Scope): Promise<Appointment[]> {
      const timezone = await timezoneOf(db, scope);
      const today = localTimeOf(now(), timezone).date;
      return records(
        scope,
        and(
          eq(barberAppointments.source, 'walk_in'),
          inArray(barberAppointments.status, [...HOLDING_STATUSES]),
          gte(barberAppointments.startAt, instantAt(today, 0, timezone)),
          lt(barberAppointments.startAt, instantAt(addDays(today, 1), 0, timezone)),
        ),
        [asc(barberAppointments.startAt), asc(barberAppointments.id)],
      );
    },

    async list(scope: Scope, query: z.output<typeof appointmentListQuery>) {
      const where = await listWhere(scope, query);
      const [data, [total]] = await Promise.all([
        records(scope, where, appointmentListOrder(), {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
        countOf(scope, where),
      ]);
      return { data, meta: { page: query.page, limit: query.limit, total: total?.total ?? 0 } };
    },

    /** A member's export (the audit row names who): the list's filters, at most 10,000 rows. */
    async exportCsv(scope: WorkspaceScope, query: z.output<typeof appointmentExportQuery>) {
      const where = await listWhere(scope, query);
      const fetched = await records(scope, where, appointmentListOrder(), {
        limit: EXPORT_ROWS_MAX + 1,
        offset: 0,
      });
      const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
      const at = now();
      // In the request's transaction: the row commits with the export's answer or not at all.
      await recordAudit(db, exportEvent(scope, 'export.appointments', rows.length, query, at));
      const { currency } = await shopOf(db, scope);
      const csv = toCsv(
        // 'Booked as': the name and phone given with an online booking, where they differ from the
        // customer's record it was linked to by e-mail (as the calendar shows them). The total in
        // the workspace's currency, named in its heading (decision 034).
        [
          'Start (UTC)',
          'End (UTC)',
          'Customer',
          'Phone',
          'E-mail',
          'Booked as',
          'Booked phone',
          'Staff',
          'Services',
          amountHeading('Total', currency),
          'Status',
          'Source',
        ],
        rows.map((a) => [
          a.start_at,
          a.end_at,
          a.customer.name,
          a.customer.phone,
          a.customer.email,
          a.booked_as?.name ?? null,
          a.booked_as?.phone ?? null,
          a.staff.name,
          a.services.map((s) => s.name).join(' + '),
          a.total,
          a.status,
          a.source,
        ]),
      );
      return { filename: csvFilename('appointments', at), csv, truncatedAt };
    },

    /** One day of the shop: each active staff member's hours and breaks of that weekday, and the appointments. */
    async calendar(scope: Scope, date: string) {
      const timezone = await timezoneOf(db, scope);
      const appointments = await records(
        scope,
        and(startingFrom(date, timezone), startingBy(date, timezone)),
        [asc(barberAppointments.startAt), asc(barberAppointments.id)],
      );
      return { date, timezone, appointments };
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
