import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/helpers.ts';
import type { Db, DbHandle } from './client.ts';
import { rowsOf } from './rows.ts';

// PGlite only: one connection behind a first-come mutex (db/client.ts appView).
let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await openTestDb();
  db = await handle.appDb();
});
afterAll(async () => handle.close());

const QUEUED = 30;

/**
 * Starts QUEUED transactions at once (as many requests waiting for the one connection), and a
 * callback for the event loop's next check phase: how many transactions had ended by the time
 * the loop turned, and whether every one still ran.
 */
async function endedBeforeTheLoopTurned(): Promise<{ before: number; ended: number }> {
  let ended = 0;
  const turned = new Promise<number>((resolve) => setImmediate(() => resolve(ended)));
  const transactions = Array.from({ length: QUEUED }, (_, i) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select ${i}::int as n`);
      await tx.execute(sql`select ${i}::int + 1 as n`);
      ended += 1;
    }),
  );
  const before = await turned;
  await Promise.all(transactions);
  return { before, ended };
}

describe("PGlite's queue of transactions", () => {
  it('lets the event loop turn between them, so new connections are accepted and read meanwhile', async () => {
    // Without a turn per transaction, each one's end hands the connection to the next in a
    // microtask: all 30 ran before the loop polled for I/O once (a new request's answer waited
    // for the whole queue, again and again: up to 7 s under load).
    const { before, ended } = await endedBeforeTheLoopTurned();
    expect(ended).toBe(QUEUED);
    expect(before).toBeLessThanOrEqual(2);
  });

  it('still runs them one at a time, in the order they asked, each with its own statements', async () => {
    const order: number[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction(async (tx) => {
          inside += 1;
          most = Math.max(most, inside);
          await tx.execute(sql`select 1`);
          order.push(i);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([...Array(10).keys()]);
  });

  it('rolls a failing transaction back and goes on with the next', async () => {
    await db.execute(sql`create temporary table turn_probe (n int)`);
    const failing = db.transaction(async (tx) => {
      await tx.execute(sql`insert into turn_probe values (1)`);
      throw new Error('refused');
    });
    const next = db.transaction(async (tx) => {
      await tx.execute(sql`insert into turn_probe values (2)`);
    });
    await expect(failing).rejects.toThrow('refused');
    await next;
    const result = await db.execute(sql`select n from turn_probe order by n`);
    expect(rowsOf<{ n: number }>(result)).toEqual([{ n: 2 }]);
  });
});
