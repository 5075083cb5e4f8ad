import {
  APPOINTMENT_MINUTES_MAX,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  BARBER_DEFAULT_TIMEZONE,
} from '@workhub/shared/schemas/barber';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from '../../db/schema/columns.ts';
import { users } from '../../db/schema/users.ts';
import { type AnyColumn, decimal, sameWorkspaceFk, workspaceFk } from '../operations/operations.schema.ts';

// The Barber Shop & Spa module's tables (issue 15; docs/api.md 'Barber Shop & Spa'). Every one is a
// workspace's: account_id and workspace_id, primary key (account_id, id) or the natural key, and a
// cascade from its workspace; references between them are same-workspace foreign keys.
// `sample` marks the rows "Load sample data" made, so that "Clear sample data" removes exactly them.
// A staff member's time is never booked twice: the exclusion constraint on appointments (in the
// migration, barber_appointments_no_overlap) refuses two holding appointments that overlap.

const tenantColumns = () => ({
  accountId: uuid('account_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
});

/** The shop's settings: one row per workspace, written on first need. */
export const barberSettings = pgTable(
  'barber_settings',
  {
    ...tenantColumns(),
    timezone: text('timezone').notNull().default(BARBER_DEFAULT_TIMEZONE),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'barber_settings_pkey', columns: [t.accountId, t.workspaceId] }),
    workspaceFk('barber_settings_workspace_fk', t.accountId, t.workspaceId),
  ],
);

export const barberServices = pgTable(
  'barber_services',
  {
    ...tenantColumns(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    price: decimal('price').notNull(),
    category: text('category'),
    active: boolean('active').notNull().default(true),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'barber_services_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('barber_services_workspace_fk', t.accountId, t.workspaceId),
    unique('barber_services_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    uniqueIndex('barber_services_workspace_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
    check('barber_services_duration_check', sql`${t.durationMinutes} between 5 and 600`),
    check('barber_services_price_check', sql`${t.price} >= 0`),
  ],
);

export const barberStaff = pgTable(
  'barber_staff',
  {
    ...tenantColumns(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'barber_staff_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('barber_staff_workspace_fk', t.accountId, t.workspaceId),
    unique('barber_staff_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    uniqueIndex('barber_staff_workspace_name_key').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
  ],
);

const staffRef = (name: string, t: { accountId: AnyColumn; workspaceId: AnyColumn; staffId: AnyColumn }) =>
  sameWorkspaceFk(name, t, t.staffId, {
    accountId: barberStaff.accountId,
    workspaceId: barberStaff.workspaceId,
    id: barberStaff.id,
  }).onDelete('cascade');

/** The services each staff member performs. */
export const barberStaffServices = pgTable(
  'barber_staff_services',
  {
    ...tenantColumns(),
    staffId: uuid('staff_id').notNull(),
    serviceId: uuid('service_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'barber_staff_services_pkey', columns: [t.accountId, t.staffId, t.serviceId] }),
    workspaceFk('barber_staff_services_workspace_fk', t.accountId, t.workspaceId),
    staffRef('barber_staff_services_staff_fk', t),
    sameWorkspaceFk('barber_staff_services_service_fk', t, t.serviceId, {
      accountId: barberServices.accountId,
      workspaceId: barberServices.workspaceId,
      id: barberServices.id,
    }).onDelete('cascade'),
    index('barber_staff_services_service_idx').on(t.accountId, t.serviceId),
  ],
);

/** Working hours: one interval per staff member and ISO weekday (1 Monday ... 7 Sunday), minutes of the shop's day. */
export const barberWorkingHours = pgTable(
  'barber_working_hours',
  {
    ...tenantColumns(),
    staffId: uuid('staff_id').notNull(),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    primaryKey({ name: 'barber_working_hours_pkey', columns: [t.accountId, t.staffId, t.weekday] }),
    workspaceFk('barber_working_hours_workspace_fk', t.accountId, t.workspaceId),
    staffRef('barber_working_hours_staff_fk', t),
    check(
      'barber_working_hours_check',
      sql`${t.weekday} between 1 and 7 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.endMinute} > ${t.startMinute}`,
    ),
  ],
);

/** Breaks: recurring intervals per weekday. */
export const barberBreaks = pgTable(
  'barber_breaks',
  {
    ...tenantColumns(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id').notNull(),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    primaryKey({ name: 'barber_breaks_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('barber_breaks_workspace_fk', t.accountId, t.workspaceId),
    staffRef('barber_breaks_staff_fk', t),
    index('barber_breaks_staff_idx').on(t.accountId, t.staffId),
    check(
      'barber_breaks_check',
      sql`${t.weekday} between 1 and 7 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.endMinute} > ${t.startMinute}`,
    ),
  ],
);

export const barberDaysOff = pgTable(
  'barber_days_off',
  {
    ...tenantColumns(),
    staffId: uuid('staff_id').notNull(),
    day: date('day').notNull(),
  },
  (t) => [
    primaryKey({ name: 'barber_days_off_pkey', columns: [t.accountId, t.staffId, t.day] }),
    workspaceFk('barber_days_off_workspace_fk', t.accountId, t.workspaceId),
    staffRef('barber_days_off_staff_fk', t),
  ],
);

export const barberCustomers = pgTable(
  'barber_customers',
  {
    ...tenantColumns(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'barber_customers_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('barber_customers_workspace_fk', t.accountId, t.workspaceId),
    unique('barber_customers_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    index('barber_customers_workspace_email_idx').on(t.accountId, t.workspaceId, sql`lower(${t.email})`),
    index('barber_customers_workspace_name_idx').on(t.accountId, t.workspaceId, sql`lower(${t.name})`),
  ],
);

export const barberAppointments = pgTable(
  'barber_appointments',
  {
    ...tenantColumns(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id').notNull(),
    staffId: uuid('staff_id').notNull(),
    startAt: timestamptz('start_at').notNull(),
    endAt: timestamptz('end_at').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('booked'),
    source: text('source', { enum: APPOINTMENT_SOURCES }).notNull(),
    /** sha256 (hex) of the random token of the customer's cancel/reschedule link; never the token. */
    tokenHash: text('token_hash'),
    /**
     * The name and phone typed with a public booking (null for the desk's and walk-ins'): the
     * booking is linked to the customer of its e-mail, whose record an anonymous request never
     * changes, so what the booker gave is kept here and shown where it differs (migration 0024).
     */
    bookedName: text('booked_name'),
    bookedPhone: text('booked_phone'),
    reminderSentAt: timestamptz('reminder_sent_at'),
    sample: boolean('sample').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'barber_appointments_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('barber_appointments_workspace_fk', t.accountId, t.workspaceId),
    unique('barber_appointments_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    sameWorkspaceFk('barber_appointments_customer_fk', t, t.customerId, {
      accountId: barberCustomers.accountId,
      workspaceId: barberCustomers.workspaceId,
      id: barberCustomers.id,
    }),
    sameWorkspaceFk('barber_appointments_staff_fk', t, t.staffId, {
      accountId: barberStaff.accountId,
      workspaceId: barberStaff.workspaceId,
      id: barberStaff.id,
    }),
    uniqueIndex('barber_appointments_token_key').on(t.tokenHash),
    index('barber_appointments_workspace_start_idx').on(t.accountId, t.workspaceId, t.startAt, t.id),
    index('barber_appointments_staff_start_idx').on(t.accountId, t.staffId, t.startAt),
    index('barber_appointments_customer_idx').on(t.accountId, t.customerId),
    // The reminder job's scan: booked, not yet reminded, by start.
    index('barber_appointments_reminder_idx')
      .on(t.startAt)
      .where(sql`${t.reminderSentAt} is null and ${t.status} = 'booked'`),
    check('barber_appointments_status_check', sql`${t.status} in (${inList(APPOINTMENT_STATUSES)})`),
    check('barber_appointments_source_check', sql`${t.source} in (${inList(APPOINTMENT_SOURCES)})`),
    check('barber_appointments_range_check', sql`${t.endAt} > ${t.startAt}`),
    // An appointment's services one after the other at most: the busy read looks back this far.
    check(
      'barber_appointments_length_check',
      sql`${t.endAt} <= ${t.startAt} + interval '${sql.raw(String(APPOINTMENT_MINUTES_MAX))} minutes'`,
    ),
  ],
);

/** The services of an appointment, in the order they are done, each at its price when booked. */
export const barberAppointmentServices = pgTable(
  'barber_appointment_services',
  {
    ...tenantColumns(),
    appointmentId: uuid('appointment_id').notNull(),
    position: integer('position').notNull(),
    serviceId: uuid('service_id').notNull(),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    price: decimal('price').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'barber_appointment_services_pkey',
      columns: [t.accountId, t.appointmentId, t.position],
    }),
    workspaceFk('barber_appointment_services_workspace_fk', t.accountId, t.workspaceId),
    sameWorkspaceFk('barber_appointment_services_appointment_fk', t, t.appointmentId, {
      accountId: barberAppointments.accountId,
      workspaceId: barberAppointments.workspaceId,
      id: barberAppointments.id,
    }).onDelete('cascade'),
    sameWorkspaceFk('barber_appointment_services_service_fk', t, t.serviceId, {
      accountId: barberServices.accountId,
      workspaceId: barberServices.workspaceId,
      id: barberServices.id,
    }),
    index('barber_appointment_services_service_idx').on(t.accountId, t.serviceId),
  ],
);

/** An appointment's customer, as a join's condition. */
export const customerOfAppointment = and(
  eq(barberCustomers.accountId, barberAppointments.accountId),
  eq(barberCustomers.id, barberAppointments.customerId),
) as SQL;

/** An appointment's staff member, as a join's condition. */
export const staffOfAppointment = and(
  eq(barberStaff.accountId, barberAppointments.accountId),
  eq(barberStaff.id, barberAppointments.staffId),
) as SQL;
