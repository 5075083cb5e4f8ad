import { PGlite, type Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';
import { createProject } from '../test/work.ts';
import type { Db } from './client.ts';
import { MAX_LITERALS, type PreparedTexts, preparedTexts, preparingQuery } from './pglite-prepared.ts';
import { rowsOf } from './rows.ts';
import { withTenant } from './tenant-context.ts';

// PGlite only: its `query` plans every run; the app's view prepares what recurs (db/pglite-prepared.ts).

let client: PGlite;
let texts: PreparedTexts;
let query: ReturnType<typeof preparingQuery>;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table t (id int primary key, name text, done boolean, price numeric);
    insert into t values (1, 'one', false, 1.5), (2, 'two', true, 2.25)`);
});
afterAll(async () => client.close());
beforeEach(async () => {
  await client.exec('deallocate all');
  texts = preparedTexts();
  query = preparingQuery(client, texts);
});

const preparedNow = async () =>
  (
    await client.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements order by name',
    )
  ).rows;

/** The error a promise fails with (its SQLSTATE and message), or undefined. */
const failure = async (run: Promise<unknown>) =>
  run.then(
    () => undefined,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );

const comparable = (result: Results<unknown>) => ({
  rows: result.rows,
  fields: result.fields.map((f) => f.name),
  affectedRows: result.affectedRows ?? 0,
});

describe("the app's PGlite prepares the statements it runs again", () => {
  const text = 'select id, name, done, price from t where id = $1 or name = $2 order by id';

  it('runs a text once as it is, prepares it the second time, executes it after: the same answers', async () => {
    const direct = comparable(await client.query(text, [1, 'two']));
    expect(comparable(await query(text, [1, 'two']))).toEqual(direct);
    expect(await preparedNow()).toEqual([]);
    expect(comparable(await query(text, [1, 'two']))).toEqual(direct);
    const [prepared] = await preparedNow();
    expect(prepared?.name).toBe('app_1');
    expect(prepared?.statement.startsWith(`prepare app_1 as ${text};`)).toBe(true);
    expect(comparable(await query(text, [2, 'none']))).toEqual(
      comparable(await client.query(text, [2, 'none'])),
    );
    // Rows as arrays, as drizzle asks for them.
    expect((await query(text, [1, 'x'], { rowMode: 'array' })).rows).toEqual([[1, 'one', false, '1.5']]);
    expect(await preparedNow()).toHaveLength(1);
  });

  it('reads every value as its parameter would: quotes, backslashes, unicode, numbers, booleans, null', async () => {
    const echo =
      'select $1::text as a, $2::int as b, $3::numeric as c, $4::boolean as d, $5::text as e, $6::bigint as f';
    const cases: unknown[][] = [
      ["it's", 7, 0.1, true, null, 9007199254740993n],
      ["back\\slash \\' ''", -3, -2.5e-7, false, 'é 🙂 ∑', 0],
      ["'); drop table t; --", 0, 1e21, true, '\\x00', -1],
    ];
    for (let round = 0; round < 3; round += 1)
      for (const values of cases)
        expect((await query(echo, values)).rows).toEqual((await client.query(echo, values)).rows);
    expect(await preparedNow()).toHaveLength(1);
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('writes as an insert would: RETURNING and the rows affected', async () => {
    const insert = 'insert into t (id, name) values ($1, $2) returning id, name';
    await client.exec('begin');
    try {
      for (const id of [10, 11, 12]) {
        const result = await query(insert, [id, `n${id}`]);
        expect(result.rows).toEqual([{ id, name: `n${id}` }]);
        expect(result.affectedRows).toBe(1);
      }
      expect(await preparedNow()).toHaveLength(1);
    } finally {
      await client.exec('rollback');
    }
  });

  it('sends each run of a prepared text as one simple-protocol message, answered as `query` answers', async () => {
    const calls: string[] = [];
    const counted = preparingQuery(
      {
        query: (q, params, options) => {
          calls.push(`query ${q}`);
          return client.query(q, params, options);
        },
        exec: (q, options) => {
          calls.push(`exec ${q}`);
          return client.exec(q, options);
        },
      },
      texts,
    );
    // As drizzle asks: rows as arrays, and parsers of its own for some types (numeric as text here).
    const asDrizzle = { rowMode: 'array' as const, parsers: { 1700: (value: string) => `n:${value}` } };
    const update = 'update t set done = done where id >= $1';
    await client.exec('begin');
    try {
      for (let round = 0; round < 3; round += 1) {
        expect(comparable(await counted(text, [1, 'two'], asDrizzle))).toEqual(
          comparable(await client.query(text, [1, 'two'], asDrizzle)),
        );
        expect((await counted(update, [1])).affectedRows).toBe(2);
      }
    } finally {
      await client.exec('rollback');
    }
    expect((await counted(text, [2, 'x'], asDrizzle)).rows).toEqual([[2, 'two', true, 'n:2.25']]);
    expect(calls.map((call) => call.split(' ').slice(0, 2).join(' '))).toEqual([
      `query ${text.split(' ')[0]}`,
      `query ${update.split(' ')[0]}`,
      'exec prepare',
      'exec prepare',
      'exec execute',
      'exec execute',
      'exec execute',
    ]);
  });

  it('runs statements called one after the other without waiting in that order, the one being prepared too', async () => {
    // replaceTags deletes a record's links and inserts the new ones without waiting in between.
    const remove = 'delete from t where id = $1';
    const insert = 'insert into t (id, name) values ($1, $2)';
    await client.transaction(async (tx) => {
      const inTx = preparingQuery(tx, texts);
      await inTx(remove, [50]);
      const removed = inTx(remove, [50]);
      const inserted = inTx(insert, [50, 'kept']);
      await Promise.all([removed, inserted]);
      expect((await tx.query('select name from t where id = 50')).rows).toEqual([{ name: 'kept' }]);
      await tx.rollback();
    });
    expect((await preparedNow()).map((p) => p.name)).toEqual(['app_1']);
  });

  it('fails a bad value with the error its parameter gives (22P02), prepared or not', async () => {
    const direct = await failure(client.query(text, ['x', 'a']));
    expect(direct?.code).toBe('22P02');
    await query(text, [1, 'a']);
    await query(text, [1, 'a']);
    expect(await failure(query(text, ['x', 'a']))).toEqual(direct);
  });

  it('runs a value no literal can carry (a NUL, an object) as it is, with its own error or answer', async () => {
    await query(text, [1, 'a']);
    await query(text, [1, 'a']);
    const nul = await failure(query(text, [1, 'a\0b']));
    expect(nul).toEqual(await failure(client.query(text, [1, 'a\0b'])));
    expect(nul?.code).toBe('22021');
    const json = 'select $1::jsonb as j';
    for (let i = 0; i < 3; i += 1)
      expect((await query(json, [{ a: [1] }])).rows).toEqual([{ j: { a: [1] } }]);
    expect((await preparedNow()).map((p) => p.name)).toEqual(['app_1']);
  });

  it('gives a statement that cannot be prepared its own error, and prepares nothing', async () => {
    const broken = 'select nothing_here from t where id = $1';
    const direct = await failure(client.query(broken, [1]));
    expect(direct?.code).toBe('42703');
    for (let i = 0; i < 3; i += 1) expect(await failure(query(broken, [1]))).toEqual(direct);
    expect(await preparedNow()).toEqual([]);
  });

  it('never runs a second statement of a text, which a query with values refuses (42601)', async () => {
    const two = 'select id from t where id = $1; delete from t';
    const direct = await failure(client.query(two, [1]));
    expect(direct?.code).toBe('42601');
    for (let i = 0; i < 3; i += 1) expect(await failure(query(two, [1]))).toEqual(direct);
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    expect(await preparedNow()).toEqual([]);
  });

  it('runs a text whose values are long as it is: no statement holds them as literals', async () => {
    const echo = 'select length($1::text) as n';
    const long = 'x'.repeat(MAX_LITERALS);
    for (let i = 0; i < 3; i += 1) expect((await query(echo, [long])).rows).toEqual([{ n: MAX_LITERALS }]);
    expect(await preparedNow()).toEqual([]);
    for (let i = 0; i < 2; i += 1) expect((await query(echo, ['short'])).rows).toEqual([{ n: 5 }]);
    expect(await preparedNow()).toHaveLength(1);
  });

  it('keeps what was prepared in a transaction that rolled back', async () => {
    await query(text, [1, 'a']);
    await expect(
      client.transaction(async (tx) => {
        const inTx = preparingQuery(tx, texts);
        await inTx(text, [1, 'a']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await preparedNow()).toHaveLength(1);
    expect((await query(text, [2, 'b'])).rows).toEqual([{ id: 2, name: 'two', done: true, price: '2.25' }]);
  });

  it('prepares at most `max` texts; the others run as they are', async () => {
    texts = preparedTexts(2);
    query = preparingQuery(client, texts);
    for (const n of [1, 2, 3])
      for (let i = 0; i < 3; i += 1)
        expect((await query(`select $1::int + ${n} as v`, [i])).rows).toEqual([{ v: i + n }]);
    expect(await preparedNow()).toHaveLength(2);
  });

  it('never has a transaction wait on a PREPARE waiting for that transaction', async () => {
    // Outside a transaction a run waits for PGlite's lock; a transaction that waited on that run's
    // PREPARE would wait for itself.
    await query(text, [1, 'a']);
    let outside: Promise<unknown> | undefined;
    const answer = await client.transaction(async (tx) => {
      outside = query(text, [2, 'b']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return preparingQuery(tx, texts)(text, [1, 'a']);
    });
    expect(answer.rows).toEqual([{ id: 1, name: 'one', done: false, price: '1.5' }]);
    expect(((await outside) as Results<unknown>).rows).toHaveLength(1);
    // The run in the transaction went unprepared: one statement for the text, not two.
    expect(await preparedNow()).toHaveLength(1);
  });
});

describe("the app's prepared statements keep tenants apart", () => {
  const t = useTestApp();
  let app: Db;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    app = await t.db.appDb();
    [a, b] = await Promise.all([newTenant(t), newTenant(t)]);
    for (const tenant of [a, b]) await createProject(t, tenant.owner.token);
  });

  it('answers each run with its own tenant, past the runs that make a plan generic', async () => {
    const read = (tx: Db, id: string) =>
      tx.execute(
        sql`select account_id, count(*)::int as n from projects where account_id = ${id} or ${id} = ${id} group by 1`,
      );
    for (let i = 0; i < 8; i += 1)
      for (const [tenant, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const accountId = tenant.workspace.account_id;
        const seen = await withTenant(app, { accountId, workspaceId: null, userId: null }, async (tx) => ({
          own: rowsOf(await read(tx, accountId)),
          other: rowsOf(await read(tx, other.workspace.account_id)),
        }));
        expect(seen.own).toEqual([{ account_id: accountId, n: 1 }]);
        expect(seen.other).toEqual([{ account_id: accountId, n: 1 }]);
      }
    const prepared = rowsOf<{ statement: string }>(
      await t.db.db.execute(
        sql`select statement from pg_prepared_statements where statement like '%from projects where account_id%'`,
      ),
    );
    expect(prepared).toHaveLength(1);
  });
});
