import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Runs in the api-postgres project only (vitest.config.ts). postgres.js as scripts/patch-deps.mjs
// leaves it: a transaction's BEGIN goes out with its first queries instead of a round trip before.
const url = process.env.TEST_DATABASE_URL ?? '';

describe("postgres.js's transactions with BEGIN pipelined (scripts/patch-deps.mjs)", () => {
  // One connection: the transaction and every other query compete for it, as under load.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  // The writes to the server's socket: what a round trip costs the app is mostly its write.
  let writes = 0;
  // `socket` (a socket of the caller's own) is an option of postgres.js that its types leave out.
  const countedOptions = {
    max: 1,
    onnotice: () => {},
    socket: async () => {
      const { hostname, port } = new URL(url);
      const socket = connect(Number(port || 5432), hostname);
      await once(socket, 'connect');
      const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
      socket.write = ((...args: unknown[]) => {
        writes += 1;
        return write(...args);
      }) as typeof socket.write;
      return socket;
    },
  };
  const counted = postgres(url, countedOptions as Parameters<typeof postgres>[1]);
  afterAll(async () => {
    await Promise.all([sql.end(), counted.end()]);
  });

  it('runs the first query inside the transaction, and commits', async () => {
    const [inside] = await sql.begin(async (tx) => [
      await tx`select set_config('workhub.test', 'inside', true) as set, txid_current_if_assigned() is null as fresh, now() = statement_timestamp() as first`,
    ]);
    expect(inside).toEqual([{ set: 'inside', fresh: true, first: false }]);
    // transaction-local: gone once it is committed
    const [after] = await sql`select current_setting('workhub.test', true) as value`;
    expect(after?.value ?? '').toBe('');
  });

  it('keeps another query off the transaction’s connection until it ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = sql.begin(async (tx) => {
      await tx`select set_config('workhub.test', 'tenant-a', true)`;
      order.push('set');
      await held;
      const [row] = await tx`select current_setting('workhub.test', true) as value`;
      order.push(`tx sees ${row?.value}`);
    });
    // Sent while the transaction holds the only connection: it must wait, and must not see its setting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = sql`select current_setting('workhub.test', true) as value`.then(([row]) => {
      order.push(`outside sees ${row?.value || 'nothing'}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['set', 'tx sees tenant-a', 'outside sees nothing']);
  });

  it('rolls back everything when a query of the transaction fails', async () => {
    const table = `begin_probe_${process.pid}`;
    await sql.unsafe(`create table if not exists ${table} (n int primary key)`);
    try {
      await expect(
        sql.begin(async (tx) => {
          await tx.unsafe(`insert into ${table} values (1)`);
          await tx.unsafe(`insert into ${table} values (1)`);
        }),
      ).rejects.toThrow(/duplicate key/);
      const [row] = await sql.unsafe(`select count(*)::int as n from ${table}`);
      expect(row?.n).toBe(0);
    } finally {
      await sql.unsafe(`drop table if exists ${table}`);
    }
  });

  it('sends BEGIN and the first query in one write (no wait for BEGIN’s answer)', async () => {
    await counted`select 1`; // connected, and the statement below prepared once
    await counted.begin(async (tx) => tx`select set_config('workhub.test', ${'x'}, true)`);
    writes = 0;
    await counted.begin(async (tx) => tx`select set_config('workhub.test', ${'y'}, true)`);
    // [begin, set_config] then [commit]; unpatched: [begin], [set_config], [commit]
    expect(writes).toBe(2);
  });

  it('queues COMMIT behind the queries without waiting for BEGIN’s answer: one write in all', async () => {
    await counted`select 1`;
    let read: Promise<unknown> = Promise.resolve();
    await counted.begin(async (tx) => {
      read = tx`select set_config('workhub.test', ${'x'}, true) as set`.execute();
    });
    writes = 0;
    await counted.begin(async (tx) => {
      // Started, not awaited: the function returns, and COMMIT follows the query.
      read = tx`select set_config('workhub.test', ${'z'}, true) as set`.execute();
    });
    expect(writes).toBe(1);
    expect(await read).toEqual([{ set: 'z' }]);
  });

  it('gathers a transaction of several KB into one write (up to 16 KB)', async () => {
    const big = 'x'.repeat(3000);
    await counted`select ${big}::text as big`;
    writes = 0;
    let reads: Promise<unknown>[] = [];
    await counted.begin(async (tx) => {
      reads = [1, 2].map(() => tx`select ${big}::text as big`.execute());
    });
    expect(writes).toBe(1);
    for (const rows of await Promise.all(reads)) expect(rows).toEqual([{ big }]);
  });

  it('fails the transaction when BEGIN fails, though its COMMIT went out', async () => {
    await expect(
      counted.begin('not an isolation level', async (tx) => {
        void tx`select 1`.execute().catch(() => {});
      }),
    ).rejects.toThrow(/syntax error/);
    const [one] = await counted`select 1 as one`;
    expect(one).toEqual({ one: 1 });
  });

  /** A pool of one connection whose current socket `cut()` destroys (a server stopped, a network cut). */
  const oneConnectionPool = () => {
    let socket: Socket | undefined;
    const options = {
      max: 1,
      onnotice: () => {},
      socket: async () => {
        const { hostname, port } = new URL(url);
        socket = connect(Number(port || 5432), hostname);
        await once(socket, 'connect');
        return socket;
      },
    };
    return { pool: postgres(url, options as Parameters<typeof postgres>[1]), cut: () => socket?.destroy() };
  };

  it('fails a transaction whose connection closed under it, and the pool goes on', async () => {
    const { pool, cut } = oneConnectionPool();
    try {
      await expect(
        pool.begin(async (tx) => {
          await tx`select 1`;
          cut(); // the connection is gone (a server stopped, a network cut)
          await new Promise((resolve) => setTimeout(resolve, 50));
          // On the closed connection: refused, not sent (the crash this guards against, a write to
          // the null socket from a timer, is reproduced by npm run faults, PostgreSQL stopped).
          await tx`select 2`;
        }),
      ).rejects.toThrow();
      const [one] = await pool`select 1 as one`;
      expect(one).toEqual({ one: 1 });
    } finally {
      await pool.end();
    }
  });

  it('sends nothing more for a transaction whose connection closed, once the connection serves another query', async () => {
    const { pool, cut } = oneConnectionPool();
    let resume = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let late: Promise<unknown> | undefined;
    try {
      const transaction = pool.begin(async (tx) => {
        await tx`select 1`;
        cut();
        // The transaction fails with its connection; its function goes on once the pool's one
        // connection is back and has answered someone else.
        await paused;
        late = tx`select 2 as late`.then((rows) => rows);
        await late;
      });
      await expect(transaction).rejects.toThrow();
      const [one] = await pool`select 1 as one`;
      expect(one).toEqual({ one: 1 });
      resume();
      await vi.waitFor(() => expect(late).toBeDefined());
      // Refused, not run outside its transaction on a connection now serving others.
      await expect(late).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      const [two] = await pool`select 2 as two`;
      expect(two).toEqual({ two: 2 });
    } finally {
      resume();
      await pool.end();
    }
  });
});
