import type {
  BarberCustomer,
  BarberService,
  BarberSettings,
  BarberStaff,
  barberCustomerBody,
  barberCustomerExportQuery,
  barberCustomerListQuery,
  barberServiceBody,
  barberServiceExportQuery,
  barberServiceListQuery,
  barberStaffBody,
  barberStaffListQuery,
} from '@workhub/shared/schemas/barber';
import { BARBER_DEFAULT_TIMEZONE, WEEKDAY_NAMES } from '@workhub/shared/schemas/barber';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/correlated.ts';
import { lockSettings, lockVersion, nextVersion, settingsVersion } from '../../db/edit-lock.ts';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { joinSettings, theWorkspace, zoneOf } from '../../db/workspace-zone.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename, toCsv } from '../../lib/csv.ts';
import { assertVersion, type EditVersion } from '../../lib/edit-version.ts';
import { containing } from '../../lib/list-query.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import {
  barberAppointments,
  barberBreaks,
  barberCustomers,
  barberDaysOff,
  barberServices,
  barberSettings,
  barberStaff,
  barberStaffServices,
  barberWorkingHours,
} from './barber.schema.ts';

/** What the barber services need of a scope: a member's (WorkspaceScope) or a public page's (PublicScope). */
export type BarberScope = Pick<WorkspaceScope, 'workspace' | 'workspaceValues'>;
type Scope = BarberScope;

type ServiceInput = z.output<typeof barberServiceBody>;
type StaffInput = z.output<typeof barberStaffBody>;
type CustomerInput = z.output<typeof barberCustomerBody>;

/** One CSV export carries at most this many rows (as the appointments'; x-export-truncated beyond). */
const EXPORT_ROWS_MAX = 10_000;

/** 'HH:MM' of a minute of the shop's day. */
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** 'Mon 08:00-20:00; Tue ...': a staff member's weekly intervals, as one CSV cell. */
const weekly = (rows: { weekday: number; start_minute: number; end_minute: number }[]) =>
  rows
    .map((r) => `${WEEKDAY_NAMES[r.weekday - 1]?.slice(0, 3)} ${hhmm(r.start_minute)}-${hhmm(r.end_minute)}`)
    .join('; ');

export const CUSTOMER_EMAIL_TAKEN = 'A customer with this e-mail already exists';

export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, field ? { fields: { [field]: message } } : {});

const toService = (row: typeof barberServices.$inferSelect): BarberService => ({
  id: row.id,
  name: row.name,
  duration_minutes: row.durationMinutes,
  price: row.price,
  category: row.category,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const thisService = (scope: Scope, id: string) =>
  and(scope.workspace(barberServices), eq(barberServices.id, id));

async function uniqueName<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message, { name: message });
    throw err;
  }
}

/**
 * The shop's time zone (barber_settings', else the zone the workspace was created in, else
 * Africa/Nairobi: db/workspace-zone.ts) and the currency its prices are shown in (the workspace's).
 */
export async function shopOf(db: Db, scope: Scope): Promise<{ timezone: string; currency: string | null }> {
  const [row] = await db
    .select({
      timezone: zoneOf(barberSettings.timezone, BARBER_DEFAULT_TIMEZONE),
      currency: workspaces.currency,
    })
    .from(workspaces)
    .leftJoin(barberSettings, joinSettings(barberSettings))
    .where(theWorkspace(scope));
  return row ?? { timezone: BARBER_DEFAULT_TIMEZONE, currency: null };
}

/**
 * A CSV column of amounts named with the workspace's currency ('Total (KES)'), or alone when it has
 * none (decision 034; the web's tables head theirs alike: apps/web/src/lib/currency.ts).
 */
export const amountHeading = (heading: string, currency: string | null) =>
  currency ? `${heading} (${currency})` : heading;

/** The shop's time zone alone (shopOf). */
export const timezoneOf = async (db: Db, scope: Scope): Promise<string> => (await shopOf(db, scope)).timezone;

/** Services, staff (with hours, breaks, days off and services), customers and settings. */
export function createBarberService(ctx: Ctx) {
  const { db, now } = ctx;

  async function staffRecords(scope: Scope, where?: SQL, limit?: number): Promise<BarberStaff[]> {
    const query = db
      .select()
      .from(barberStaff)
      .where(and(scope.workspace(barberStaff), where))
      .orderBy(asc(sql`lower(${barberStaff.name})`), asc(barberStaff.id));
    const rows = await (limit === undefined ? query : query.limit(limit));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [services, hours, breaks, daysOff] = await Promise.all([
      db
        .select()
        .from(barberStaffServices)
        .where(and(scope.workspace(barberStaffServices), inArray(barberStaffServices.staffId, ids))),
      db
        .select()
        .from(barberWorkingHours)
        .where(and(scope.workspace(barberWorkingHours), inArray(barberWorkingHours.staffId, ids)))
        .orderBy(asc(barberWorkingHours.weekday)),
      db
        .select()
        .from(barberBreaks)
        .where(and(scope.workspace(barberBreaks), inArray(barberBreaks.staffId, ids)))
        .orderBy(asc(barberBreaks.weekday), asc(barberBreaks.startMinute)),
      db
        .select()
        .from(barberDaysOff)
        .where(and(scope.workspace(barberDaysOff), inArray(barberDaysOff.staffId, ids)))
        .orderBy(asc(barberDaysOff.day)),
    ]);
    const interval = (r: { weekday: number; startMinute: number; endMinute: number }) => ({
      weekday: r.weekday,
      start_minute: r.startMinute,
      end_minute: r.endMinute,
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      user_id: row.userId,
      active: row.active,
      service_ids: services.filter((s) => s.staffId === row.id).map((s) => s.serviceId),
      hours: hours.filter((x) => x.staffId === row.id).map(interval),
      breaks: breaks.filter((x) => x.staffId === row.id).map(interval),
      days_off: daysOff.filter((x) => x.staffId === row.id).map((x) => x.day),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  async function oneStaff(scope: Scope, id: string): Promise<BarberStaff> {
    const [found] = await staffRecords(scope, eq(barberStaff.id, id));
    if (!found) throw notFound();
    return found;
  }

  /** The input's references, checked before anything is written (400). */
  async function checkStaffInput(scope: Scope, input: StaffInput): Promise<void> {
    if (input.service_ids.length > 0) {
      const unique = [...new Set(input.service_ids)];
      const [found] = await db
        .select({ n: count() })
        .from(barberServices)
        .where(and(scope.workspace(barberServices), inArray(barberServices.id, unique)));
      if ((found?.n ?? 0) !== unique.length)
        throw badRequest('A service is not one of this shop', 'service_ids');
    }
    if (input.user_id) {
      const [member] = await db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(and(scope.workspace(workspaceMembers), eq(workspaceMembers.userId, input.user_id)));
      if (!member) throw badRequest('Not a member of this workspace', 'user_id');
    }
    // A break outside its weekday's hours is refused by barberStaffBody itself (400 on `breaks.N`).
  }

  /** The staff member's services, hours, breaks and days off, replaced by the input's. */
  async function writeSchedule(scope: Scope, staffId: string, input: StaffInput): Promise<void> {
    const values = scope.workspaceValues();
    await db
      .delete(barberStaffServices)
      .where(and(scope.workspace(barberStaffServices), eq(barberStaffServices.staffId, staffId)));
    await db
      .delete(barberWorkingHours)
      .where(and(scope.workspace(barberWorkingHours), eq(barberWorkingHours.staffId, staffId)));
    await db
      .delete(barberBreaks)
      .where(and(scope.workspace(barberBreaks), eq(barberBreaks.staffId, staffId)));
    await db
      .delete(barberDaysOff)
      .where(and(scope.workspace(barberDaysOff), eq(barberDaysOff.staffId, staffId)));
    const serviceIds = [...new Set(input.service_ids)];
    if (serviceIds.length > 0) {
      await db
        .insert(barberStaffServices)
        .values(serviceIds.map((serviceId) => ({ ...values, staffId, serviceId })));
    }
    if (input.hours.length > 0) {
      await db.insert(barberWorkingHours).values(
        input.hours.map((x) => ({
          ...values,
          staffId,
          weekday: x.weekday,
          startMinute: x.start_minute,
          endMinute: x.end_minute,
        })),
      );
    }
    if (input.breaks.length > 0) {
      await db.insert(barberBreaks).values(
        input.breaks.map((x) => ({
          ...values,
          staffId,
          weekday: x.weekday,
          startMinute: x.start_minute,
          endMinute: x.end_minute,
        })),
      );
    }
    if (input.days_off.length > 0) {
      await db.insert(barberDaysOff).values(input.days_off.map((day) => ({ ...values, staffId, day })));
    }
  }

  /** The services list's search (name or category contains) and active filter. */
  const servicesWhere = (
    scope: Scope,
    query: { q?: string | undefined; active?: 'true' | 'false' | undefined },
  ) =>
    and(
      scope.workspace(barberServices),
      query.q
        ? or(
            ilike(barberServices.name, containing(query.q)),
            ilike(barberServices.category, containing(query.q)),
          )
        : undefined,
      query.active ? eq(barberServices.active, query.active === 'true') : undefined,
    );

  /** The staff list's search (name contains) and active filter. */
  const staffWhere = (query: { q?: string | undefined; active?: 'true' | 'false' | undefined }) =>
    and(
      query.q ? ilike(barberStaff.name, containing(query.q)) : undefined,
      query.active ? eq(barberStaff.active, query.active === 'true') : undefined,
    );

  /** The customers list's search (name, e-mail or phone contains) and its visits (appointments done). */
  const customersWhere = (scope: Scope, query: { q?: string | undefined }) =>
    and(
      scope.workspace(barberCustomers),
      query.q
        ? or(
            ilike(barberCustomers.name, containing(query.q)),
            ilike(barberCustomers.email, containing(query.q)),
            ilike(barberCustomers.phone, containing(query.q)),
          )
        : undefined,
    );
  // The outer row's columns named with their table (db/correlated.ts: drizzle writes them bare in a one-table select).
  const doneOfCustomer = sql`${barberAppointments.accountId} = ${outer(barberCustomers.accountId)} and ${barberAppointments.customerId} = ${outer(barberCustomers.id)} and ${barberAppointments.status} = 'done'`;
  const customerVisits = sql<number>`(select count(*)::int from ${barberAppointments} where ${doneOfCustomer})`;
  const customerLastVisit = sql<
    string | null
  >`(select max(${barberAppointments.startAt}) from ${barberAppointments} where ${doneOfCustomer})`;
  const customerRows = (where: SQL | undefined, limit: number, offset: number) =>
    db
      .select({ row: barberCustomers, visits: customerVisits, lastVisit: customerLastVisit })
      .from(barberCustomers)
      .where(where)
      .orderBy(asc(sql`lower(${barberCustomers.name})`), asc(barberCustomers.id))
      .limit(limit)
      .offset(offset);
  const toCustomer = ({
    row,
    visits,
    lastVisit,
  }: {
    row: typeof barberCustomers.$inferSelect;
    visits: number;
    lastVisit: string | null;
  }): BarberCustomer => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    visits: Number(visits),
    last_visit_at: lastVisit ? new Date(lastVisit).toISOString() : null,
    created_at: row.createdAt.toISOString(),
  });

  /** The shop's time zone, with the settings' version (db/edit-lock.ts settingsVersion). */
  async function settingsOf(scope: Scope): Promise<BarberSettings> {
    const [row] = await db
      .select({
        timezone: zoneOf(barberSettings.timezone, BARBER_DEFAULT_TIMEZONE),
        version: settingsVersion(barberSettings.updatedAt),
      })
      .from(workspaces)
      .leftJoin(barberSettings, joinSettings(barberSettings))
      .where(theWorkspace(scope));
    if (!row) throw notFound();
    return { timezone: row.timezone, updated_at: row.version.toISOString() };
  }

  const staffNameTaken = 'A staff member of this name is already there';
  const serviceNameTaken = 'A service of this name is already there';

  return {
    timezone: (scope: Scope) => timezoneOf(db, scope),

    settings: settingsOf,

    async setTimezone(scope: Scope, timezone: string, expected?: EditVersion): Promise<BarberSettings> {
      await db.transaction(async (tx) => {
        const at = await lockSettings(tx, 'barber', barberSettings, scope, expected, now());
        await tx
          .insert(barberSettings)
          .values({ ...scope.workspaceValues(), timezone, updatedAt: at })
          .onConflictDoUpdate({
            target: [barberSettings.accountId, barberSettings.workspaceId],
            set: { timezone, updatedAt: at },
          });
      });
      return settingsOf(scope);
    },

    // ------------------------------------------------------------ services

    async listServices(scope: Scope, query: z.output<typeof barberServiceListQuery>) {
      const where = servicesWhere(scope, query);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(barberServices)
          .where(where)
          .orderBy(asc(sql`lower(${barberServices.name})`))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(barberServices).where(where),
      ]);
      return {
        data: rows.map(toService),
        meta: { page: query.page, limit: query.limit, total: total?.total ?? 0 },
      };
    },

    /** The services as CSV (the list's search, filter and order), audited as export.barber_services. */
    async exportServices(scope: WorkspaceScope, query: z.output<typeof barberServiceExportQuery>) {
      const fetched = await db
        .select()
        .from(barberServices)
        .where(servicesWhere(scope, query))
        .orderBy(asc(sql`lower(${barberServices.name})`), asc(barberServices.id))
        .limit(EXPORT_ROWS_MAX + 1);
      const { rows, truncatedAt } = capRows(fetched.map(toService), EXPORT_ROWS_MAX);
      const at = now();
      // In the request's transaction: the row commits with the export's answer or not at all.
      await recordAudit(db, exportEvent(scope, 'export.barber_services', rows.length, query, at));
      const { currency } = await shopOf(db, scope);
      const csv = toCsv(
        ['Name', 'Category', 'Duration (minutes)', amountHeading('Price', currency), 'Status', 'Created at'],
        rows.map((r) => [
          r.name,
          r.category,
          r.duration_minutes,
          r.price,
          r.active ? 'active' : 'inactive',
          r.created_at,
        ]),
      );
      return { filename: csvFilename('salon-services', at), csv, truncatedAt };
    },

    async createService(scope: Scope, input: ServiceInput): Promise<BarberService> {
      const at = now();
      const [row] = await uniqueName(serviceNameTaken, () =>
        db
          .insert(barberServices)
          .values({
            ...scope.workspaceValues(),
            name: input.name,
            durationMinutes: input.duration_minutes,
            price: input.price,
            category: input.category || null,
            active: input.active,
            createdAt: at,
            updatedAt: at,
          })
          .returning(),
      );
      if (!row) throw new Error('service insert returned no row');
      return toService(row);
    },

    /** One service, as its edit dialog reads it again after a 412. */
    async getService(scope: Scope, id: string): Promise<BarberService> {
      const [row] = await db.select().from(barberServices).where(thisService(scope, id));
      if (!row) throw notFound();
      return toService(row);
    },

    async updateService(
      scope: Scope,
      id: string,
      input: ServiceInput,
      expected?: EditVersion,
    ): Promise<BarberService> {
      const [row] = await uniqueName(serviceNameTaken, () =>
        db.transaction(async (tx) => {
          // Made against a version: the service locked and its version checked before the change.
          await lockVersion(tx, barberServices, barberServices.updatedAt, thisService(scope, id), expected);
          return tx
            .update(barberServices)
            .set({
              name: input.name,
              durationMinutes: input.duration_minutes,
              price: input.price,
              category: input.category || null,
              active: input.active,
              updatedAt: now(),
            })
            .where(thisService(scope, id))
            .returning();
        }),
      );
      if (!row) throw notFound();
      return toService(row);
    },

    // ------------------------------------------------------------ staff

    listStaff: (scope: Scope, query: z.output<typeof barberStaffListQuery> = {}) =>
      staffRecords(scope, staffWhere(query)),

    /** The staff as CSV (the list's search, filter and order), audited as export.barber_staff. */
    async exportStaff(scope: WorkspaceScope, query: z.output<typeof barberStaffListQuery>) {
      const { rows, truncatedAt } = capRows(
        await staffRecords(scope, staffWhere(query), EXPORT_ROWS_MAX + 1),
        EXPORT_ROWS_MAX,
      );
      const serviceNames = new Map(
        (
          await db
            .select({ id: barberServices.id, name: barberServices.name })
            .from(barberServices)
            .where(scope.workspace(barberServices))
        ).map((r) => [r.id, r.name]),
      );
      const at = now();
      await recordAudit(db, exportEvent(scope, 'export.barber_staff', rows.length, query, at));
      const csv = toCsv(
        ['Name', 'Services', 'Working hours', 'Breaks', 'Days off', 'Status', 'Created at'],
        rows.map((r) => [
          r.name,
          r.service_ids
            .map((id) => serviceNames.get(id))
            .filter((name) => name !== undefined)
            .sort((a, b) => a.localeCompare(b))
            .join('; '),
          weekly(r.hours),
          weekly(r.breaks),
          r.days_off.join('; '),
          r.active ? 'active' : 'inactive',
          r.created_at,
        ]),
      );
      return { filename: csvFilename('salon-staff', at), csv, truncatedAt };
    },
    oneStaff,

    async createStaff(scope: Scope, input: StaffInput): Promise<BarberStaff> {
      await checkStaffInput(scope, input);
      const at = now();
      const [row] = await uniqueName(staffNameTaken, () =>
        db
          .insert(barberStaff)
          .values({
            ...scope.workspaceValues(),
            name: input.name,
            userId: input.user_id ?? null,
            active: input.active,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: barberStaff.id }),
      );
      if (!row) throw new Error('staff insert returned no row');
      await writeSchedule(scope, row.id, input);
      return oneStaff(scope, row.id);
    },

    /** One staff member with their services, hours, breaks and days off (and their version). */
    getStaff: (scope: Scope, id: string) => oneStaff(scope, id),

    /**
     * The whole record: its services, hours, breaks and days off are replaced as sent. Every edit
     * moves the staff member's updated_at, so it is the version of all of them: made against
     * `expected` (If-Match), an edit is refused (412) once anyone has saved the record since.
     */
    async updateStaff(
      scope: Scope,
      id: string,
      input: StaffInput,
      expected?: EditVersion,
    ): Promise<BarberStaff> {
      // Whose record first (another shop's is a 404), then its version (412), then the input's
      // references (400); the row stays locked until the edit's end.
      const [exists] = await db
        .select({ id: barberStaff.id, updatedAt: barberStaff.updatedAt })
        .from(barberStaff)
        .where(and(scope.workspace(barberStaff), eq(barberStaff.id, id)))
        .for('update');
      if (!exists) throw notFound();
      assertVersion(exists.updatedAt, expected);
      await checkStaffInput(scope, input);
      const [row] = await uniqueName(staffNameTaken, () =>
        db
          .update(barberStaff)
          .set({
            name: input.name,
            userId: input.user_id ?? null,
            active: input.active,
            updatedAt: nextVersion(barberStaff.updatedAt, now()),
          })
          .where(and(scope.workspace(barberStaff), eq(barberStaff.id, id)))
          .returning({ id: barberStaff.id }),
      );
      if (!row) throw notFound();
      await writeSchedule(scope, id, input);
      return oneStaff(scope, id);
    },

    // ------------------------------------------------------------ customers

    async listCustomers(scope: Scope, query: z.output<typeof barberCustomerListQuery>) {
      const where = customersWhere(scope, query);
      const [rows, [total]] = await Promise.all([
        customerRows(where, query.limit, (query.page - 1) * query.limit),
        db.select({ total: count() }).from(barberCustomers).where(where),
      ]);
      const data = rows.map(toCustomer);
      return { data, meta: { page: query.page, limit: query.limit, total: total?.total ?? 0 } };
    },

    /**
     * The customers as CSV (the list's search and order; visits and last visit as the list shows
     * them: appointments done), audited as export.barber_customers.
     */
    async exportCustomers(scope: WorkspaceScope, query: z.output<typeof barberCustomerExportQuery>) {
      const fetched = await customerRows(customersWhere(scope, query), EXPORT_ROWS_MAX + 1, 0);
      const { rows, truncatedAt } = capRows(fetched.map(toCustomer), EXPORT_ROWS_MAX);
      const at = now();
      await recordAudit(db, exportEvent(scope, 'export.barber_customers', rows.length, query, at));
      const csv = toCsv(
        ['Name', 'Phone', 'E-mail', 'Visits', 'Last visit', 'Created at'],
        rows.map((c) => [c.name, c.phone, c.email, c.visits, c.last_visit_at, c.created_at]),
      );
      return { filename: csvFilename('salon-customers', at), csv, truncatedAt };
    },

    /**
     * Adds a customer. An e-mail names one customer of the shop (bookings find them by it, any
     * case): a second with the same e-mail is a 409 on `email`. The check runs under a lock on
     * that e-mail for the request's transaction, so two adds at the same instant cannot both pass.
     */
    async createCustomer(scope: Scope, input: CustomerInput): Promise<BarberCustomer> {
      if (input.email) {
        const email = input.email.toLowerCase();
        const { workspaceId } = scope.workspaceValues();
        await db.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`barber_customer:${workspaceId}:${email}`}, 0))`,
        );
        const [taken] = await db
          .select({ id: barberCustomers.id })
          .from(barberCustomers)
          .where(and(scope.workspace(barberCustomers), sql`lower(${barberCustomers.email}) = ${email}`))
          .limit(1);
        if (taken) throw conflict(CUSTOMER_EMAIL_TAKEN, { email: CUSTOMER_EMAIL_TAKEN });
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
        .returning();
      if (!row) throw new Error('customer insert returned no row');
      return {
        id: row.id,
        name: row.name,
        phone: row.phone,
        email: row.email,
        visits: 0,
        last_visit_at: null,
        created_at: row.createdAt.toISOString(),
      };
    },
  };
}

export type BarberServices = ReturnType<typeof createBarberService>;
