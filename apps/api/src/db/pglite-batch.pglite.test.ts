import { randomUUID } from 'node:crypto';
import { PGlite, type Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgliteBatcher } from './pglite-batch.ts';
import { type PreparedTexts, preparedTexts } from './pglite-prepared.ts';
import type { Batcher, Kept } from './read-batch.ts';
import type { Tenant } from './tenant-context.ts';

// PGlite only: a read-ahead request's statements as one message (db/pglite-batch.ts).

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
});

describe('PGlite batches: one message, one implicit transaction (db/pglite-batch.ts)', () => {
  let client: PGlite;
  let texts: PreparedTexts;
  let batcher: Batcher;
  /** What the batcher's keeping database handed over, not sent yet. */
  let kept: Kept[] = [];

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`set standard_conforming_strings = on;
      create table notes (id int primary key, body text not null, at timestamptz not null);
      insert into notes values (1, 'first', '2026-11-29 10:00:00+00'), (2, 'zwei €', '2026-11-30 11:30:00+00')`);
    texts = preparedTexts();
    batcher = createPgliteBatcher(client, texts);
  });
  afterAll(async () => {
    await batcher.close();
    await client.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    kept = [];
  });

  const tenant = (): Tenant => ({ accountId: randomUUID(), workspaceId: randomUUID(), userId: randomUUID() });
  const keeping = () =>
    batcher.keeping((statement) => {
      kept.push(statement);
    });

  /** Sends what was kept as one message for `who`; `first` stands alone when said. */
  function sendKept(who: Tenant, write = false, standsAlone = false): void {
    const message = kept;
    kept = [];
    const [first] = message;
    if (first && standsAlone) first.standsAlone = true;
    batcher.send(who, [message], write);
  }

  /** Runs `reads` on the keeping database, sends them as one message and returns their settled answers. */
  async function batched<T extends unknown[]>(
    reads: (db: ReturnType<typeof keeping>) => { [K in keyof T]: Promise<T[K]> },
    { who = tenant(), write = false, standsAlone = false } = {},
  ): Promise<PromiseSettledResult<unknown>[]> {
    // drizzle's queries run each time they are awaited: once each, as a service does.
    const answers = (reads(keeping()) as PromiseLike<unknown>[]).map((query) => Promise.resolve(query));
    for (const answer of answers) answer.catch(() => {});
    // drizzle hands the statements to the client in microtasks after the call.
    await new Promise((resolve) => setImmediate(resolve));
    sendKept(who, write, standsAlone);
    return Promise.allSettled(answers);
  }
  /** A rejection's message with its cause's (drizzle wraps the database's error). */
  const reasonOf = (settled: PromiseSettledResult<unknown> | undefined): string => {
    if (settled?.status !== 'rejected') return `not rejected: ${settled?.status}`;
    const reason = settled.reason as Error & { cause?: unknown };
    return `${String(reason)} ${String(reason.cause ?? '')}`;
  };
  const answerOf = (settled: PromiseSettledResult<unknown> | undefined) => {
    if (settled?.status !== 'fulfilled') throw settled?.reason ?? new Error('no answer');
    return settled.value;
  };

  it('answers each statement as drizzle on PGlite itself would, in one call into PGlite', async () => {
    const direct = drizzle({ client });
    const select = (db: ReturnType<typeof keeping>) =>
      db.select().from(notes).where(sql`${notes.id} >= ${1}`).orderBy(notes.id);
    const raw = (db: ReturnType<typeof keeping>) =>
      db.execute(sql`select id, body, at, count(*) over () as total from notes where id = ${2}`);
    const expected = [await select(direct as never), await raw(direct as never)];
    const exec = vi.spyOn(client, 'exec');
    const query = vi.spyOn(client, 'query');
    const settled = await batched((db) => [select(db), raw(db)]);
    expect(settled.map(answerOf)).toEqual(expected);
    // Dates as drizzle keeps them (text), a bigint count, a multi-byte body: as PGlite's own query.
    expect((answerOf(settled[0]) as { at: unknown }[])[0]?.at).toBe('2026-11-29 10:00:00+00');
    expect((answerOf(settled[1]) as Results).rows).toEqual([
      { id: 2, body: 'zwei €', at: '2026-11-30 11:30:00+00', total: 1 },
    ]);
    expect(exec).toHaveBeenCalledTimes(1);
    expect(query).not.toHaveBeenCalled();
  });

  it('sets the tenant and read-only for the message alone', async () => {
    const who = tenant();
    const settings = (db: ReturnType<typeof keeping>) =>
      db.execute(sql`select current_setting('app.account_id') as account, current_setting('app.workspace_id') as workspace,
        current_setting('app.user_id') as "user", current_setting('transaction_read_only') as read_only, ${'x'}::text as x`);
    const [answer] = await batched((db) => [settings(db)], { who });
    expect((answerOf(answer) as Results).rows).toEqual([
      { account: who.accountId, workspace: who.workspaceId, user: who.userId, read_only: 'on', x: 'x' },
    ]);
    // Transaction-local: gone once the message has ended.
    const after = await client.query<{ account: string | null }>(
      `select current_setting('app.account_id', true) as account`,
    );
    expect(after.rows[0]?.account ?? '').toBe('');
  });

  it('refuses a write in a read’s message, and commits a write batch’s message', async () => {
    const insert = (db: ReturnType<typeof keeping>, id: number) =>
      db
        .insert(notes)
        .values({ id, body: `note ${id}`, at: '2026-12-01 09:00:00+00' })
        .returning();
    const [refused] = await batched((db) => [insert(db, 10)]);
    expect(refused?.status).toBe('rejected');
    expect(reasonOf(refused)).toMatch(/read-only transaction/);
    expect((await client.query('select id from notes where id = 10')).rows).toEqual([]);
    const [written] = await batched((db) => [insert(db, 11)], { write: true });
    expect(answerOf(written)).toEqual([{ id: 11, body: 'note 11', at: '2026-12-01 09:00:00+00' }]);
    expect((await client.query('select id from notes where id = 11')).rows).toEqual([{ id: 11 }]);
    // What a write reports as rows affected is its own statement's count.
    const update = (db: ReturnType<typeof keeping>) =>
      db.execute(sql`update notes set body = body || '!' where id in (${1}, ${11})`);
    const [updated] = await batched((db) => [update(db)], { write: true });
    expect((answerOf(updated) as Results).affectedRows).toBe(2);
  });

  it('answers a first statement that stands alone even when a later one fails the message', async () => {
    const exec = vi.spyOn(client, 'exec');
    const [check, failing] = await batched(
      (db) => [
        db.execute(sql`select ${'live'}::text as state`),
        db.execute(sql`select 1 / ${0}::int as boom`),
      ],
      { standsAlone: true },
    );
    expect((answerOf(check) as Results).rows).toEqual([{ state: 'live' }]);
    expect(reasonOf(failing)).toMatch(/division by zero/);
    // The message, then the check by itself.
    expect(exec).toHaveBeenCalledTimes(2);
    // Without standing alone, every statement of a failed message gets its error.
    const both = await batched((db) => [
      db.execute(sql`select ${'live'}::text as state`),
      db.execute(sql`select 1 / ${0}::int as boom`),
    ]);
    expect(both.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('prepares a text once, with the app view’s names, and only once its message has succeeded', async () => {
    const exec = vi.spyOn(client, 'exec');
    const read = (db: ReturnType<typeof keeping>, id: number) =>
      db.select().from(notes).where(sql`${notes.id} = ${id}`);
    const given = texts.given;
    await batched((db) => [read(db, 1)]);
    expect(exec.mock.calls[0]?.[0]).toMatch(/^prepare app_\d+ as select/);
    expect(texts.given).toBe(given + 1);
    await batched((db) => [read(db, 2)]);
    expect(exec.mock.calls[1]?.[0]).not.toMatch(/prepare/);
    expect(exec.mock.calls[1]?.[0]).toMatch(/^select set_config\('transaction_read_only'/);
    // A new text whose message fails: its name is not taken as prepared, and never given again.
    const failing = (db: ReturnType<typeof keeping>) => db.execute(sql`select 10 / ${0}::int as boom`);
    await batched((db) => [failing(db)]);
    const failedName = `app_${texts.given}`;
    expect([...texts.names.values()]).not.toContain(failedName);
    const [later] = await batched((db) => [db.execute(sql`select 10 / ${5}::int as fine`)]);
    expect((answerOf(later) as Results).rows).toEqual([{ fine: 2 }]);
    expect(exec.mock.calls.at(-1)?.[0]).not.toContain(`prepare ${failedName} `);
  });

  it('past the session’s cap, prepares a text for its message only', async () => {
    const capped = preparedTexts(0);
    const own = createPgliteBatcher(client, capped);
    const before = (await client.query('select count(*)::int as n from pg_prepared_statements')).rows;
    const keptHere: Kept[] = [];
    const db = own.keeping((statement) => {
      keptHere.push(statement);
    });
    const answer = Promise.resolve(db.execute(sql`select ${7}::int as seven`));
    await new Promise((resolve) => setImmediate(resolve));
    own.send(tenant(), [keptHere.splice(0)]);
    expect(((await answer) as Results).rows).toEqual([{ seven: 7 }]);
    expect((await client.query('select count(*)::int as n from pg_prepared_statements')).rows).toEqual(
      before,
    );
    expect(capped.names.size).toBe(0);
    await own.close();
  });

  it('refuses a value no message can carry (a NUL) without sending anything', async () => {
    const exec = vi.spyOn(client, 'exec');
    const [refused] = await batched((db) => [db.select().from(notes).where(sql`${notes.body} = ${'a\0b'}`)]);
    expect(reasonOf(refused)).toMatch(/0x00/);
    expect(exec).not.toHaveBeenCalled();
  });

  it('sends messages one at a time in the order given, letting the event loop turn before each', async () => {
    const messages = 20;
    const order: number[] = [];
    let answered = 0;
    const answers: Promise<unknown>[] = [];
    for (let i = 0; i < messages; i++)
      answers.push(
        keeping()
          .execute(sql`select ${i}::int as i`)
          .then(() => {
            order.push(i);
            answered += 1;
          }),
      );
    await new Promise((resolve) => setImmediate(resolve));
    const statements = kept;
    kept = [];
    expect(statements).toHaveLength(messages);
    for (const statement of statements) batcher.send(tenant(), [[statement]]);
    const beforeTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(answered)));
    await Promise.all(answers);
    // Without a turn per message, all twenty ran before the loop polled for I/O once.
    expect(beforeTheLoopTurned).toBeLessThanOrEqual(2);
    expect(order).toEqual(Array.from({ length: messages }, (_, i) => i));
  });
});
