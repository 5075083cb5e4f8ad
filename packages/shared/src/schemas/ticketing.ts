// The Queue Ticketing module's contract (issue 15, docs/api.md 'Queue Ticketing'): services,
// counters, opening hours, tickets, the public board and the dashboard. Shared by the API (route
// schemas) and the web (forms).

import { z } from 'zod';
import { messages } from '../messages.ts';
import {
  choiceField,
  idField,
  int32,
  isCalendarDate,
  isTimeZone,
  optionalIdField,
  paginationQuery,
  plainText,
  requiredString,
  searchQuery,
} from './common.ts';

// ---------------------------------------------------------------- values (the database checks them too)

export const TICKETING_RECORD_STATUSES = ['active', 'inactive'] as const;
export type TicketingRecordStatus = (typeof TICKETING_RECORD_STATUSES)[number];

/**
 * waiting → called (a counter called it) → serving (started) → done; called → no_show once it was
 * recalled `no_show_after_recalls` times; waiting, called or serving → waiting again in another
 * service (transfer, keeping its queued_at).
 */
export const TICKET_STATUSES = ['waiting', 'called', 'serving', 'done', 'no_show'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SOURCES = ['kiosk', 'staff'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

/** The module's time zone when the workspace has not set one: the workspace's "today" is UTC's. */
export const TICKETING_DEFAULT_TIME_ZONE = 'UTC';
/** A called ticket may be marked no-show after this many recalls, unless the settings say otherwise. */
export const TICKETING_DEFAULT_NO_SHOW_AFTER = 3;
/** The board's event stream sends a `ping` event this often while nothing changes. */
export const BOARD_HEARTBEAT_MS = 15_000;

function recalledTimes(recalls: number): string {
  if (recalls === 0) return 'not recalled yet';
  return recalls === 1 ? 'recalled once' : `recalled ${recalls} times`;
}

export const ticketingMessages = {
  tooManyStreams: 'Too many live boards are open from this address. Close one and try again.',
  serviceNameTaken: 'A service with this name already exists',
  prefixTaken: 'Another service uses this prefix letter',
  prefixInvalid: 'The prefix is one letter, A to Z',
  /** Its tickets still in line carry the letter (on paper too): a new one would renumber them. */
  prefixInUse:
    'Tickets of this service are still in line with numbers that carry its letter: change the prefix once none is waiting, called or being served',
  minutesInvalid: 'Average service time is a whole number of minutes, 1 to 480',
  counterNameTaken: 'A counter with this name already exists',
  serviceUnknown: 'Choose a service of this workspace',
  servicesRequired: 'Choose at least one service',
  operatorUnknown: 'The operator must be an active member of this workspace',
  serviceInactive: 'This service is not taking tickets',
  closedNow: 'The queue is closed now; see the opening hours',
  /** A signed-in customer's second ticket for a service while the first is still in line. */
  alreadyInLine: (number: string) =>
    `You already have ticket ${number} in line for this service: take another once it has been called`,
  counterInactive: 'This counter is inactive',
  counterBusy: 'This counter still has a ticket called or being served: finish it first',
  /** Deactivating it would strand the ticket: it would vanish from the board and the console. */
  counterHoldsTicket: (counter: string) =>
    `${counter} has a ticket called or being served: finish or transfer it first`,
  queueEmpty: 'Nobody is waiting for the services of this counter',
  timeZoneInvalid: 'Not a known time zone (e.g. Africa/Nairobi)',
  hoursInvalid: 'Opening time must be before closing time',
  timeInvalid: 'Time must be HH:MM',
  closingTimeInvalid: 'Time must be HH:MM (24:00: until midnight)',
  sameService: 'The ticket is already in that service',
  ticketCreated: 'Ticket issued',
  serviceCreated: 'Service created',
  counterCreated: 'Counter created',
  sampleLoaded: 'Sample data loaded',
  sampleCleared: 'Sample data cleared',
  sampleNotEmpty: 'Sample data goes only into an empty module (no services yet)',
  transition: (action: string, status: TicketStatus) =>
    `Cannot ${action} a ticket that is ${status.replace('_', '-')}`,
  noShowTooEarly: (recalls: number, needed: number) =>
    `A ticket may be marked no-show after ${needed === 1 ? '1 recall' : `${needed} recalls`}; this one was ${recalledTimes(recalls)}`,
  /** "recalled once", "recalled 2 times": the console's line under a called ticket. */
  recalledTimes,
  /** The console's note while No-show is not offered yet (the server refuses it: noShowTooEarly). */
  /** A waiting ticket's page when no active counter serves its service (counter_open false). */
  noCounterServing: (serviceName: string) =>
    `No counter is serving ${serviceName} right now: you keep your place and will be called when one opens`,
  /** The counter console's answer to 'Issue ticket'. */
  deskIssued: (number: string, ahead: number) => `Ticket ${number} issued, ${ahead} ahead`,
  /** The same when no active counter serves the ticket's service (counter_open false). */
  deskIssuedUnserved: (number: string, serviceName: string) =>
    `Ticket ${number} issued. No counter is serving ${serviceName} right now: it keeps its place and will be called when one opens`,
  /** The kiosk's and the take-a-ticket form's note on such a service. */
  serviceUnserved: 'No counter is serving it right now',
  noShowAfter: (recalls: number, needed: number) =>
    `No-show after ${needed === 1 ? '1 recall' : `${needed} recalls`}: ${recalledTimes(recalls)}`,
  /** The console's answer to Recall. */
  recalled: (number: string) => `${number}: called again`,
  /** The ticket page of a ticket transferred to another service, which gave it another number. */
  ticketTransferred: (from: string, serviceName: string, number: string) =>
    `Your ticket ${from} was moved to ${serviceName}: it is now ${number}`,
  /**
   * The estimated wait, as the kiosk and the ticket page say it; 0 once nobody is ahead. An hour or
   * more in hours and minutes: "About 1151 min" asked the customer to do the sum.
   */
  estimatedWait: (minutes: number) => {
    if (minutes <= 0) return 'Less than a minute';
    if (minutes < 60) return `About ${minutes} min`;
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? `About ${hours} h` : `About ${hours} h ${rest} min`;
  },
  ticketNotFound: 'This ticket could not be found',
  queueNotFound: 'This queue could not be found',
} as const;

// ---------------------------------------------------------------- pieces

const statusField = choiceField(TICKETING_RECORD_STATUSES, messages.statusRequired, 'Status');
const stamps = { created_at: z.string(), updated_at: z.string() };
export const ticketingIdParam = z.object({ id: idField() });

const prefixField = z
  .string({ error: ticketingMessages.prefixInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]$/, { error: ticketingMessages.prefixInvalid });

const minutesField = int32({
  min: 1,
  max: 480,
  message: ticketingMessages.minutesInvalid,
  minMessage: ticketingMessages.minutesInvalid,
  maxMessage: ticketingMessages.minutesInvalid,
});

/** "A-001": the prefix and the number of the day, at least three digits. */
export const ticketNumberLabel = (prefix: string, number: number) =>
  `${prefix}-${String(number).padStart(3, '0')}`;

// ---------------------------------------------------------------- services

export const serviceBody = z.object({
  name: requiredString(messages.nameRequired, 100),
  prefix: prefixField,
  avg_service_minutes: minutesField,
  status: statusField.default('active'),
});
export type ServiceBody = z.input<typeof serviceBody>;

export const service = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  avg_service_minutes: z.number().int(),
  status: z.enum(TICKETING_RECORD_STATUSES),
  sample: z.boolean(),
  /** Tickets waiting for it today. */
  waiting: z.number().int(),
  ...stamps,
});
export type Service = z.infer<typeof service>;

// ---------------------------------------------------------------- counters

export const counterBody = z.object({
  name: requiredString(messages.nameRequired, 100),
  service_ids: z
    .array(idField(ticketingMessages.serviceUnknown), { error: ticketingMessages.servicesRequired })
    .min(1, { error: ticketingMessages.servicesRequired })
    .max(50),
  operator_user_id: optionalIdField(ticketingMessages.operatorUnknown),
  status: statusField.default('active'),
});
export type CounterBody = z.input<typeof counterBody>;

export const counter = z.object({
  id: z.string(),
  name: z.string(),
  operator_user_id: z.string().nullable(),
  operator_name: z.string().nullable(),
  status: z.enum(TICKETING_RECORD_STATUSES),
  sample: z.boolean(),
  services: z.array(z.object({ id: z.string(), name: z.string(), prefix: z.string() })),
  ...stamps,
});
export type Counter = z.infer<typeof counter>;

// ---------------------------------------------------------------- settings and opening hours

const timeField = z
  .string({ error: ticketingMessages.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: ticketingMessages.timeInvalid });

/**
 * A closing time may also be 24:00: the end of the day, so a queue can stay open until midnight
 * (PostgreSQL's `time` keeps it as 24:00:00, and it sorts after every HH:MM of the day).
 */
export const END_OF_DAY = '24:00';
const closingTimeField = z
  .string({ error: ticketingMessages.closingTimeInvalid })
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: ticketingMessages.closingTimeInvalid });

/** ISO weekdays: 1 = Monday ... 7 = Sunday. */
export const openingHoursDay = z
  .object({
    weekday: int32({ min: 1, max: 7, message: 'Weekday is 1 (Monday) to 7 (Sunday)' }),
    opens_at: timeField,
    closes_at: closingTimeField,
  })
  .refine((day) => day.opens_at < day.closes_at, {
    error: ticketingMessages.hoursInvalid,
    path: ['closes_at'],
  });

export const settingsBody = z.object({
  time_zone: plainText(64)
    .min(1, { error: ticketingMessages.timeZoneInvalid })
    .refine(isTimeZone, { error: ticketingMessages.timeZoneInvalid }),
  no_show_after_recalls: int32({ min: 0, max: 20, message: 'Recalls before no-show: 0 to 20' }),
  /** The days the queue is open; none at all: open every day, all day. One interval per weekday. */
  opening_hours: z
    .array(openingHoursDay)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, {
      error: 'One interval per weekday',
    }),
});
export type SettingsBody = z.input<typeof settingsBody>;

export const settings = z.object({
  time_zone: z.string(),
  no_show_after_recalls: z.number().int(),
  opening_hours: z.array(
    z.object({ weekday: z.number().int(), opens_at: z.string(), closes_at: z.string() }),
  ),
  /** Their version (If-Match of an edit): when they were last saved, or the workspace's creation. */
  updated_at: z.string(),
});
export type TicketingSettings = z.infer<typeof settings>;

// ---------------------------------------------------------------- tickets

export const ticketBody = z.object({
  service_id: idField(ticketingMessages.serviceUnknown),
  priority: z.boolean({ error: 'Priority is true or false' }).default(false),
});
export type TicketBody = z.input<typeof ticketBody>;

export const transferBody = z.object({ service_id: idField(ticketingMessages.serviceUnknown) });
export type TransferBody = z.input<typeof transferBody>;

export const ticket = z.object({
  id: z.string(),
  public_id: z.string(),
  number: z.string(),
  service_id: z.string(),
  service_name: z.string(),
  service_day: z.string(),
  priority: z.boolean(),
  status: z.enum(TICKET_STATUSES),
  source: z.enum(TICKET_SOURCES),
  counter_id: z.string().nullable(),
  counter_name: z.string().nullable(),
  recall_count: z.number().int(),
  queued_at: z.string(),
  called_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  sample: z.boolean(),
  ...stamps,
});
export type Ticket = z.infer<typeof ticket>;

const TICKET_SORTS = ['queued_at', '-queued_at', 'number', '-number'] as const;
/**
 * The ticket list counts its matches up to this many (meta.capped beyond): a queue issues hundreds
 * of tickets a day, and counting a year of them cost each page ~45 ms (docs/performance.md).
 */
export const TICKET_LIST_COUNT_MAX = 10_000;
/** The ticket list's search: a number or a service's name. */
export const TICKET_SEARCH_MAX = 50;
export const ticketListQuery = paginationQuery.extend({
  /** The number ("A-012", "12") or the service's name. */
  q: searchQuery(TICKET_SEARCH_MAX),
  status: z
    .enum(TICKET_STATUSES, { error: `status must be one of ${TICKET_STATUSES.join(', ')}` })
    .optional(),
  service_id: idField(ticketingMessages.serviceUnknown).optional(),
  counter_id: idField().optional(),
  /** The workspace-local day, YYYY-MM-DD; none: every day. */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day is YYYY-MM-DD' })
    .refine(isCalendarDate, { error: 'day is YYYY-MM-DD' })
    .optional(),
  sort: z
    .enum(TICKET_SORTS, { error: `sort must be one of ${TICKET_SORTS.join(', ')}` })
    .default('-queued_at'),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;
export const ticketExportQuery = ticketListQuery.omit({ page: true, limit: true });

export const recordListQuery = paginationQuery.extend({
  q: searchQuery(100),
  status: z.enum(TICKETING_RECORD_STATUSES).optional(),
});
export type RecordListQuery = z.input<typeof recordListQuery>;
/** The services' or counters' list as CSV: the same search and filter, no page. */
export const recordExportQuery = recordListQuery.omit({ page: true, limit: true });

// ---------------------------------------------------------------- the public pages

export const slugParam = z.object({ slug: z.string().max(64) });
export const publicTicketParam = z.object({
  slug: z.string().max(64),
  publicId: z.uuid({ error: messages.idInvalid }),
});

export const boardState = z.object({
  workspace_name: z.string(),
  /**
   * Changes whenever a ticket of today, an earlier day's ticket still waiting or a ticket in a
   * counter's hand changes: the board's and the events' version.
   */
  version: z.string(),
  open_now: z.boolean(),
  /**
   * When the queue is open (the queue's time zone), by ISO weekday, 1 = Monday; none at all: open
   * every day, all day. What a kiosk shows while it is closed.
   */
  opening_hours: z.array(
    z.object({ weekday: z.number().int(), opens_at: z.string(), closes_at: z.string() }),
  ),
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      waiting: z.number().int(),
      /** Whether an active counter serves it: without one its tickets wait with no end in sight. */
      counter_open: z.boolean(),
    }),
  ),
  counters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The ticket called to or served at the counter now, if any. */
      ticket: z
        .object({
          number: z.string(),
          status: z.enum(TICKET_STATUSES),
          called_at: z.string().nullable(),
          recall_count: z.number().int(),
        })
        .nullable(),
    }),
  ),
  /** The next tickets in the order they will be called (numbers only). */
  next: z.array(z.object({ number: z.string(), priority: z.boolean() })),
});
export type BoardState = z.infer<typeof boardState>;

export const publicTicket = z.object({
  public_id: z.string(),
  number: z.string(),
  service_name: z.string(),
  priority: z.boolean(),
  status: z.enum(TICKET_STATUSES),
  counter_name: z.string().nullable(),
  /** Waiting tickets that will be called before this one (0 once called). */
  people_ahead: z.number().int(),
  /** Minutes, from the service's average time and the counters serving it; 0 once called. */
  estimated_wait_minutes: z.number().int(),
  /**
   * Whether an active counter serves the ticket's service now. Without one nobody will call it
   * (until a counter opens): its people ahead and estimate promise nothing, so a page says so.
   */
  counter_open: z.boolean(),
  queued_at: z.string(),
  /**
   * The number the ticket was issued with (the one on the customer's paper, e.g. L-003) when a
   * transfer to another service gave it `number` (D-005); null for a ticket never transferred.
   */
  transferred_from: z.string().nullable(),
});
export type PublicTicket = z.infer<typeof publicTicket>;

export const publicTicketBody = ticketBody;

/**
 * What a signed-in customer needs to take a ticket (GET /api/ticketing/my-queue): the services
 * taking tickets, whether the queue is open, and the slug of its public ticket pages.
 */
export const myQueue = z.object({
  workspace_name: z.string(),
  public_slug: z.string(),
  open_now: z.boolean(),
  services: boardState.shape.services,
});
export type MyQueue = z.infer<typeof myQueue>;

// ---------------------------------------------------------------- the dashboard

export const ticketingDashboard = z.object({
  day: z.string(),
  time_zone: z.string(),
  empty: z.boolean(),
  has_sample: z.boolean(),
  today_by_service: z.array(
    z.object({
      service_id: z.string(),
      service_name: z.string(),
      waiting: z.number().int(),
      called: z.number().int(),
      serving: z.number().int(),
      done: z.number().int(),
      no_show: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Over the last 30 days, in minutes (null without data). */
  wait_avg_minutes: z.number().nullable(),
  wait_p90_minutes: z.number().nullable(),
  service_avg_minutes: z.number().nullable(),
  service_p90_minutes: z.number().nullable(),
  per_hour: z.array(z.object({ hour: z.number().int(), tickets: z.number().int() })),
  counters: z.array(z.object({ counter_id: z.string(), counter_name: z.string(), served: z.number().int() })),
  no_show_rate: z.number().nullable(),
  tickets_30d: z.number().int(),
});
export type TicketingDashboard = z.infer<typeof ticketingDashboard>;
