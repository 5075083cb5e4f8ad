import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, useTestApp } from '../test/helpers.ts';
import { socketWritesOf } from '../test/statements.ts';
import { newTenant, type Tenant } from '../test/tenants.ts';
import { createProject, createTask } from '../test/work.ts';
import { type Batcher, createBatcher, keptStatement, literal, UnwritableValue } from './read-batch.ts';

// Runs in the api-postgres project only: PGlite's batches are pglite-batch.pglite.test.ts.

const url = () => {
  const info = inject('testDb');
  if (info.kind !== 'postgres') throw new Error('a PostgreSQL test');
  return info.url;
};

describe('read batches: one message, one implicit transaction (db/read-batch.ts)', () => {
  let batcher: Batcher;
  /** The batcher's one connection, as postgres.js gives it: to ask what a message left behind. */
  let connection: postgres.Sql;
  const closed: number[] = [];

  beforeAll(() => {
    batcher = createBatcher(1, (onclose) => {
      connection = postgres(url(), {
        max: 1,
        onnotice: () => {},
        onclose: () => {
          closed.push(Date.now());
          onclose();
        },
        connection: { standard_conforming_strings: 'on' },
      });
      return connection;
    });
  });
  afterAll(async () => batcher.close());

  /**
   * Sends `statements` ([text, params]) as one message for a new tenant; their answers. With
   * `standsAlone`, the first stands alone (Kept.standsAlone).
   */
  async function send(
    statements: [string, unknown[]][],
    tenant = { accountId: randomUUID(), workspaceId: null, userId: null },
    write = false,
    standsAlone = false,
  ): Promise<PromiseSettledResult<unknown>[]> {
    const kept = statements.map(([text, params]) => keptStatement(text, params));
    for (const { answer } of kept) answer.catch(() => {});
    const [first] = kept;
    if (first && standsAlone) first.kept.standsAlone = true;
    batcher.send(tenant, [kept.map(({ kept }) => kept)], write);
    return Promise.allSettled(kept.map(({ answer }) => answer));
  }
  /** Each statement's rows (as plain arrays), or its error. */
  const values = (settled: PromiseSettledResult<unknown>[]) =>
    settled.map((s) => (s.status === 'fulfilled' ? Array.from(s.value as unknown[]) : s.reason));

  it("sets the tenant for the message's statements, read-only, and neither outlives it", async () => {
    const accountId = randomUUID();
    const [inside] = values(
      await send(
        [
          [
            "select current_setting('app.account_id', true) as account, current_setting('transaction_read_only') as ro",
            [],
          ],
        ],
        { accountId, workspaceId: null, userId: null },
      ),
    );
    expect(inside).toEqual([{ account: accountId, ro: 'on' }]);
    const [after] =
      await connection`select current_setting('app.account_id', true) as account, current_setting('transaction_read_only') as ro`;
    expect(after).toEqual({ account: '', ro: 'off' });
  });

  it('refuses a write: the transaction is read-only, and nothing is written', async () => {
    await connection`create table if not exists read_batch_probe (id int)`;
    const [refused] = values(await send([['insert into read_batch_probe values ($1)', [1]]]));
    expect((refused as { code?: string }).code).toBe('25006');
    expect(await connection`select count(*)::int as n from read_batch_probe`).toEqual([{ n: 0 }]);
    await connection`drop table read_batch_probe`;
  });

  it("writes in a write's message, with its tenant, committed before it answers; the tenant ends with it", async () => {
    await connection`create table if not exists write_batch_probe (id int, account text)`;
    const accountId = randomUUID();
    const [written] = values(
      await send(
        [
          [
            "insert into write_batch_probe values ($1, current_setting('app.account_id', true)) returning id, account",
            [1],
          ],
        ],
        { accountId, workspaceId: null, userId: null },
        true,
      ),
    );
    expect(written).toEqual([{ id: 1, account: accountId }]);
    // Read on the same connection once the answer is in: committed, and no tenant left behind.
    expect(await connection`select id, account from write_batch_probe`).toEqual([
      { id: 1, account: accountId },
    ]);
    const [after] = await connection`select current_setting('app.account_id', true) as account`;
    expect(after).toEqual({ account: '' });
    await connection`drop table write_batch_probe`;
  });

  it("writes nothing of a write's message when one of its statements fails", async () => {
    await connection`create table if not exists write_batch_probe (id int)`;
    const failed = values(
      await send(
        [
          ['insert into write_batch_probe values ($1) returning id', [1]],
          ['select 1 / $1::int as boom', [0]],
        ],
        undefined,
        true,
      ),
    );
    expect(failed.map((r) => (r as { code?: string }).code)).toEqual(['22012', '22012']);
    expect(await connection`select count(*)::int as n from write_batch_probe`).toEqual([{ n: 0 }]);
    await connection`drop table write_batch_probe`;
  });

  it('sends each value as the parameter it stands for: quotes, backslashes, numbers, booleans, null', async () => {
    const text = "it's a \\ back'slash'' and $1 -- not a comment; select 'injected'";
    const [row] = values(
      await send([
        [
          'select $1::text as text, $2::int as n, $3::numeric as x, $4::boolean as yes, $5::text as nothing',
          [text, 42, 1.5, true, null],
        ],
      ]),
    ) as [{ text: string; n: number; x: string; yes: boolean; nothing: null }[]];
    expect(row).toEqual([{ text, n: 42, x: '1.5', yes: true, nothing: null }]);
  });

  it('refuses a NUL before anything is sent (it would end the message early)', async () => {
    expect(() => literal('a\0b')).toThrow(UnwritableValue);
    expect(() => literal(Number.NaN)).toThrow(UnwritableValue);
    expect(() => literal({})).toThrow(UnwritableValue);
    const [refused, other] = values(
      await send([
        ['select 1 as one', []],
        ['select $1::text as t', ['a\0b']],
      ]),
    );
    expect(refused).toBeInstanceOf(UnwritableValue);
    expect(other).toBeInstanceOf(UnwritableValue);
  });

  it('answers arrays to drizzle when it asks for values, objects otherwise', async () => {
    const objects = keptStatement('select 1 as a, 2 as b', []);
    const arrays = keptStatement('select 3 as a, 4 as b', []);
    const asArrays = arrays.answer.values();
    batcher.send({ accountId: randomUUID(), workspaceId: null, userId: null }, [[objects.kept, arrays.kept]]);
    expect(Array.from((await objects.answer) as unknown[])).toEqual([{ a: 1, b: 2 }]);
    expect(Array.from((await asArrays) as unknown[])).toEqual([[3, 4]]);
  });

  it('fails every statement of a message when one fails, and the next message is whole again', async () => {
    const first = values(
      await send([
        ['select $1::int as n', [7]],
        ['select 1 / $1::int as boom', [0]],
      ]),
    );
    expect(first.map((r) => (r as { code?: string }).code)).toEqual(['22012', '22012']);
    // The first statement's PREPARE may or may not have run: the connection starts again.
    const second = values(
      await send([
        ['select $1::int as n', [8]],
        ['select 1 / $1::int as one', [1]],
      ]),
    );
    expect(second).toEqual([[{ n: 8 }], [{ one: 1 }]]);
  });

  it('answers a first statement that stands alone when a later one fails its message', async () => {
    const sendStanding = async (statements: [string, unknown[]][]) =>
      values(await send(statements, undefined, false, true));
    // A statement that fails in PostgreSQL: the first is sent again by itself and answered.
    const [check, page, count] = await sendStanding([
      ['select $1::int as n', [7]],
      ['select 1 / $1::int as boom', [0]],
      ['select 2 as two', []],
    ]);
    expect(check).toEqual([{ n: 7 }]);
    expect((page as { code?: string }).code).toBe('22012');
    expect((count as { code?: string }).code).toBe('22012');
    // A value no message can carry (refused before anything is sent): the same.
    const [checkAgain, refused] = await sendStanding([
      ['select $1::int as n', [8]],
      ['select $1::text as t', ['a\0b']],
    ]);
    expect(checkAgain).toEqual([{ n: 8 }]);
    expect(refused).toBeInstanceOf(UnwritableValue);
    // Alone in its message, it gets its own error.
    const [alone] = await sendStanding([['select 1 / $1::int as boom', [0]]]);
    expect((alone as { code?: string }).code).toBe('22012');
  });

  it('answers again once its connection was terminated under it, time after time', async () => {
    /** `send`, or 'no answer' when none came within 5 s (a client that hangs). */
    const answerOf = async (n: number) => {
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<'no answer'>((resolve) => {
        timer = setTimeout(() => resolve('no answer'), 5000);
      });
      const settled = await Promise.race([send([['select $1::int as n', [n]]]), hung]);
      clearTimeout(timer);
      if (settled === 'no answer') return settled;
      const [result] = settled;
      return result?.status === 'fulfilled' ? Array.from(result.value as unknown[]) : 'failed';
    };
    expect(await answerOf(1)).toEqual([{ n: 1 }]);
    // postgres.js 3.4.9 left a client of one connection whose backend was terminated answering
    // nothing more (the second round hung before the batcher gave the connection a new client).
    for (let round = 0; round < 4; round++) {
      const [row] = await connection`select pg_backend_pid() as pid`;
      const killer = postgres(url(), { max: 1, onnotice: () => {} });
      await killer`select pg_terminate_backend(${row?.pid})`;
      await killer.end();
      // The message sent as the connection dies may fail (503 to its request); the next are answered.
      const first = await answerOf(2);
      expect(first === 'failed' || JSON.stringify(first) === '[{"n":2}]', String(first)).toBe(true);
      expect(await answerOf(3)).toEqual([{ n: 3 }]);
      expect(await answerOf(4)).toEqual([{ n: 4 }]);
    }
    expect(closed.length).toBeGreaterThanOrEqual(4);
  });
});

/** A batcher of `size` connections for the describe it is called in, closed after it. */
function useBatcher(size: number): Batcher {
  const batcher = createBatcher(size, () =>
    postgres(url(), { max: 1, onnotice: () => {}, connection: { standard_conforming_strings: 'on' } }),
  );
  afterAll(async () => batcher.close());
  return batcher;
}

describe("read batches: one turn's requests on one connection (db/read-batch.ts)", () => {
  const batcher = useBatcher(3);

  /** Sends `count` requests' messages in one turn of the event loop; each one's backend pid. */
  async function backendsOfOneTurn(count: number): Promise<number[]> {
    const answers = Array.from({ length: count }, () => {
      const { answer, kept } = keptStatement('select pg_backend_pid() as pid', []);
      batcher.send({ accountId: randomUUID(), workspaceId: null, userId: null }, [[kept]]);
      return answer;
    });
    const rows = (await Promise.all(answers)) as { pid: number }[][];
    return rows.map(([row]) => Number(row?.pid));
  }

  it('sends up to 16 requests of one turn on one connection, the rest on another', async () => {
    const pids = await backendsOfOneTurn(20);
    // 16 on the turn's connection (one write, read by its backend in one wake-up), then the next 4.
    expect(new Set(pids.slice(0, 16)).size).toBe(1);
    expect(new Set(pids.slice(16)).size).toBe(1);
    expect(pids[16]).not.toBe(pids[0]);
  });

  it("starts the next turn afresh: its requests go together again, whatever the last turn's count", async () => {
    await backendsOfOneTurn(15);
    await new Promise((resolve) => setImmediate(resolve));
    const next = await backendsOfOneTurn(10);
    expect(new Set(next).size).toBe(1);
  });
});

describe("read batches: shared reads, one answer for one turn's same read (db/read-batch.ts)", () => {
  const batcher = useBatcher(2);

  // clock_timestamp() differs at every run of the statement: two answers with the same instant, on
  // the same backend, are one run.
  const RUN =
    "select clock_timestamp()::text as at, pg_backend_pid() as pid, $1::text as value, current_setting('app.account_id') as account";
  const accountId = randomUUID();
  const workspaceId = randomUUID();
  const tenant = (overrides: Partial<{ accountId: string; workspaceId: string; userId: string }> = {}) => ({
    accountId,
    workspaceId,
    userId: randomUUID(),
    ...overrides,
  });
  type Run = { at: string; pid: number; value: string; account: string };

  /** Sends one request's read of `value` in this turn; shareable unless told otherwise. */
  function read(value: unknown, of = tenant(), { shareable = true, text = RUN } = {}) {
    const { answer, kept } = keptStatement(text, [value]);
    kept.shareable = shareable;
    answer.catch(() => {});
    batcher.send(of, [[kept]]);
    return answer as Promise<Run[]>;
  }

  it("runs a shareable read once for every request of the turn that sends it, each user's own request", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => read('a')));
    const [first] = answers;
    expect(first?.[0]?.value).toBe('a');
    expect(first?.[0]?.account).toBe(accountId);
    for (const answer of answers) expect(answer).toEqual(first);
  });

  it('runs it again for other values, another workspace, another account, or a read not shareable', async () => {
    const [base, otherValue, otherWorkspace, otherAccount, notShared] = await Promise.all([
      read('a'),
      read('b'),
      read('a', tenant({ workspaceId: randomUUID() })),
      read('a', tenant({ accountId: randomUUID() })),
      read('a', tenant(), { shareable: false }),
    ]);
    const runs = [base, otherValue, otherWorkspace, otherAccount, notShared].map((rows) => rows[0]);
    expect(new Set(runs.map((run) => `${run?.pid} ${run?.at}`)).size).toBe(5);
    expect(runs[3]?.account).not.toBe(accountId);
  });

  it('never joins a read of an earlier turn: it may have been sent before the later request arrived', async () => {
    const first = read('a');
    await new Promise((resolve) => setImmediate(resolve));
    const second = read('a');
    const [[one], [two]] = await Promise.all([first, second]);
    expect(`${two?.pid} ${two?.at}`).not.toBe(`${one?.pid} ${one?.at}`);
  });

  it('hands a shared read to the driver only when the turn ends, so none joins one already sent', async () => {
    const handed: string[] = [];
    const watched = createBatcher(1, () => {
      const client = postgres(url(), {
        max: 1,
        onnotice: () => {},
        connection: { standard_conforming_strings: 'on' },
      });
      const unsafe = client.unsafe.bind(client);
      client.unsafe = ((text: string, ...rest: []) => {
        handed.push(text);
        return unsafe(text, ...rest);
      }) as typeof client.unsafe;
      return client;
    });
    try {
      const { answer, kept } = keptStatement(RUN, ['held']);
      kept.shareable = true;
      watched.send(tenant(), [[kept]]);
      expect(handed.join('\n')).not.toContain("'held'");
      await new Promise((resolve) => setImmediate(resolve));
      expect(handed.join('\n')).toContain("'held'");
      expect(((await answer) as Run[])[0]?.value).toBe('held');
    } finally {
      await watched.close();
    }
  });

  it("fails every request that shares a read with the read's own error", async () => {
    const failing = 'select 1 / ($1::int - 1) as n';
    const settled = await Promise.allSettled([
      read(1, tenant(), { text: failing }),
      read(1, tenant(), { text: failing }),
    ]);
    for (const result of settled) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason.code).toBe('22012');
    }
  });

  it('shares a read only between requests that ask for the same shape: arrays (values()) or objects', async () => {
    const asObjects = keptStatement(RUN, ['a']);
    const asArrays = keptStatement(RUN, ['a']);
    asObjects.kept.shareable = true;
    asArrays.kept.shareable = true;
    const arrays = asArrays.answer.values();
    const one = tenant();
    batcher.send(one, [[asObjects.kept]]);
    batcher.send(one, [[asArrays.kept]]);
    const [objects] = (await asObjects.answer) as Run[];
    const [row] = (await arrays) as unknown[][];
    expect(objects).toMatchObject({ value: 'a', account: accountId });
    expect(row?.slice(2)).toEqual(['a', accountId]);
    // Two runs: each answer in its own shape, none converted from the other's.
    expect(row?.[0]).not.toBe(objects?.at);
  });
});

describe('read-ahead requests on PostgreSQL go out as read batches', () => {
  const t = useTestApp();
  let a: Tenant;
  let b: Tenant;
  const nameOf = (tenant: Tenant, i: number) =>
    `Project ${i} of ${tenant.workspace.workspace_id.slice(0, 8)}`;

  beforeAll(async () => {
    a = await newTenant(t);
    b = await newTenant(t);
    for (const tenant of [a, b]) {
      for (let i = 0; i < 3; i++) {
        const project = await createProject(t, tenant.owner.token, { name: nameOf(tenant, i) });
        await createTask(t, tenant.owner.token, {
          project_id: project.project_id,
          assigned_to: tenant.holder.session.user.user_id,
        });
      }
    }
  });

  it('sends the session check and the page as read-only messages: no BEGIN, no COMMIT', async () => {
    const { result: response, sent } = await socketWritesOf(() =>
      t.app.inject({ method: 'GET', url: '/api/tasks?page=1&limit=14', headers: bearer(a.owner.token) }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(sent).toContain("set_config('transaction_read_only', 'on', true)");
    expect(sent).toMatch(/execute batch_\d+/);
    expect(sent.toLowerCase()).not.toMatch(/\bbegin\b|\bcommit\b/);
    // The request's values went out as literals: its tenant among them.
    expect(sent).toContain(`'${a.workspace.account_id}'`);
  });

  it('sends the session check and the page in one message, the tenant set once; a shared read in its own', async () => {
    const messagesOf = async (url: string) => {
      const { result: response, sent } = await socketWritesOf(() =>
        t.app.inject({ method: 'GET', url, headers: bearer(a.owner.token) }),
      );
      expect(response.statusCode, response.body).toBe(200);
      return sent.split("set_config('transaction_read_only', 'on', true)").length - 1;
    };
    expect(await messagesOf('/api/tasks?page=1&limit=14')).toBe(1);
    expect(await messagesOf('/api/projects?page=1&limit=14')).toBe(1);
    // The dashboard's statement is shared by the workspace's requests of a turn (sharedReads).
    expect(await messagesOf('/api/dashboard')).toBe(2);
  });

  it('keeps tenants apart when their messages share a connection at once', async () => {
    const projectNames = async (tenant: Tenant) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/projects?page=1&limit=14',
        headers: bearer(tenant.owner.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { name: string }[]).map((p) => p.name).sort();
    };
    const expected = new Map([a, b].map((tenant) => [tenant, [0, 1, 2].map((i) => nameOf(tenant, i))]));
    const tenants = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b));
    const answers = await Promise.all(tenants.map(projectNames));
    answers.forEach((names, i) => {
      const tenant = tenants[i] as Tenant;
      expect(names).toEqual(expected.get(tenant));
    });
  });
});
