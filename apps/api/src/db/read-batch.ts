import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import type { Db } from './client.ts';
import type { Tenant } from './tenant-context.ts';

/*
 * Reads sent as one message (docs/decisions.md 030). A read-ahead route (the lists, the dashboard,
 * one record: plugins/auth.ts) on PostgreSQL does not open a transaction with BEGIN and COMMIT on a
 * connection it holds until its answer: its statements (the session check, the page, its count)
 * are kept as drizzle hands them to postgres.js, and sent in one simple-protocol message that
 * begins by setting the tenant and making the transaction read-only. PostgreSQL runs a message's
 * statements as one implicit transaction, so the tenant's setting (transaction-local) ends with
 * it, as it does at a COMMIT; a write in it fails (read-only); and the connection, held by no
 * request, takes other requests' messages meanwhile (pipelined). Measured with the bare stack
 * (`npm run bench -- --only lists`, its `batch` mode): about half as many requests per second again
 * as the same statements in a transaction.
 *
 * The statements are PREPAREd once per connection (each connection of the batches' pool is a
 * postgres.js client of one, so what it has prepared is known) and run by EXECUTE, with the
 * request's values written as quoted literals (`literal`): PostgreSQL reads each with its
 * parameter's input function, as it reads a text-format parameter of the extended protocol.
 */

/** A statement kept for a batch: what drizzle gave postgres.js, and where its answer goes. */
export type Kept = {
  text: string;
  params: readonly unknown[];
  /** drizzle asked for rows as arrays (`.values()`), not objects. */
  values: boolean;
  /** Its answer may be shared with the same statement of other requests of the tenant (sharedReads). */
  shareable?: boolean;
  /** PGlite (db/pglite-batch.ts): the parsers drizzle gave the statement, by type id. */
  parsers?: Record<number, (value: string) => unknown>;
  /**
   * The first statement of its message, answered whatever the statements after it do: should the
   * message fail, they get the error and this one is sent again in a message of its own (a
   * read-ahead request's session check, whose answer is the request's when it refuses).
   */
  standsAlone?: boolean;
  resolve(rows: unknown): void;
  reject(error: unknown): void;
};

/** A value that cannot be written as a literal (a NUL, a value of a kind no read sends). */
export class UnwritableValue extends Error {}

/**
 * A value as a quoted SQL literal, read by PostgreSQL with its parameter's input function. The
 * connections run with standard_conforming_strings on (their startup sets it), so a backslash is a
 * character and doubling the quote is the whole of the escaping. A NUL would end the message's
 * text early (a protocol message is a C string): refused, as PostgreSQL refuses it in a parameter.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UnwritableValue(`not a finite number: ${value}`);
    text = String(value);
  } else if (typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 't' : 'f';
  else throw new UnwritableValue(`a ${typeof value} is not sent in a batched read`);
  if (text.includes('\0')) throw new UnwritableValue('invalid byte sequence for encoding "UTF8": 0x00');
  return `'${text.replaceAll("'", "''")}'`;
}

const ENTER_TENANT =
  "set_config('app.account_id', $1, true), set_config('app.workspace_id', $2, true), set_config('app.user_id', $3, true)";
/** A read's message: the tenant, and the transaction read-only. */
const ENTER = `select set_config('transaction_read_only', 'on', true), ${ENTER_TENANT}`;
/** A write's message (a request's one write, lastWrite: db/tenant-context.ts): the tenant only. */
const ENTER_WRITE = `select ${ENTER_TENANT}`;

/** The select that begins a message for `tenant`: read-only unless `write`, with its values written in. */
export function enterTenantText(tenant: Tenant, write: boolean): string {
  return (write ? ENTER_WRITE : ENTER).replace(/\$(\d)/g, (_, n: string) =>
    literal([tenant.accountId, tenant.workspaceId ?? '', tenant.userId ?? ''][Number(n) - 1]),
  );
}

/** Names of prepared texts, never reused; past MAX_NAMED a new text is prepared for its message only. */
const MAX_NAMED = 2000;

/** At most this many requests' messages go on one connection in one turn of the event loop. */
const TURN_SHARE = 16;

/**
 * One connection of the pool: what it has prepared, and whether that may be wrong (a message
 * failed part-way: its next message starts by deallocating everything).
 */
type Connection = { sql: postgres.Sql; prepared: Set<string>; unsure: boolean; waiting: number };

/**
 * A message that failed whole: every statement gets its error, but a first statement that stands
 * alone (Kept.standsAlone: a read-ahead request's session check) is sent again by itself
 * (`resend`), and answered by that message. Both batchers (here and db/pglite-batch.ts).
 */
export function failWhole<R>(kept: Kept[], error: unknown, resend: (first: Kept) => R): R | undefined {
  const [first, ...rest] = kept;
  if (!first?.standsAlone || rest.length === 0) {
    for (const statement of kept) statement.reject(error);
    return undefined;
  }
  for (const statement of rest) statement.reject(error);
  return resend(first);
}

/** The pool that sends batches: one message per group of kept statements. */
export type Batcher = {
  /**
   * Sends each group of `messages` as one message, in one write, on one connection; read-only
   * unless `write` (then PostgreSQL commits the message's implicit transaction before it answers).
   */
  send(tenant: Tenant, messages: Kept[][], write?: boolean): void;
  close(): Promise<void>;
  /**
   * The database services use while a batch is open, handing each statement to `keep` instead of
   * running it (keepingDb on PostgreSQL; PGlite's has its own: db/pglite-batch.ts).
   */
  keeping(keep: (kept: Kept) => void): Db;
  /**
   * Whether a shareable read (Kept.shareable) is run once for the requests of a turn that ask the
   * same (decision 031): it then needs a message of its own (tenant-context.ts batchMessages).
   */
  shares: boolean;
};

/**
 * A pool of `size` connections of one each, made by `connect` (with `onclose`, to forget what a
 * closed connection had prepared).
 */
export function createBatcher(size: number, connect: (onclose: () => void) => postgres.Sql): Batcher {
  const names = new Map<string, string>();
  let named = 0;
  const connections: Connection[] = Array.from({ length: size }, () => {
    const connection: Connection = {
      sql: undefined as unknown as postgres.Sql,
      prepared: new Set(),
      unsure: false,
      waiting: 0,
    };
    open(connection);
    return connection;
  });

  /** Gives `connection` a new client (and so a new socket), forgetting what the old one prepared. */
  function open(connection: Connection): void {
    connection.prepared.clear();
    // Told when this client's connection closes (not a later client's: it has its own).
    const client = connect(() => {
      if (connection.sql === client) connection.prepared.clear();
    });
    connection.sql = client;
    // drizzle's date and JSON handling, as on the app's pool (drizzle-orm/postgres-js).
    drizzlePostgres({ client: connection.sql });
  }

  /**
   * The message: what the connection lacks is PREPAREd first (before any statement that could
   * fail), then the tenant and read-only, then an EXECUTE per statement.
   */
  function message(connection: Connection, tenant: Tenant, kept: Kept[], write: boolean): string {
    const prepare: string[] = [];
    if (connection.unsure) {
      prepare.push('deallocate all');
      connection.prepared.clear();
      connection.unsure = false;
    }
    const execute = [enterTenantText(tenant, write)];
    const once: string[] = [];
    for (const { text, params } of kept) {
      let name = names.get(text);
      if (!name && names.size < MAX_NAMED) {
        named += 1;
        name = `batch_${named}`;
        names.set(text, name);
      }
      if (!name) {
        name = `batch_once_${once.length}`;
        once.push(`deallocate ${name}`);
        prepare.push(`prepare ${name} as ${text}`);
      } else if (!connection.prepared.has(name)) {
        prepare.push(`prepare ${name} as ${text}`);
        connection.prepared.add(name);
      }
      execute.push(`execute ${name}${params.length > 0 ? `(${params.map(literal).join(', ')})` : ''}`);
    }
    return [...prepare, ...execute, ...once].join(';\n');
  }

  async function run(
    connection: Connection,
    tenant: Tenant,
    kept: Kept[],
    write: boolean,
    again = false,
  ): Promise<void> {
    let text: string;
    try {
      text = message(connection, tenant, kept, write);
    } catch (error) {
      return failed(connection, tenant, kept, write, error);
    }
    connection.waiting += 1;
    try {
      const answers = (await connection.sql.unsafe(text).simple().values()) as unknown as RowsOf[];
      // One answer per statement that returns rows: the tenant's, then each EXECUTE's (PREPARE and
      // DEALLOCATE return none; postgres.js counts them with the answer before them).
      const rows = answers.slice(answers.length - kept.length);
      for (const [i, statement] of kept.entries()) statement.resolve(shaped(rows[i], statement.values));
    } catch (error) {
      // The message failed whole (one implicit transaction): every statement with it. What the
      // connection has prepared is no longer sure (a PREPARE may not have run, the connection may
      // be a new one): its next message starts again from nothing.
      connection.unsure = true;
      // Its socket failed (not a statement: PostgreSQL's codes are five characters). postgres.js
      // 3.4.9 leaves a client of one connection whose backend was terminated answering nothing
      // more (upstream, unpatched, as well): the connection gets a new client instead.
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) {
        const old = connection.sql;
        open(connection);
        void old.end({ timeout: 0 }).catch(() => {});
      }
      // A message built before its connection closed, sent on the new one: what it EXECUTEs was
      // never PREPAREd there (26000). Built again, it prepares them (a write's too: the message
      // failed whole, so nothing of it was committed).
      if ((error as { code?: unknown }).code === '26000' && !again)
        return run(connection, tenant, kept, write, true);
      return failed(connection, tenant, kept, write, error);
    } finally {
      connection.waiting -= 1;
    }
  }

  function failed(connection: Connection, tenant: Tenant, kept: Kept[], write: boolean, error: unknown) {
    return failWhole(kept, error, (first) => run(connection, tenant, [first], write));
  }

  // The connection of this turn of the event loop: the requests whose statements are sent in one
  // turn go out on one connection, up to TURN_SHARE of them, so postgres.js writes them together
  // and PostgreSQL's backend reads them in one wake-up (docs/performance.md, "Many requests in
  // one write"). The next turn starts again from the connection with the fewest waiting.
  let turn: { connection: Connection; requests: number } | undefined;
  // Shareable reads of this turn of the event loop, not yet sent: by statement text (the same
  // string each time: drizzle's prepared query keeps it), then by the shape asked for (arrays or
  // objects), the tenant and the values.
  type Shared = { connection: Connection; tenant: Tenant; read: Kept; sharers: Kept[] };
  let sharing: Map<string, Map<string, Shared>> | undefined;
  /**
   * Ends the turn: the next request starts a new one, and the turn's shared reads go out. It is
   * scheduled when the turn's first request is sent, ahead of the setImmediate with which
   * postgres.js writes what that request hands it, so the shared reads usually go in that write.
   */
  function endTurn(): void {
    turn = undefined;
    const reads = sharing;
    sharing = undefined;
    if (reads) sendShared(reads);
  }
  function connectionOfTurn(): Connection {
    if (turn && turn.requests < TURN_SHARE) {
      turn.requests += 1;
      return turn.connection;
    }
    if (!turn) setImmediate(endTurn);
    const connection = connections.reduce((a, b) => (b.waiting < a.waiting ? b : a));
    turn = { connection, requests: 1 };
    return connection;
  }

  /**
   * Sends the turn's shared reads, each once for all its sharers, when the turn ends (endTurn): a
   * read is joined only before it is handed to postgres.js, so PostgreSQL runs it (and takes its
   * snapshot) after every sharer had asked, and it cannot have answered before one joins.
   */
  function sendShared(reads: Map<string, Map<string, Shared>>): void {
    for (const ofText of reads.values())
      for (const { connection, tenant, read } of ofText.values()) void run(connection, tenant, [read], false);
  }

  /**
   * Whether `kept`, a request's one shareable read, is held for the turn's shared reads (sent at
   * the end of the turn): the first of its statement, shape, tenant and values, or one that joins
   * it (its answer, or its error, will be that one's).
   */
  function held(connection: Connection, tenant: Tenant, kept: Kept[]): boolean {
    const [only] = kept;
    if (kept.length !== 1 || !only?.shareable) return false;
    let key: string;
    try {
      key = `${only.values}|${tenant.accountId}|${tenant.workspaceId ?? ''}|${only.params.map(literal).join(',')}`;
    } catch {
      return false; // a value no message can carry: its own message fails it
    }
    // The turn (connectionOfTurn, called first) ends with a setImmediate that sends these.
    sharing ??= new Map();
    let ofText = sharing.get(only.text);
    if (!ofText) {
      ofText = new Map();
      sharing.set(only.text, ofText);
    }
    const shared = ofText.get(key);
    if (shared) {
      shared.sharers.push(only);
      return true;
    }
    const sharers: Kept[] = [];
    const { resolve, reject } = only;
    only.resolve = (rows) => {
      resolve(rows);
      for (const s of sharers) s.resolve(rows);
    };
    only.reject = (error) => {
      reject(error);
      for (const s of sharers) s.reject(error);
    };
    ofText.set(key, { connection, tenant, read: only, sharers });
    return true;
  }

  return {
    send(tenant, messages, write = false) {
      const connection = connectionOfTurn();
      // Started in this tick, one after the other: postgres.js writes them together, in order.
      for (const kept of messages)
        if (kept.length > 0 && (write || !held(connection, tenant, kept)))
          void run(connection, tenant, kept, write);
    },
    async close() {
      await Promise.all(connections.map((c) => c.sql.end({ timeout: 5 })));
    },
    shares: true,
    keeping: (keep) =>
      keepingDb((text, params) => {
        const { answer, kept } = keptStatement(text, params);
        keep(kept);
        return answer;
      }),
  };
}

type RowsOf = unknown[][] & { columns?: { name: string }[]; count?: number; command?: string };

/** An answer as postgres.js gives it for the way drizzle asked: arrays, or objects by column name. */
function shaped(rows: RowsOf | undefined, values: boolean): unknown {
  if (!rows) throw new Error('a batched read got fewer answers than it sent statements (db/read-batch.ts)');
  if (values) return rows;
  const columns = rows.columns ?? [];
  const objects = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.name, row[i]])));
  return Object.assign(objects, { count: rows.count, command: rows.command, columns: rows.columns });
}

/**
 * A database that keeps each statement for the batch `current()` names instead of sending it:
 * what services use as `ctx.db` while a read-ahead request's batch is open (db/tenant-context.ts).
 * A transaction cannot be kept: `db.transaction` throws.
 */
export function keepingDb(keep: (text: string, params: readonly unknown[]) => KeptAnswer): Db {
  const client = {
    options: { parsers: {}, serializers: {} },
    unsafe: (text: string, params: readonly unknown[] = []) => keep(text, params),
    begin: () => {
      throw new Error('a read-ahead route runs no transaction of its own (db/read-batch.ts)');
    },
  };
  return drizzlePostgres({ client: client as unknown as postgres.Sql }) as unknown as Db;
}

/** A kept statement's answer as drizzle awaits it: a promise, with `values()` as postgres.js has. */
export type KeptAnswer = Promise<unknown> & { values(): Promise<unknown> };

/** A statement to keep: its answer, and the entry of the batch it resolves. */
export function keptStatement(text: string, params: readonly unknown[]): { answer: KeptAnswer; kept: Kept } {
  let resolve: (rows: unknown) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const kept: Kept = { text, params, values: false, resolve, reject };
  const answer = Object.assign(promise, {
    values: () => {
      kept.values = true;
      return promise;
    },
  });
  return { answer, kept };
}
