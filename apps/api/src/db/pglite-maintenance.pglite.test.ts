import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ROLE, type Db, type DbHandle, pgliteHandle } from './client.ts';
import {
  AUTOVACUUM,
  MaintenanceError,
  type MaintenanceStep,
  maintainPglite,
  maintenanceDue,
  startPgliteMaintenance,
  type TableFigures,
} from './pglite-maintenance.ts';
import { rowsOf } from './rows.ts';

// PGlite runs no autovacuum; the app does its work (db/pglite-maintenance.ts, decision 037).

const figures = (over: Partial<TableFigures>): TableFigures => ({
  table: 't',
  reltuples: 10_000,
  relpages: 100,
  pages: 100,
  deadTuples: 0,
  insertsSinceVacuum: 0,
  modificationsSinceAnalyze: 0,
  xidAge: 1_000,
  ...over,
});

describe("what is due: PostgreSQL's autovacuum rules with its defaults", () => {
  it('nothing for a table that has not changed', () => {
    expect(maintenanceDue(figures({}))).toBeNull();
  });

  it('VACUUM past 50 + 20% of the rows dead, not at it', () => {
    expect(maintenanceDue(figures({ deadTuples: 2_050 }))).toBeNull();
    expect(maintenanceDue(figures({ deadTuples: 2_051 }))).toBe('vacuum');
  });

  it('VACUUM past 1,000 + 20% of the rows inserted since the last (the visibility map, freezing)', () => {
    expect(maintenanceDue(figures({ insertsSinceVacuum: 3_000 }))).toBeNull();
    expect(maintenanceDue(figures({ insertsSinceVacuum: 3_001 }))).toBe('vacuum');
  });

  it('ANALYZE past 50 + 10% of the rows changed', () => {
    expect(maintenanceDue(figures({ modificationsSinceAnalyze: 1_050 }))).toBeNull();
    expect(maintenanceDue(figures({ modificationsSinceAnalyze: 1_051 }))).toBe('analyze');
  });

  it('both at once when both are due', () => {
    expect(maintenanceDue(figures({ deadTuples: 5_000, modificationsSinceAnalyze: 5_000 }))).toBe(
      'vacuum (analyze)',
    );
  });

  it('VACUUM a table whose oldest unfrozen transaction is older than 150 million, however quiet', () => {
    expect(maintenanceDue(figures({ xidAge: AUTOVACUUM.freezeAge }))).toBeNull();
    expect(maintenanceDue(figures({ xidAge: AUTOVACUUM.freezeAge + 1 }))).toBe('vacuum');
  });

  it('an empty table is left alone; one never analyzed is analyzed once it has pages', () => {
    expect(maintenanceDue(figures({ reltuples: -1, relpages: 0, pages: 0 }))).toBeNull();
    expect(maintenanceDue(figures({ reltuples: -1, relpages: 0, pages: 1 }))).toBe('analyze');
  });

  it('ANALYZE a table grown by more than a fifth of its pages, counters or not (PGlite loses them on a restart)', () => {
    expect(maintenanceDue(figures({ pages: 121 }))).toBeNull();
    expect(maintenanceDue(figures({ pages: 122 }))).toBe('analyze');
    expect(maintenanceDue(figures({ reltuples: 0, relpages: 0, pages: 2 }))).toBe('analyze');
  });
});

describe("the app's PGlite, maintained", () => {
  let client: PGlite;
  let handle: DbHandle;
  let app: Db;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create role ${APP_ROLE} nologin noinherit; -- as migration 0010 makes it
      create table owners (id int primary key, name text not null);
      create table items (id int primary key, owner_id int not null references owners (id), marker int not null);
      create index on items (owner_id);
      grant select, insert, update, delete on owners, items to ${APP_ROLE};
      insert into owners select g, 'owner ' || g from generate_series(1, 10) g;
      insert into items select g, g, 0 from generate_series(1, 10) g;`);
    handle = pgliteHandle(client);
    app = await handle.appDb();
  });
  afterAll(async () => handle.close());

  const ownerCount = async (table: string) =>
    (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
  const stats = async (table: string) =>
    (
      await client.query<{ reltuples: number; dead: number; vacuumed: boolean; analyzed: boolean }>(
        `select c.reltuples::float8 as reltuples, s.n_dead_tup::int as dead,
                s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed
           from pg_class c join pg_stat_all_tables s on s.relid = c.oid where c.oid = $1::regclass`,
        [table],
      )
    ).rows[0];

  /** The app's join, as it runs it (prepared by its view of PGlite once it recurs). */
  const byOwner = (owner: number) =>
    app.execute(
      sql`select i.id from items i join owners o on o.id = i.owner_id where o.name = ${`owner ${owner}`} and i.marker >= 0`,
    );
  /** The plan the session keeps for that statement now. */
  const keptPlan = async () => {
    const named = await client.query<{ name: string }>(
      `select name from pg_prepared_statements where statement like '%i.marker >= 0%'`,
    );
    const name = named.rows[0]?.name;
    expect(name).toBeDefined();
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain execute ${name}('owner 7')`);
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  it('a plan kept from a small table is planned again from statistics once the table has grown', async () => {
    for (let i = 0; i < 8; i++) expect(rowsOf(await byOwner(3))).toHaveLength(1);
    const small = await keptPlan();
    expect(small).toContain('Seq Scan on items');
    // 50,000 rows by the owner's hand: PGlite's planner keeps the plan it made for 10.
    await handle.db.execute(
      sql`insert into owners select g, 'owner ' || g from generate_series(11, 50000) g`,
    );
    await handle.db.execute(sql`insert into items select g, g, 0 from generate_series(11, 50000) g`);
    expect(await keptPlan()).toBe(small);

    const steps = await maintainPglite(client);
    const tables = steps.map((step) => step.table);
    expect(tables).toEqual(expect.arrayContaining(['owners', 'items']));
    expect(steps.find((step) => step.table === 'items')?.action).toBe('vacuum (analyze)');
    expect((await stats('items'))?.reltuples).toBe(50_000);

    const grown = await keptPlan();
    expect(grown).not.toContain('Seq Scan on items');
    expect(grown).toContain('Index Scan using items_owner_id_idx');
    expect(rowsOf(await byOwner(49_999))).toEqual([{ id: 49_999 }]);
  });

  it('a pass right after finds nothing to do', async () => {
    expect(await maintainPglite(client)).toEqual([]);
  });

  it('VACUUMs a table whose updates left dead rows past the threshold; its rows are intact', async () => {
    await handle.db.execute(sql`update items set marker = 1 where id % 2 = 0`);
    const steps = await maintainPglite(client);
    expect(steps.find((step) => step.table === 'items')?.action).toBe('vacuum (analyze)');
    expect((await stats('items'))?.dead).toBe(0);
    expect(await ownerCount('items')).toBe(50_000);
    expect((await client.query(`select 1 from items where marker = 1`)).rows).toHaveLength(25_000);
  });

  it('still ANALYZEs a grown table after the counters are lost (PGlite starts them at 0 on a restart)', async () => {
    await handle.db.execute(sql`insert into items select g, 1, 0 from generate_series(50001, 110000) g`);
    // The inserts counted first (flushed by the statement after the call), then every counter reset.
    await client.query('select pg_stat_force_next_flush()');
    await client.query('select 1');
    await handle.db.execute(sql`select pg_stat_reset()`);
    expect((await stats('items'))?.reltuples).toBe(50_000);
    const steps = await maintainPglite(client);
    expect(steps.find((step) => step.table === 'items')?.action).toBe('analyze');
    expect((await stats('items'))?.reltuples).toBe(110_000);
  });

  it("leaves out a schema the role may not use (the migrator's journal), without an error", async () => {
    await handle.db.execute(sql`create schema journal`);
    await handle.db.execute(sql`create table journal.entries (id int)`);
    await handle.db.execute(sql`insert into journal.entries select generate_series(1, 5000)`);
    const failed = vi.fn();
    const steps = await maintainPglite(client, () => false, failed);
    expect(steps.map((step) => step.table)).not.toContain('journal.entries');
    expect(failed).not.toHaveBeenCalled();
  });

  it('a table that fails is reported by name and the pass goes on with the others', async () => {
    await handle.db.execute(
      sql`insert into owners select g, 'owner ' || g from generate_series(50001, 110000) g`,
    );
    await handle.db.execute(sql`delete from items where id > 50000`);
    const failing = new Proxy(client, {
      get(target, property) {
        if (property === 'exec')
          return (text: string) =>
            text.endsWith(' items') ? Promise.reject(new Error('disk full')) : target.exec(text);
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const failed = vi.fn<(error: MaintenanceError) => void>();
    const steps = await maintainPglite(failing, () => false, failed);
    expect(failed).toHaveBeenCalledTimes(1);
    const [error] = failed.mock.calls[0] ?? [];
    expect(error).toBeInstanceOf(MaintenanceError);
    expect(error?.message).toBe('vacuum (analyze) items failed: disk full');
    expect(steps.map((step) => step.table)).toContain('owners');
    expect(steps.map((step) => step.table)).not.toContain('items');
  });

  it('a table skipped for want of the privilege is reported, not counted as done', async () => {
    const bare = await PGlite.create();
    try {
      await bare.exec(`create role plain nologin noinherit;
        create table rows (id int); grant select on rows to plain;
        insert into rows select generate_series(1, 5000); set role plain`);
      const failed = vi.fn<(error: MaintenanceError) => void>();
      const steps = await maintainPglite(bare, () => false, failed);
      expect(steps.map((step) => step.table)).not.toContain('rows');
      expect(failed.mock.calls.map(([error]) => error.message)).toContain(
        'vacuum (analyze) rows failed: permission denied to vacuum "rows", skipping it',
      );
    } finally {
      await bare.close();
    }
  });

  it('runs as the app role, which may maintain the tables but still not own or bypass them', async () => {
    expect((await client.query<{ u: string }>('select current_user as u')).rows[0]?.u).toBe(APP_ROLE);
    await expect(client.exec('drop table items')).rejects.toThrow(/must be owner/);
    await expect(client.exec('alter table items disable row level security')).rejects.toThrow(
      /must be owner/,
    );
    await expect(client.exec(`create table mine (id int)`)).rejects.toThrow(/permission denied/);
  });

  it('the loop reports the passes that did something, one at a time, and stops', async () => {
    const ran = vi.fn<(steps: MaintenanceStep[]) => void>();
    const failed = vi.fn();
    const loop = startPgliteMaintenance(client, { ran, failed }, 20);
    await vi.waitFor(() => expect(ran).toHaveBeenCalled(), { timeout: 5_000 });
    await loop.stop();
    const calls = ran.mock.calls.length;
    expect(ran.mock.calls[0]?.[0].map((step) => step.table)).toContain('items');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran.mock.calls.length).toBe(calls);
    expect(failed).not.toHaveBeenCalled();
  });

  it('the loop reports a pass that failed and goes on with the next', async () => {
    const broken = {
      closed: false,
      query: () => Promise.reject(new Error('no database')),
    } as unknown as PGlite;
    const ran = vi.fn();
    const failed = vi.fn();
    const loop = startPgliteMaintenance(broken, { ran, failed }, 20);
    await vi.waitFor(() => expect(failed.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    await loop.stop();
    expect(failed.mock.calls[0]?.[0]).toEqual(new Error('no database'));
    expect(ran).not.toHaveBeenCalled();
  });
});
