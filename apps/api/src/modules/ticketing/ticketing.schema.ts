import {
  TICKET_SOURCES,
  TICKET_STATUSES,
  TICKETING_DEFAULT_NO_SHOW_AFTER,
  TICKETING_DEFAULT_TIME_ZONE,
  TICKETING_RECORD_STATUSES,
} from '@workhub/shared/schemas/ticketing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from '../../db/schema/columns.ts';
import { users } from '../../db/schema/users.ts';
import { sameWorkspaceFk, workspaceFk } from '../operations/operations.schema.ts';

// The Queue Ticketing module's tables (issue 15; docs/api.md 'Queue Ticketing'). Every one is a
// workspace's: account_id and workspace_id, a cascade from its workspace, and references within
// the workspace as (account_id, workspace_id, id). `sample` marks the rows "Load sample data"
// wrote, which "Clear sample data" removes and nothing else does.

/** One row per workspace, made on first change; without it the defaults apply. */
export const ticketingSettings = pgTable(
  'ticketing_settings',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    /** The IANA zone of the workspace's day: ticket numbers restart at its midnight. */
    timeZone: text('time_zone').notNull().default(TICKETING_DEFAULT_TIME_ZONE),
    noShowAfterRecalls: integer('no_show_after_recalls').notNull().default(TICKETING_DEFAULT_NO_SHOW_AFTER),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ticketing_settings_pkey', columns: [t.accountId, t.workspaceId] }),
    workspaceFk('ticketing_settings_workspace_fk', t.accountId, t.workspaceId),
    check('ticketing_settings_no_show_check', sql`${t.noShowAfterRecalls} between 0 and 20`),
  ],
);

/** The queue's opening hours: one interval per ISO weekday (1 = Monday); no row at all: always open. */
export const ticketingOpeningHours = pgTable(
  'ticketing_opening_hours',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    weekday: smallint('weekday').notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'ticketing_opening_hours_pkey', columns: [t.accountId, t.workspaceId, t.weekday] }),
    workspaceFk('ticketing_opening_hours_workspace_fk', t.accountId, t.workspaceId),
    check('ticketing_opening_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('ticketing_opening_hours_order_check', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

export const ticketingServices = pgTable(
  'ticketing_services',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    name: text('name').notNull(),
    /** The letter of its ticket numbers; one service per letter in a workspace. */
    prefix: text('prefix').notNull(),
    avgServiceMinutes: integer('avg_service_minutes').notNull(),
    status: text('status', { enum: TICKETING_RECORD_STATUSES }).notNull().default('active'),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ticketing_services_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('ticketing_services_workspace_fk', t.accountId, t.workspaceId),
    unique('ticketing_services_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    uniqueIndex('ticketing_services_workspace_name_key').on(
      t.accountId,
      t.workspaceId,
      sql`lower(${t.name})`,
    ),
    uniqueIndex('ticketing_services_workspace_prefix_key').on(t.accountId, t.workspaceId, t.prefix),
    check('ticketing_services_status_check', sql`${t.status} in (${inList(TICKETING_RECORD_STATUSES)})`),
    check('ticketing_services_prefix_check', sql`${t.prefix} ~ '^[A-Z]$'`),
    check('ticketing_services_minutes_check', sql`${t.avgServiceMinutes} between 1 and 480`),
  ],
);

export const ticketingCounters = pgTable(
  'ticketing_counters',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    name: text('name').notNull(),
    /** The member who works it, if one is assigned. */
    operatorUserId: uuid('operator_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: TICKETING_RECORD_STATUSES }).notNull().default('active'),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ticketing_counters_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('ticketing_counters_workspace_fk', t.accountId, t.workspaceId),
    unique('ticketing_counters_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    uniqueIndex('ticketing_counters_workspace_name_key').on(
      t.accountId,
      t.workspaceId,
      sql`lower(${t.name})`,
    ),
    check('ticketing_counters_status_check', sql`${t.status} in (${inList(TICKETING_RECORD_STATUSES)})`),
  ],
);

/** The services a counter serves (calls the tickets of). */
export const ticketingCounterServices = pgTable(
  'ticketing_counter_services',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    counterId: uuid('counter_id').notNull(),
    serviceId: uuid('service_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'ticketing_counter_services_pkey', columns: [t.accountId, t.counterId, t.serviceId] }),
    workspaceFk('ticketing_counter_services_workspace_fk', t.accountId, t.workspaceId),
    foreignKey({
      name: 'ticketing_counter_services_counter_fk',
      columns: [t.accountId, t.workspaceId, t.counterId],
      foreignColumns: [ticketingCounters.accountId, ticketingCounters.workspaceId, ticketingCounters.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'ticketing_counter_services_service_fk',
      columns: [t.accountId, t.workspaceId, t.serviceId],
      foreignColumns: [ticketingServices.accountId, ticketingServices.workspaceId, ticketingServices.id],
    }).onDelete('cascade'),
    index('ticketing_counter_services_service_idx').on(t.accountId, t.serviceId),
  ],
);

/**
 * The last number issued per service per workspace-local day: taking a ticket increments it with
 * an upsert (a row lock), so two tickets taken at once get two numbers.
 */
export const ticketingDayNumbers = pgTable(
  'ticketing_day_numbers',
  {
    accountId: uuid('account_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'ticketing_day_numbers_pkey',
      columns: [t.accountId, t.workspaceId, t.serviceId, t.serviceDay],
    }),
    workspaceFk('ticketing_day_numbers_workspace_fk', t.accountId, t.workspaceId),
    foreignKey({
      name: 'ticketing_day_numbers_service_fk',
      columns: [t.accountId, t.workspaceId, t.serviceId],
      foreignColumns: [ticketingServices.accountId, ticketingServices.workspaceId, ticketingServices.id],
    }).onDelete('cascade'),
  ],
);

export const ticketingTickets = pgTable(
  'ticketing_tickets',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    /** The id of the public ticket page (/q/{slug}/t/{public_id}): random, never the record's id. */
    publicId: uuid('public_id').notNull().default(sql`gen_random_uuid()`),
    serviceId: uuid('service_id').notNull(),
    /**
     * The workspace-local day it was issued on (a transfer's day for a transferred ticket: the day
     * whose number it took); its number is unique per service and day.
     */
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    priority: boolean('priority').notNull().default(false),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('waiting'),
    source: text('source', { enum: TICKET_SOURCES }).notNull(),
    counterId: uuid('counter_id'),
    recallCount: integer('recall_count').notNull().default(0),
    /**
     * The number it was issued with (e.g. L-003), once a transfer gave it another: what the
     * customer's paper ticket shows, so that its page can say which number it became. A second
     * transfer keeps the first one's. As printed, not rebuilt: a service's prefix may change later.
     */
    transferredFrom: text('transferred_from'),
    /** When it joined the queue; a transfer keeps it, so the ticket keeps its place in time. */
    queuedAt: timestamptz('queued_at').notNull(),
    calledAt: timestamptz('called_at'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** Bumped by every change: the public board's version is today's count and sum of these. */
    revision: integer('revision').notNull().default(0),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ticketing_tickets_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('ticketing_tickets_workspace_fk', t.accountId, t.workspaceId),
    sameWorkspaceFk('ticketing_tickets_service_fk', t, t.serviceId, ticketingServices),
    sameWorkspaceFk('ticketing_tickets_counter_fk', t, t.counterId, ticketingCounters),
    uniqueIndex('ticketing_tickets_public_id_key').on(t.publicId),
    uniqueIndex('ticketing_tickets_number_key').on(
      t.accountId,
      t.workspaceId,
      t.serviceId,
      t.serviceDay,
      t.number,
    ),
    // The queue: the waiting tickets of a day, priority first, then the oldest.
    index('ticketing_tickets_queue_idx')
      .on(t.accountId, t.workspaceId, t.serviceDay, t.serviceId, t.priority, t.queuedAt)
      .where(sql`${t.status} = 'waiting'`),
    // A counter's tickets by status (the board's in hand), and since when (the dashboard's served
    // per counter: without queued_at it read every ticket a counter ever finished).
    index('ticketing_tickets_counter_idx').on(t.accountId, t.counterId, t.status, t.queuedAt),
    index('ticketing_tickets_workspace_day_idx').on(t.accountId, t.workspaceId, t.serviceDay),
    index('ticketing_tickets_workspace_queued_idx').on(t.accountId, t.workspaceId, t.queuedAt, t.id),
    // A customer's own tickets, newest first (GET /api/ticketing/my-tickets): without it the page
    // walked the workspace's every ticket, newest first, for the few the customer took.
    index('ticketing_tickets_issuer_idx').on(t.accountId, t.workspaceId, t.issuedBy, t.queuedAt, t.id),
    check('ticketing_tickets_status_check', sql`${t.status} in (${inList(TICKET_STATUSES)})`),
    check('ticketing_tickets_source_check', sql`${t.source} in (${inList(TICKET_SOURCES)})`),
    check('ticketing_tickets_number_check', sql`${t.number} >= 1`),
    check('ticketing_tickets_recall_check', sql`${t.recallCount} >= 0`),
  ],
);
