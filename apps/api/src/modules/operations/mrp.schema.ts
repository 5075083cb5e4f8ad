import { MRP_PROPOSAL_KINDS, MRP_PROPOSAL_STATUSES } from '@workhub/shared/schemas/operations';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestamptz } from '../../db/schema/columns.ts';
import { users } from '../../db/schema/users.ts';
import { products, sameWorkspaceFk, workspaceFk } from './operations.schema.ts';

// The MRP run's tables (operations.schema.ts says how the module's tables are keyed).

/** One MRP run, kept so that runs can be compared; its proposals are rows of mrp_proposals. */
export const mrpRuns = pgTable(
  'mrp_runs',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    /** The day the run planned from (the server's UTC day), and the last day it planned. */
    today: date('today', { mode: 'string' }).notNull(),
    horizonDays: integer('horizon_days').notNull(),
    horizonEnd: date('horizon_end', { mode: 'string' }).notNull(),
    /** The engine's summary (PlanResult['summary']). */
    summary: jsonb('summary').$type<Record<string, number>>().notNull(),
    /** The engine's exceptions (MrpException[]), with proposal ids mapped to mrp_proposals ids. */
    exceptions: jsonb('exceptions').$type<unknown[]>().notNull().default([]),
    /** How long loading, planning and saving took (the bench reads it). */
    durationMs: integer('duration_ms').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mrp_runs_pkey', columns: [t.accountId, t.id] }),
    workspaceFk('mrp_runs_workspace_fk', t.accountId, t.workspaceId),
    unique('mrp_runs_workspace_id_key').on(t.accountId, t.workspaceId, t.id),
    // The runs, newest first.
    index('mrp_runs_workspace_created_idx').on(t.accountId, t.workspaceId, t.createdAt, t.id),
    check('mrp_runs_horizon_check', sql`${t.horizonDays} between 1 and 365`),
  ],
);

export const mrpProposals = pgTable(
  'mrp_proposals',
  {
    accountId: uuid('account_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    runId: uuid('run_id').notNull(),
    /** The engine's planning order (low-level code, product, need date), from 1. */
    seq: integer('seq').notNull(),
    productId: uuid('product_id').notNull(),
    kind: text('kind', { enum: MRP_PROPOSAL_KINDS }).notNull(),
    /** Exact, as the engine computed it (a BOM quantity times a quantity may have 8 decimals):
     * unconstrained numeric. Confirming rounds it up to the order's 4 decimals. */
    quantity: numeric('quantity').notNull(),
    needDate: date('need_date', { mode: 'string' }).notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    pastDue: boolean('past_due').notNull(),
    /** The demands it covers (the engine's Pegging[], proposal ids mapped to mrp_proposals ids). */
    pegging: jsonb('pegging').$type<unknown[]>().notNull().default([]),
    status: text('status', { enum: MRP_PROPOSAL_STATUSES }).notNull().default('open'),
    /** What it became is the purchase order line or work order whose mrp_proposal_id is this id. */
    confirmedAt: timestamptz('confirmed_at'),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'mrp_proposals_pkey', columns: [t.accountId, t.id] }),
    // No foreign key of its own onto the workspace (migration 0017): the run's holds it, since a
    // proposal's (account_id, workspace_id, run_id) must be its run's, and the run's workspace
    // cascades to the run, the run to its proposals. Each key is checked row by row: a bench-scale
    // run saves 34,000 proposals, and the third check cost ~0.35 s of it on PGlite.
    sameWorkspaceFk('mrp_proposals_run_fk', t, t.runId, mrpRuns).onDelete('cascade'),
    sameWorkspaceFk('mrp_proposals_product_fk', t, t.productId, products),
    // A run's proposals in planning order (the run page); also the run's foreign key.
    unique('mrp_proposals_run_seq_key').on(t.accountId, t.runId, t.seq),
    // Filtered by product, or by kind and past due, in planning order.
    index('mrp_proposals_run_product_idx').on(t.accountId, t.runId, t.productId, t.seq),
    index('mrp_proposals_run_kind_idx').on(t.accountId, t.runId, t.kind, t.pastDue, t.seq),
    // The runs list's count of each run's confirmed proposals (migration 0025): without it the count
    // read all of a run's proposals (34,080 in the bench's) for the few confirmed, and with
    // statistics PGlite's planner chose a scan of every run's.
    index('mrp_proposals_confirmed_idx').on(t.accountId, t.runId).where(sql`${t.status} = 'confirmed'`),
    check('mrp_proposals_kind_check', sql`${t.kind} in (${inList(MRP_PROPOSAL_KINDS)})`),
    check('mrp_proposals_status_check', sql`${t.status} in (${inList(MRP_PROPOSAL_STATUSES)})`),
    check('mrp_proposals_quantity_check', sql`${t.quantity} > 0`),
    check('mrp_proposals_confirmed_check', sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null)`),
  ],
);

export type MrpRunRow = typeof mrpRuns.$inferSelect;
export type MrpProposalRow = typeof mrpProposals.$inferSelect;
