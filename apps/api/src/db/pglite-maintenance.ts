import type { PGlite } from '@electric-sql/pglite';
import { nextTurn } from './pglite-batch.ts';

/*
 * PGlite's own autovacuum (docs/decisions.md 037). PostgreSQL's autovacuum launcher is a process
 * of its own; PGlite is one backend in the app's process and runs none. Without it, nothing ever
 * ANALYZEs or VACUUMs the embedded database:
 * - no statistics: the planner guesses every selectivity, and a prepared statement's generic plan,
 *   made while the tables were small, is kept for good (ANALYZE's new pg_class figures are what
 *   make PostgreSQL plan it again). A one-row read of a BOM took 13.3 s on such a plan, 3.8 ms
 *   planned afresh (docs/performance.md, the BOM section);
 * - no VACUUM: dead rows left by updates and deletes are never reclaimed (tables and indexes grow),
 *   the visibility map is never set (index-only scans visit the table), and rows are never frozen:
 *   a database that assigns 2^31 transaction ids without a VACUUM sees its old rows vanish.
 * So the app does, on PGlite, what autovacuum does with its default settings: every minute it reads
 * each table's counters and size and VACUUMs or ANALYZEs the tables past PostgreSQL's thresholds,
 * one table at a time, letting the event loop turn between them (PGlite is one connection: a
 * table's VACUUM holds every request meanwhile; 46 ms for a 100,000-row table on the machines here).
 */

/** PostgreSQL's autovacuum defaults (postgresql.conf: autovacuum_*, vacuum_freeze_table_age). */
export const AUTOVACUUM = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  /** Past this age a VACUUM scans the whole table and freezes it (vacuum_freeze_table_age). */
  freezeAge: 150_000_000,
} as const;

/**
 * PGlite keeps no cumulative statistics across a restart (its counters start at 0 again), so a
 * table is also taken when it has grown by more than this share of its pages since its last
 * VACUUM or ANALYZE (or has pages and was never analyzed): rows written before a restart are not
 * left out of the statistics for good.
 */
export const GROWTH_SCALE_FACTOR = 0.2;

/** What the maintenance pass reads of a table. */
export type TableFigures = {
  /** As `regclass` prints it: quoted where needed, qualified where not on the search path. */
  table: string;
  /** pg_class.reltuples: -1 before its first VACUUM or ANALYZE. */
  reltuples: number;
  /** pg_class.relpages: the pages at its last VACUUM or ANALYZE. */
  relpages: number;
  /** Its pages now. */
  pages: number;
  deadTuples: number;
  insertsSinceVacuum: number;
  modificationsSinceAnalyze: number;
  /** The age of its oldest unfrozen transaction id (its TOAST table's, when older). */
  xidAge: number;
};

export type MaintenanceAction = 'vacuum' | 'analyze' | 'vacuum (analyze)';

/** What PostgreSQL's autovacuum would do to this table now, or null (autovacuum.c's rules). */
export function maintenanceDue(figures: TableFigures): MaintenanceAction | null {
  const tuples = Math.max(figures.reltuples, 0);
  const grown =
    figures.pages > 0 &&
    (figures.reltuples < 0 || figures.pages > figures.relpages * (1 + GROWTH_SCALE_FACTOR) + 1);
  const vacuum =
    figures.xidAge > AUTOVACUUM.freezeAge ||
    figures.deadTuples > AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScaleFactor * tuples ||
    figures.insertsSinceVacuum > AUTOVACUUM.insertThreshold + AUTOVACUUM.insertScaleFactor * tuples;
  const analyze =
    grown ||
    figures.modificationsSinceAnalyze > AUTOVACUUM.analyzeThreshold + AUTOVACUUM.analyzeScaleFactor * tuples;
  if (vacuum && analyze) return 'vacuum (analyze)';
  if (vacuum) return 'vacuum';
  return analyze ? 'analyze' : null;
}

/**
 * Every table of the database with its figures: the app's, the catalogs' (which updates and
 * ANALYZE itself change), not temporary ones, nor those of a schema the role may not use (the
 * migrator's journal, a few rows written once per migration). The counters pending in the backend are flushed
 * first: PGlite flushes them only when a message finds a second gone since the last flush.
 */
const FIGURES = `
  select c.oid::regclass::text as table,
         c.reltuples::float8 as reltuples,
         c.relpages,
         (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages,
         coalesce(s.n_dead_tup, 0)::float8 as "deadTuples",
         coalesce(s.n_ins_since_vacuum, 0)::float8 as "insertsSinceVacuum",
         coalesce(s.n_mod_since_analyze, 0)::float8 as "modificationsSinceAnalyze",
         greatest(age(c.relfrozenxid), coalesce(age(t.relfrozenxid), 0))::float8 as "xidAge"
    from pg_class c
    left join pg_class t on t.oid = c.reltoastrelid
    left join pg_stat_all_tables s on s.relid = c.oid
   where c.relkind in ('r', 'm') and c.relpersistence <> 't'
     and has_schema_privilege(c.relnamespace, 'usage')
   order by c.oid`;

/** One table's maintenance as it ran. */
export type MaintenanceStep = { table: string; action: MaintenanceAction; ms: number };

/** A table whose maintenance failed; the pass went on with the next. */
export class MaintenanceError extends Error {
  constructor(
    readonly table: string,
    readonly action: MaintenanceAction,
    cause: unknown,
  ) {
    super(`${action} ${table} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MaintenanceError';
  }
}

/**
 * One pass: the tables due, each VACUUMed or ANALYZEd by a statement of its own (VACUUM cannot run
 * in a transaction) as the session's role, which holds pg_maintain on PGlite (client.ts), with a
 * turn of the event loop before each. `stopped` is asked before each table. A table that fails is
 * handed to `failed` and the pass goes on.
 */
export async function maintainPglite(
  client: PGlite,
  stopped: () => boolean = () => false,
  failed: (error: MaintenanceError) => void = () => {},
): Promise<MaintenanceStep[]> {
  await client.query('select pg_stat_force_next_flush()');
  // Its columns are named as TableFigures' fields.
  const { rows } = await client.query<TableFigures>(FIGURES);
  const steps: MaintenanceStep[] = [];
  for (const row of rows) {
    const action = maintenanceDue(row);
    if (!action) continue;
    await nextTurn();
    if (stopped() || client.closed) break;
    const started = performance.now();
    // A table the role may not maintain is skipped with a WARNING, not an error.
    const warnings: string[] = [];
    try {
      await client.exec(`${action} ${row.table}`, {
        onNotice: (notice) => {
          if (notice.severity === 'WARNING') warnings.push(notice.message ?? 'a warning');
        },
      });
      if (warnings.length > 0) throw new Error(warnings.join('; '));
    } catch (error) {
      if (client.closed) break;
      failed(new MaintenanceError(row.table, action, error));
      continue;
    }
    steps.push({ table: row.table, action, ms: Math.round(performance.now() - started) });
  }
  return steps;
}

/** Every minute, as autovacuum_naptime. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

export type MaintenanceReport = {
  /** A pass that did something: its steps, in order. */
  ran(steps: MaintenanceStep[]): void;
  /** A pass that failed, or a table in it (a MaintenanceError); the next pass runs as planned. */
  failed(error: unknown): void;
};

export type MaintenanceLoop = { stop(): Promise<void> };

/**
 * Runs `maintainPglite` every `intervalMs` (the first pass one interval after the start), one pass
 * at a time; `stop` waits for a pass under way to finish its table. The timer keeps no process alive.
 */
export function startPgliteMaintenance(
  client: PGlite,
  report: MaintenanceReport,
  intervalMs: number = MAINTENANCE_INTERVAL_MS,
): MaintenanceLoop {
  let stopped = false;
  let running: Promise<void> | undefined;
  const pass = async () => {
    try {
      const steps = await maintainPglite(client, () => stopped, report.failed);
      if (steps.length > 0) report.ran(steps);
    } catch (error) {
      if (!stopped && !client.closed) report.failed(error);
    }
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = pass().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
