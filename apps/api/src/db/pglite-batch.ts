import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from './client.ts';
import type { PreparedTexts } from './pglite-prepared.ts';
import { type Batcher, enterTenantText, failWhole, type Kept, literal } from './read-batch.ts';
import type { Tenant } from './tenant-context.ts';

/*
 * Read-ahead requests' batches on PGlite (docs/decisions.md 030, as on PostgreSQL: db/read-batch.ts).
 * A list request on PGlite was six calls into PGlite, each through its mutex, its protocol writer
 * and reader and a turn of its WebAssembly's main loop: BEGIN, the tenant, the session check, the
 * page, its count, COMMIT. Now a read-ahead request's statements go as ONE simple-protocol message
 * (`exec`): the tenant's setting and read-only first, then an EXECUTE per statement. PostgreSQL
 * runs a message's statements as one implicit transaction, so the tenant's setting
 * (transaction-local) ends with it, a write in a read's message fails (read-only), and a write
 * batch's message (a task's create) commits before it answers.
 *
 * The statements are the ones the app's view of PGlite prepares (db/pglite-prepared.ts): the same
 * names (`app_N`, never reused), so a text prepared by either is EXECUTEd by both. A text not yet
 * prepared is PREPAREd at the start of the message that first runs it; the name is taken as
 * prepared only once that message has succeeded (a message that fails may or may not have run its
 * PREPARE: its name is left unused, never given again).
 *
 * PGlite is one connection, and a message holds it from start to end. As the app's transactions do
 * (client.ts appView), each message lets the event loop turn once before it is sent, so the
 * requests that arrive meanwhile are read and queued behind the ones already waiting; messages go
 * one after the other in the order they were handed over.
 */

/** Resolves in the event loop's next check phase, after it has polled for I/O. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The text of a message and where its EXECUTEs' answers are among the message's answers. */
type Message = { text: string; first: number; fresh: Map<string, string> };

/** What PGlite counts as rows affected (its `affectedRows`), for one statement alone. */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * A kept statement's answer as PGlite's `query` gives it for the options drizzle passed: arrays
 * (`rowMode: 'array'`) or objects by column name, its fields, and the rows it affected.
 */
function answerOf(result: Results | undefined, asArrays: boolean): Results {
  if (!result)
    throw new Error('a batched read got fewer answers than it sent statements (db/pglite-batch.ts)');
  const { fields, rowCount } = result;
  const command = (result as Results & { command?: string }).command ?? '';
  const rows = asArrays
    ? result.rows
    : (result.rows as unknown[][]).map((row) =>
        Object.fromEntries(fields.map((field, i) => [field.name, row[i]])),
      );
  return {
    rows,
    fields,
    command,
    affectedRows: AFFECTING.has(command) ? (rowCount ?? 0) : 0,
    ...(rowCount === undefined ? {} : { rowCount }),
  };
}

/** The batcher of read-ahead requests on `client`, sharing what the app's view prepared (`texts`). */
export function createPgliteBatcher(client: PGlite, texts: PreparedTexts): Batcher {
  // Messages go one at a time, in the order handed over, each after a turn of the event loop.
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  function message(tenant: Tenant, kept: Kept[], write: boolean): Message {
    const prepare: string[] = [];
    const execute = [enterTenantText(tenant, write)];
    const once: string[] = [];
    // Texts prepared by this message, with their names (the same text twice: one PREPARE).
    const fresh = new Map<string, string>();
    for (const { text, params } of kept) {
      let name = texts.names.get(text) ?? fresh.get(text);
      if (!name && texts.given < texts.max) {
        texts.given += 1;
        name = `app_${texts.given}`;
        fresh.set(text, name);
        prepare.push(`prepare ${name} as ${text}`);
      }
      if (!name) {
        // Past the session's cap: prepared for this message only.
        name = `batch_once_${once.length}`;
        once.push(`deallocate ${name}`);
        prepare.push(`prepare ${name} as ${text}`);
      }
      execute.push(`execute ${name}${params.length > 0 ? `(${params.map(literal).join(', ')})` : ''}`);
    }
    // The answers: one per statement (PREPARE and DEALLOCATE too), the EXECUTEs after the tenant's.
    return { text: [...prepare, ...execute, ...once].join(';\n'), first: prepare.length + 1, fresh };
  }

  async function run(tenant: Tenant, kept: Kept[], write: boolean): Promise<void> {
    let built: Message;
    try {
      built = message(tenant, kept, write);
    } catch (error) {
      return failed(tenant, kept, write, error);
    }
    for (const text of built.fresh.keys()) texts.preparing.add(text);
    try {
      await nextTurn();
      if (closed) throw new Error('PGlite is closed');
      // drizzle gives every statement the same parsers (dates and times as text): the first's.
      const options: QueryOptions = {
        rowMode: 'array',
        ...(kept[0]?.parsers ? { parsers: kept[0].parsers } : {}),
      };
      const results = await client.exec(built.text, options);
      for (const [text, name] of built.fresh) texts.names.set(text, name);
      for (const [i, statement] of kept.entries())
        statement.resolve(answerOf(results[built.first + i], statement.values));
    } catch (error) {
      return failed(tenant, kept, write, error);
    } finally {
      for (const text of built.fresh.keys()) texts.preparing.delete(text);
    }
  }

  const failed = (tenant: Tenant, kept: Kept[], write: boolean, error: unknown) =>
    failWhole(kept, error, (first) => run(tenant, [first], write));

  return {
    send(tenant, messages, write = false) {
      for (const kept of messages) {
        if (kept.length === 0) continue;
        // run answers every statement itself, whatever happens: the queue never stops on one.
        queue = queue.then(() => run(tenant, kept, write)).catch(() => {});
      }
    },
    async close() {
      closed = true;
      await queue;
    },
    // One connection, one message at a time: a read the requests of a turn could share goes with
    // its request's check instead (a message of its own would be one more call into PGlite).
    shares: false,
    keeping(keep) {
      // What drizzle's PGlite session calls: `query`, with the options it gives every statement.
      const keeper = {
        query: (text: string, params: unknown[] = [], options?: QueryOptions) =>
          new Promise<Results>((resolve, reject) => {
            const parsers = options?.parsers as Kept['parsers'];
            keep({
              text,
              params,
              values: options?.rowMode === 'array',
              ...(parsers ? { parsers } : {}),
              resolve: resolve as (rows: unknown) => void,
              reject,
            });
          }),
        exec: () => {
          throw new Error('a read-ahead route sends statements with parameters only (db/pglite-batch.ts)');
        },
        transaction: () => {
          throw new Error('a read-ahead route runs no transaction of its own (db/pglite-batch.ts)');
        },
      };
      return drizzlePglite({ client: keeper as unknown as PGlite }) as unknown as Db;
    },
  };
}
