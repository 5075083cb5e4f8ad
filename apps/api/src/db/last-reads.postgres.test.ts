import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/helpers.ts';
import type { Db, DbHandle } from './client.ts';
import { rowsOf } from './rows.ts';
import {
  beginRequestTransaction,
  lastReads,
  type RequestTransaction,
  runInRequestContext,
  tenantAware,
} from './tenant-context.ts';

// Runs in the api-postgres project only: on PGlite lastReads just runs its reads (no pipelining).

type Setting = { account: string };
const settingQuery = sql`select current_setting('app.account_id', true) as account`;

/** Runs `body` as a request would: in its context, with its transaction open for a new tenant. */
function inRequest<T>(root: Db, body: (tx: RequestTransaction, accountId: string) => Promise<T>): Promise<T> {
  const accountId = randomUUID();
  return new Promise<T>((resolve, reject) => {
    runInRequestContext(() => {
      beginRequestTransaction(root, { accountId, workspaceId: null, userId: null })
        .then(async (tx) => {
          if (!tx) throw new Error('no request transaction');
          try {
            return await body(tx, accountId);
          } finally {
            await tx.end(false);
          }
        })
        .then(resolve, reject);
    });
  });
}

describe("lastReads: a request's last reads carry its COMMIT", () => {
  let handle: DbHandle;
  let root: Db;
  let db: Db;
  // Writes to any socket of this process while `counting` (only the database's here).
  let writes = 0;
  let counting = false;
  const write = Socket.prototype.write;

  beforeAll(async () => {
    handle = await openTestDb();
    root = await handle.appDb();
    db = tenantAware(root);
    Socket.prototype.write = function (this: Socket, ...args: unknown[]) {
      if (counting) writes += 1;
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as typeof Socket.prototype.write;
  });
  afterAll(async () => {
    Socket.prototype.write = write;
    await handle.close();
  });

  it("answers the reads as the request's transaction sees them (its tenant)", async () => {
    await inRequest(root, async (_tx, accountId) => {
      const [a, b] = await lastReads(() => Promise.all([db.execute(settingQuery), db.execute(settingQuery)]));
      expect(rowsOf<Setting>(a)[0]?.account).toBe(accountId);
      expect(rowsOf<Setting>(b)[0]?.account).toBe(accountId);
    });
  });

  it('sends the reads and the COMMIT in one write', async () => {
    await inRequest(root, async () => {
      await db.execute(settingQuery); // BEGIN and the tenant are answered; the statement is known
      writes = 0;
      counting = true;
      try {
        await lastReads(() => Promise.all([db.execute(settingQuery), db.execute(settingQuery)]));
      } finally {
        counting = false;
      }
      // Without it: [read, read] then, once answered, [COMMIT].
      expect(writes).toBe(1);
    });
  });

  /**
   * Runs `body` with a scratch table the app's role may read and insert into (dropped afterwards);
   * `committed()` reads its rows as the owner, outside any request.
   */
  async function withProbeTable(
    name: string,
    body: (table: string, committed: () => Promise<{ n: number }[]>) => Promise<void>,
  ): Promise<void> {
    const table = `${name}_${process.pid}`;
    await handle.db.execute(sql.raw(`create table ${table} (n int primary key)`));
    await handle.db.execute(sql.raw(`grant select, insert on ${table} to workhub_app`));
    try {
      await body(table, async () =>
        rowsOf<{ n: number }>(await handle.db.execute(sql.raw(`select n from ${table}`))),
      );
    } finally {
      await handle.db.execute(sql.raw(`drop table ${table}`));
    }
  }

  it('ends the transaction: its changes are committed, and a later query of the request throws', async () => {
    await withProbeTable('last_reads_probe', async (table, committed) => {
      await inRequest(root, async () => {
        await db.execute(sql.raw(`insert into ${table} values (1)`));
        await lastReads(() => db.execute(sql.raw(`select n from ${table}`)));
        expect(() => db.execute(sql`select 1`)).toThrow(/after lastReads/);
      });
      // The request's own end (a rollback here) came after the COMMIT and changed nothing.
      expect(await committed()).toEqual([{ n: 1 }]);
    });
  });

  it('fails with the read that failed, and what the request wrote is rolled back', async () => {
    await withProbeTable('last_reads_fail', async (table, committed) => {
      await inRequest(root, async () => {
        await db.execute(sql.raw(`insert into ${table} values (1)`));
        await expect(
          lastReads(() =>
            Promise.all([db.execute(sql.raw(`select n from ${table}`)), db.execute(sql`select 1 / 0`)]),
          ),
        ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
      });
      expect(await committed()).toEqual([]);
    });
  });

  it('just runs the reads outside a request', async () => {
    const [row] = rowsOf<Setting>(await lastReads(() => db.execute(settingQuery)));
    expect(row?.account ?? '').toBe('');
  });
});
