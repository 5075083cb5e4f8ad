import { z } from 'zod';
import { messages } from '../messages.ts';
import {
  calendarDate,
  emailField,
  idField,
  int32,
  isTimeZone,
  optionalString,
  PHONE_PATTERN,
  paginationQuery,
  requiredString,
  searchQuery,
} from './common.ts';
import { decimalField, decimalString } from './decimal.ts';

/*
 * The Barber Shop & Spa module (issue 15; docs/api.md 'Barber Shop & Spa'): services, staff with
 * their hours, breaks, days off and the services each performs, customers and appointments.
 * Times of day are minutes after midnight in the shop's time zone (barber_settings.timezone);
 * appointments' instants are ISO 8601 with an offset.
 */

export const APPOINTMENT_STATUSES = ['booked', 'checked_in', 'done', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_SOURCES = ['staff', 'public', 'walk_in'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** The statuses that hold a staff member's time (the exclusion constraint's WHERE). */
export const HOLDING_STATUSES = ['booked', 'checked_in'] as const;

/** The status actions: which statuses each may start from, and where it leads. */
export const APPOINTMENT_STEPS = {
  'check-in': { from: ['booked'], to: 'checked_in' },
  done: { from: ['checked_in'], to: 'done' },
  cancel: { from: ['booked'], to: 'cancelled' },
  'no-show': { from: ['booked'], to: 'no_show' },
} as const satisfies Record<string, { from: readonly AppointmentStatus[]; to: AppointmentStatus }>;
export type AppointmentStep = keyof typeof APPOINTMENT_STEPS;
export const APPOINTMENT_STEP_NAMES = Object.keys(APPOINTMENT_STEPS) as AppointmentStep[];

/** Weekdays as ISO numbers: 1 Monday ... 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The shop's time zone until its admin picks one. */
export const BARBER_DEFAULT_TIMEZONE = 'Africa/Nairobi';
/** Slots start on this grid (minutes). */
export const SLOT_STEP_MINUTES = 15;
/** How far ahead a slot may be booked. */
export const BOOKING_HORIZON_DAYS = 90;
/** The module's user-facing words that both sides show (the API's errors, the pages' notes). */
export const BARBER_MESSAGES = {
  /** A public booking or reschedule at a start the booking page never offers. */
  offGrid: `Pick one of the times offered: bookings start every ${SLOT_STEP_MINUTES} minutes`,
  /** The public pages' and mails' note of whose clock the times are. */
  timesIn: (timezone: string) => `Times are in ${timezone}`,
  /** Before the name and phone given with a booking that differ from the customer's record. */
  bookedAs: 'Booked as',
  /** The booking page's details left empty: one plain style, each naming what is missing. */
  yourNameRequired: 'Your name is required',
  yourPhoneRequired: 'Your phone number is required',
  yourEmailRequired: 'Your email is required',
  /** A phone number that is not one (the booking page's and the desk's customer forms). */
  phoneInvalid: messages.phoneInvalid,
} as const;

/**
 * A customer's phone number, trimmed. With `requiredMessage`, missing and blank give that message
 * (and only it); without, '' (a form's empty field) passes and the service stores none.
 */
const phoneField = (requiredMessage?: string) => {
  const text = z.string(requiredMessage === undefined ? undefined : { error: requiredMessage }).trim();
  return (requiredMessage === undefined ? text : text.min(1, { error: requiredMessage })).refine(
    (value) => value === '' || PHONE_PATTERN.test(value),
    { error: BARBER_MESSAGES.phoneInvalid },
  );
};

/**
 * emailField's checks with the form's own message for a missing or blank e-mail. Spelled out, not
 * `.pipe(emailField)`: the OpenAPI document shows a pipe's first half only (no format, no length).
 */
const emailRequired = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(254, { error: messages.emailInvalid })
    .email({ error: messages.emailInvalid })
    .toLowerCase();

/** At most this many services in one appointment. */
export const SERVICES_PER_APPOINTMENT_MAX = 8;
/** A service's longest duration, in minutes. */
export const SERVICE_MINUTES_MAX = 600;
/**
 * An appointment's longest run, in minutes (its services one after the other): the database holds
 * every appointment to it (barber_appointments_length_check), so a read of the appointments around
 * a time need not look further back than this.
 */
export const APPOINTMENT_MINUTES_MAX = SERVICES_PER_APPOINTMENT_MAX * SERVICE_MINUTES_MAX;

const DAY_MINUTES = 24 * 60;
const minuteOfDay = (label: string) =>
  int32({
    min: 0,
    max: DAY_MINUTES,
    message: `${label} must be a time of day`,
    maxMessage: `${label} must be a time of day`,
  });

export const barberIdParam = z.object({ id: idField() });
export const barberSlugParam = z.object({ slug: z.string().max(64) });

// ---------------------------------------------------------------- services

export const barberServiceBody = z.object({
  name: requiredString('A name is required', 120),
  duration_minutes: int32({
    min: 5,
    max: SERVICE_MINUTES_MAX,
    message: 'A duration in minutes is required',
    minMessage: 'At least 5 minutes',
    maxMessage: 'At most 600 minutes',
  }),
  price: decimalField('nonnegative', 'A price is required'),
  category: optionalString(80),
  active: z.boolean().default(true),
});
export type BarberServiceBody = z.input<typeof barberServiceBody>;

export const barberService = z.object({
  id: z.string(),
  name: z.string(),
  duration_minutes: z.number().int(),
  price: decimalString,
  category: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  /** Its version: an edit made against it sends it as If-Match (412 when saved since). */
  updated_at: z.string(),
});
export type BarberService = z.infer<typeof barberService>;

export const barberServiceListQuery = paginationQuery.extend({
  q: searchQuery(),
  active: z.enum(['true', 'false']).optional(),
});
/** The services' list as CSV: the same search and filter, no page. */
export const barberServiceExportQuery = barberServiceListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- staff

/** 570 -> '09:30'. */
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const interval = z
  .object({ start_minute: minuteOfDay('The start'), end_minute: minuteOfDay('The end') })
  .refine((v) => v.end_minute > v.start_minute, {
    error: 'The end must be after the start',
    path: ['end_minute'],
  });

export const workingHoursEntry = z
  .object({ weekday: int32({ min: 1, max: 7, message: 'A weekday is 1 (Monday) to 7 (Sunday)' }) })
  .and(interval);
export const breakEntry = workingHoursEntry;

export const barberStaffBody = z
  .object({
    name: requiredString('A name is required', 120),
    user_id: idField().nullable().optional(),
    active: z.boolean().default(true),
    service_ids: z.array(idField()).max(200).default([]),
    /** One interval per weekday; a weekday missing is a day the staff member does not work. */
    hours: z
      .array(workingHoursEntry)
      .max(7)
      .refine((rows) => new Set(rows.map((r) => r.weekday)).size === rows.length, {
        error: 'One working-hours row per weekday',
      })
      .default([]),
    breaks: z.array(breakEntry).max(50).default([]),
    days_off: z
      .array(calendarDate('A day off is a date'))
      .max(400)
      .refine((days) => new Set(days).size === days.length, { error: 'A day off is listed twice' })
      .default([]),
  })
  // A break lies within its weekday's working hours: said on the break's row (`breaks.N`), naming
  // the day and its hours, so the form marks the break it is about before anything is sent.
  .superRefine((body, ctx) => {
    for (const [i, pause] of body.breaks.entries()) {
      const day = body.hours.find((h) => h.weekday === pause.weekday);
      const name = WEEKDAY_NAMES[pause.weekday - 1] ?? 'That day';
      if (!day) {
        ctx.addIssue({
          code: 'custom',
          path: ['breaks', i],
          message: `${name} has no working hours, so it cannot have a break`,
        });
      } else if (pause.start_minute < day.start_minute || pause.end_minute > day.end_minute) {
        ctx.addIssue({
          code: 'custom',
          path: ['breaks', i],
          message: `The break must lie within ${name}'s working hours (${clock(day.start_minute)}-${clock(day.end_minute)})`,
        });
      }
    }
  });
export type BarberStaffBody = z.input<typeof barberStaffBody>;

export const barberStaff = z.object({
  id: z.string(),
  name: z.string(),
  user_id: z.string().nullable(),
  active: z.boolean(),
  service_ids: z.array(z.string()),
  hours: z.array(z.object({ weekday: z.number(), start_minute: z.number(), end_minute: z.number() })),
  breaks: z.array(z.object({ weekday: z.number(), start_minute: z.number(), end_minute: z.number() })),
  days_off: z.array(z.string()),
  created_at: z.string(),
  /** The version of the whole record (services, hours, breaks and days off): an edit sends it as If-Match. */
  updated_at: z.string(),
});
export type BarberStaff = z.infer<typeof barberStaff>;

/** The staff list's filters (the whole list, no page): q (name contains), active. Its CSV takes the same. */
export const barberStaffListQuery = z.object({
  q: searchQuery(),
  active: z.enum(['true', 'false']).optional(),
});
export const barberStaffExportQuery = barberStaffListQuery;

// ---------------------------------------------------------------- customers

export const barberCustomerBody = z.object({
  name: requiredString('A name is required', 120),
  /** Optional; a form's empty field is none. */
  phone: phoneField().optional(),
  /** Optional; a form's empty field is none. */
  email: emailField.optional().or(z.literal('').transform(() => undefined)),
});
export type BarberCustomerBody = z.input<typeof barberCustomerBody>;

export const barberCustomer = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  visits: z.number().int(),
  last_visit_at: z.string().nullable(),
  created_at: z.string(),
});
export type BarberCustomer = z.infer<typeof barberCustomer>;

export const barberCustomerListQuery = paginationQuery.extend({ q: searchQuery() });
/** The customers' list as CSV: the same search, no page. */
export const barberCustomerExportQuery = barberCustomerListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- appointments

const serviceIds = z
  .array(idField(), { error: 'Pick at least one service' })
  .min(1, { error: 'Pick at least one service' })
  .max(SERVICES_PER_APPOINTMENT_MAX, { error: `At most ${SERVICES_PER_APPOINTMENT_MAX} services` });

const instant = z.iso.datetime({ offset: true, error: 'A start time (ISO 8601) is required' });

export const appointmentBody = z.object({
  start_at: instant,
  service_ids: serviceIds,
  /** null or missing: anyone who performs every service and is free. */
  staff_id: idField().nullable().optional(),
  customer_id: idField().optional(),
  customer: barberCustomerBody.optional(),
});
export type AppointmentBody = z.input<typeof appointmentBody>;

/** Edit a booked appointment: another start, staff member and/or services (the end follows). */
export const appointmentMoveBody = z.object({
  start_at: instant.optional(),
  staff_id: idField().optional(),
  service_ids: serviceIds.optional(),
});
export type AppointmentMoveBody = z.input<typeof appointmentMoveBody>;

export const walkInBody = z.object({
  service_ids: serviceIds,
  staff_id: idField().nullable().optional(),
  customer: barberCustomerBody,
});

export const appointmentLine = z.object({
  service_id: z.string(),
  name: z.string(),
  duration_minutes: z.number().int(),
  price: decimalString,
});

export const appointment = z.object({
  id: z.string(),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  staff: z.object({ id: z.string(), name: z.string() }),
  start_at: z.string(),
  end_at: z.string(),
  /**
   * The name and phone given with a public booking, when they differ from the customer's record:
   * the booking is linked to the customer of its e-mail, whose record a booking never changes.
   */
  booked_as: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(APPOINTMENT_SOURCES),
  services: z.array(appointmentLine),
  total: decimalString,
  created_at: z.string(),
  /**
   * The version an edit (PATCH, If-Match) is made against: moved by every change of its time, staff
   * member, services, customer or status, not by its reminder being mailed.
   */
  updated_at: z.string(),
});
export type Appointment = z.infer<typeof appointment>;

export const appointmentListQuery = paginationQuery.extend({
  q: searchQuery(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  source: z.enum(APPOINTMENT_SOURCES).optional(),
  staff_id: idField().optional(),
  customer_id: idField().optional(),
  from: calendarDate('A date is required').optional(),
  to: calendarDate('A date is required').optional(),
});
export const appointmentExportQuery = appointmentListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- slots and the public page

export const slotsQuery = z.object({
  service_ids: z
    .string({ error: 'Pick at least one service' })
    // Longer than that many ids and their commas: too many services, not none (the string's error).
    .max(SERVICES_PER_APPOINTMENT_MAX * 37, { error: `At most ${SERVICES_PER_APPOINTMENT_MAX} services` })
    .transform((v) => v.split(',').filter((s) => s !== ''))
    .pipe(serviceIds),
  staff_id: idField().optional(),
  date: calendarDate('A date is required'),
});

/**
 * The booking page's slots: `except`, a mail link's token, is the booking being rescheduled, whose
 * own time is not counted busy (so the times next to it are offered); it names that booking only.
 */
export const publicSlotsQuery = slotsQuery.extend({
  except: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Not a valid link' })
    .optional(),
});

export const slot = z.object({ start_at: z.string(), end_at: z.string(), staff_ids: z.array(z.string()) });
export type Slot = z.infer<typeof slot>;
export const slotList = z.object({ timezone: z.string(), date: z.string(), slots: z.array(slot) });

export const publicBookingPage = z.object({
  name: z.string(),
  timezone: z.string(),
  /** What the prices are in (the workspace's ISO 4217 code); null: none chosen, the amounts alone. */
  currency: z.string().nullable(),
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      duration_minutes: z.number(),
      price: decimalString,
      category: z.string().nullable(),
    }),
  ),
  staff: z.array(z.object({ id: z.string(), name: z.string(), service_ids: z.array(z.string()) })),
});
export type PublicBookingPage = z.infer<typeof publicBookingPage>;

export const publicAppointmentBody = z.object({
  start_at: instant,
  service_ids: serviceIds,
  staff_id: idField().nullable().optional(),
  name: requiredString(BARBER_MESSAGES.yourNameRequired, 120),
  phone: phoneField(BARBER_MESSAGES.yourPhoneRequired),
  email: emailRequired(BARBER_MESSAGES.yourEmailRequired),
});
export type PublicAppointmentBody = z.input<typeof publicAppointmentBody>;

/** What the public page (and the mail's link) shows of one booking. */
export const publicAppointment = z.object({
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  staff_name: z.string(),
  services: z.array(z.string()),
  staff_id: z.string(),
  service_ids: z.array(z.string()),
});
export type PublicAppointment = z.infer<typeof publicAppointment>;

export const bookingTokenParam = z.object({
  slug: z.string().max(64),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Not a valid link' }),
});
export const publicRescheduleBody = z.object({
  start_at: instant,
  staff_id: idField().nullable().optional(),
});

// ---------------------------------------------------------------- settings and dashboard

/** `updated_at`: the settings' version (If-Match of an edit): last saved, or the workspace's creation. */
export const barberSettings = z.object({ timezone: z.string(), updated_at: z.string() });
export type BarberSettings = z.infer<typeof barberSettings>;
export const barberSettingsBody = z.object({
  timezone: requiredString('A time zone is required', 64).refine(isTimeZone, {
    error: 'Not a known time zone',
  }),
});

/** GET /api/barber/dashboard: every figure from the shop's own bookings. */
export const barberDashboard = z.object({
  timezone: z.string(),
  today: z.string(),
  has_data: z.boolean(),
  has_sample: z.boolean(),
  today_staff: z.array(
    z.object({
      staff_id: z.string(),
      name: z.string(),
      appointments: z.number(),
      booked_minutes: z.number(),
      working_minutes: z.number(),
      utilisation: z.number().nullable(),
    }),
  ),
  today_appointments: z.number(),
  revenue_per_week: z.array(z.object({ week: z.string(), revenue: z.string() })),
  bookings_per_weekday: z.array(z.object({ weekday: z.number(), bookings: z.number() })),
  top_services: z.array(z.object({ name: z.string(), bookings: z.number(), revenue: z.string() })),
  staff_sales: z.array(z.object({ name: z.string(), appointments: z.number(), revenue: z.string() })),
  no_show_rate: z.number().nullable(),
  returning_customer_rate: z.number().nullable(),
});
export type BarberDashboard = z.infer<typeof barberDashboard>;
