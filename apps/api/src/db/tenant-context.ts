import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { Batcher, Kept } from './read-batch.ts';
import { rowsOf } from './rows.ts';

/*
 * The tenant as PostgreSQL sees it (docs/decisions.md 025). Every table with `account_id` has
 * row-level security, enabled and forced, with a policy on `current_setting('app.account_id')`
 * (and `app.workspace_id` where the table has a workspace): the app's role, `workhub_app`, sees
 * no tenant row at all unless the transaction it runs in says whose rows it may see.
 *
 * Each request that carries a verified access token of an account runs in one transaction that
 * begins with `set_config(..., true)` (transaction-local: a pooled connection never carries a tenant
 * into the next request) and ends when the reply is sent: committed before the answer leaves when
 * it is a success, rolled back when it is an error (a refused request changes nothing). Services
 * go on using `ctx.db`; it is the `tenantAware` database below, which sends each query to the
 * request's transaction while one is open.
 *
 * The few queries that must look across tenants (finding which workspaces a user may open, an
 * invitation by its token, platform staff's pages) say so with `crossTenant`, which switches to the
 * `workhub_platform` role for that one call.
 */

/** Whose rows the transaction may see: the account, the workspace (null: all of the account's). */
export type Tenant = { accountId: string; workspaceId: string | null; userId: string | null };

type RequestState = {
  tx: Db | undefined;
  done: boolean;
  /** lastReads has ended the request's transaction: a later query of the request is a mistake. */
  sealed?: boolean;
  current?: RequestTransaction | undefined;
  pause?: <T>(fn: () => Promise<T>) => Promise<T>;
  reopen?: () => Promise<void>;
  /** The open transaction's outcome, awaited by afterCommit; undefined between transactions. */
  committed?: Outcome;
  /** A read-ahead request's statements not yet sent (beginReadAhead); undefined otherwise. */
  batch?: OpenBatch | undefined;
};

/** A read-ahead request's batch (db/read-batch.ts): its statements kept until they are sent. */
type OpenBatch = {
  batcher: Batcher;
  tenant: Tenant;
  kept: Kept[];
  sentOnce: boolean;
  scheduled: boolean;
  /** The batch of a write route (beginWriteBatch): its lastWrite goes as a message that writes. */
  writable: boolean;
  /** What is kept now is lastWrite's: sent as one message that writes. */
  writing: boolean;
  /** What is kept now may share its answer with other requests' (sharedReads). */
  sharing?: boolean;
};

/** What waits for a transaction's COMMIT (afterCommit), and how the transaction ended. */
type Outcome = { waiting: (() => void)[]; ended?: 'committed' | 'dropped' };

const requestState = new AsyncLocalStorage<RequestState>();

/** Runs `fn` (the rest of a request's lifecycle) with a place for the request's transaction. */
export function runInRequestContext(fn: () => void): void {
  requestState.run({ tx: undefined, done: false }, fn);
}

/**
 * Runs `fn` apart from any request's transaction: work a request starts but does not wait for
 * (a mail's delivery) must not use a transaction that ends with the request.
 */
export function outsideRequest<T>(fn: () => T): T {
  return requestState.exit(fn);
}

function currentTx(): Db | undefined {
  const state = requestState.getStore();
  if (state?.sealed) {
    throw new Error("a query after lastReads: the request's transaction has ended (db/tenant-context.ts)");
  }
  return state && !state.done ? state.tx : undefined;
}

/**
 * The database as services use it: the request's transaction while one is open, `root` otherwise
 * (before a tenant is known, in background work, in scripts).
 */
export function tenantAware(root: Db): Db {
  const proxy = new Proxy(root, {
    get(target, property) {
      const db = currentTx() ?? target;
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
  roots.set(proxy, root);
  return proxy;
}

const roots = new WeakMap<Db, Db>();

const clientOf = (db: Db | undefined): unknown =>
  (db as unknown as { session?: { client?: unknown } } | undefined)?.session?.client;

/**
 * A statement prepared once (db/prepared.ts) for `db`, run on the connection `db` stands for now:
 * the request's transaction while one is open, else the database itself. (Drizzle keeps the
 * client a statement was prepared on; a tenant-aware database has no fixed one.)
 */
export function onCurrentConnection<S extends object>(db: Db, statement: S): S {
  const root = roots.get(db);
  if (!root) return statement;
  const client = clientOf(currentTx() ?? root);
  return client ? (Object.create(statement, { client: { value: client } }) as S) : statement;
}

const ENTER_TENANT =
  "select set_config('app.account_id', $1, true), set_config('app.workspace_id', $2, true), set_config('app.user_id', $3, true)";

type PostgresJsClient = {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown>;
};
const isPostgresJs = (client: unknown): client is PostgresJsClient =>
  typeof (client as { unsafe?: unknown } | undefined)?.unsafe === 'function';

/**
 * Sets the tenant for the rest of the transaction `tx` (transaction-local: it ends with it). On
 * PostgreSQL a named statement: postgres.js sends an unnamed one with parameters in two round trips
 * (it asks the server for their types first) and holds the connection's later queries until then;
 * a named one, once known to the connection, goes out with the queries after it in one write.
 */
export async function enterTenant(tx: Db, tenant: Tenant): Promise<void> {
  const params = [tenant.accountId, tenant.workspaceId ?? '', tenant.userId ?? ''];
  const client = clientOf(tx);
  if (isPostgresJs(client)) {
    await client.unsafe(ENTER_TENANT, params, { prepare: true });
    return;
  }
  await tx.execute(
    sql`select set_config('app.account_id', ${params[0]}, true), set_config('app.workspace_id', ${params[1]}, true), set_config('app.user_id', ${params[2]}, true)`,
  );
}

type Settings = { account: string | null; workspace: string | null; user: string | null };

/**
 * Runs `fn` in a transaction (a savepoint inside the request's) whose tenant is `tenant`: for a
 * tenant found without a token (an invitation's link). The tenant before it comes back afterwards.
 */
export async function withTenant<T>(db: Db, tenant: Tenant, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select current_setting('app.account_id', true) as account, current_setting('app.workspace_id', true) as workspace, current_setting('app.user_id', true) as user`,
    );
    const [before] = rowsOf<Settings>(result);
    await enterTenant(tx, tenant);
    const value = await fn(tx);
    await enterTenant(tx, {
      accountId: before?.account ?? '',
      workspaceId: before?.workspace ?? null,
      userId: before?.user ?? null,
    });
    return value;
  });
}

/** A transaction of a request, open until `end` commits it or not. */
export type RequestTransaction = { end(commit: boolean): Promise<void> };

class Rollback extends Error {}

/**
 * Ends `outcome` (afterCommit's): once committed, what waited for the commit runs, each on its own;
 * a rollback or a failed commit drops it.
 */
function settle(state: RequestState, outcome: Outcome, ended: 'committed' | 'dropped'): void {
  if (state.committed === outcome) state.committed = undefined;
  outcome.ended = ended;
  const waiting = outcome.waiting.splice(0);
  if (ended === 'dropped') return;
  for (const fn of waiting) {
    try {
      fn();
    } catch {
      // One callback's failure is its own (it logs it); the others still run.
    }
  }
}

async function open(root: Db, tenant: Tenant, state: RequestState): Promise<RequestTransaction | undefined> {
  let finish: (commit: boolean) => void = () => {};
  const finished = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  let entered: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let entering: Promise<void> = Promise.resolve();
  const committed: Outcome = { waiting: [] };
  const run = root.transaction(async (tx) => {
    // Not awaited before the request goes on: its first query (the session's) follows on the same
    // connection, in the same write; PostgreSQL runs them in order, and an error in setting the
    // tenant fails the transaction, and that query with it.
    entering = enterTenant(tx, tenant);
    entering.catch(() => {});
    state.tx = tx;
    state.done = false;
    state.committed = committed;
    entered();
    const commit = await finished;
    state.done = true;
    if (!commit) throw new Rollback();
    // Nor before the COMMIT: a request that sent everything in one write (plugins/auth.ts, read
    // ahead) has no answer yet. If setting the tenant failed, PostgreSQL ends the transaction as a
    // rollback, and `end` fails with that error below.
  });
  // A transaction that cannot begin (the database is down) fails the request (503, plugins/errors.ts).
  await Promise.race([ready, run]);
  if (state.done) return undefined;
  let ended = false;
  return {
    async end(commit) {
      if (ended) return;
      ended = true;
      finish(commit);
      try {
        try {
          await run;
        } catch (err) {
          if (!(err instanceof Rollback)) throw err;
        }
        await entering;
      } catch (err) {
        settle(state, committed, 'dropped');
        throw err;
      }
      settle(state, committed, commit ? 'committed' : 'dropped');
    },
  };
}

/**
 * Opens the transaction of the current request (runInRequestContext) for `tenant`; the queries of
 * the request go to it until `end`. Undefined outside a request.
 */
export async function beginRequestTransaction(
  root: Db,
  tenant: Tenant,
): Promise<RequestTransaction | undefined> {
  const state = requestState.getStore();
  // One transaction open at a time; once one has ended (a public route dropping the token's), the
  // request may open its next.
  if (!state || (state.tx && !state.done)) return undefined;
  state.done = true;
  state.current = await open(root, tenant, state);
  if (!state.current) return undefined;
  transactional(state, root, tenant);
  return { end: async (commit) => state.current?.end(commit) };
}

/** How a request whose queries run in a transaction pauses it (betweenTransactions) and opens its next. */
function transactional(state: RequestState, root: Db, tenant: Tenant): void {
  state.pause = async <T>(fn: () => Promise<T>): Promise<T> => {
    await state.current?.end(true);
    state.current = undefined;
    try {
      return await fn();
    } finally {
      state.current = await open(root, tenant, state);
    }
  };
  state.reopen = async () => {
    await state.current?.end(true);
    state.current = undefined;
    state.sealed = false;
    state.current = await open(root, tenant, state);
  };
}

const batchers = new WeakMap<Db, Batcher>();

/** The app's database on PostgreSQL sends read-ahead requests' statements as batches with `batcher`. */
export function useBatcher(appDb: Db, batcher: Batcher): void {
  batchers.set(appDb, batcher);
}

/** Keeps a statement for the current request's batch, sent once the request has queued its reads. */
function keep(kept: Kept): void {
  const batch = requestState.getStore()?.batch;
  if (!batch)
    throw new Error("a statement for a read-ahead request's batch after it ended (db/tenant-context.ts)");
  if (batch.sharing) kept.shareable = true;
  batch.kept.push(kept);
  if (!batch.scheduled) {
    batch.scheduled = true;
    // As postgres.js gathers a connection's writes: what the request queues meanwhile goes too.
    setImmediate(() => sendBatch(batch));
  }
}

/** Each batcher's keeping database (Batcher.keeping), made once. */
const keepingDbs = new WeakMap<Batcher, Db>();
function keepingOf(batcher: Batcher): Db {
  let db = keepingDbs.get(batcher);
  if (!db) {
    db = batcher.keeping(keep);
    keepingDbs.set(batcher, db);
  }
  return db;
}

/**
 * The messages of what a batch has kept (sendBatch): one. The request's first statement sent (its
 * session check, plugins/auth.ts) leads it and stands alone (read-batch.ts Kept.standsAlone): should
 * a read after it fail the message, the check is sent again by itself, so its answer (401 before
 * anything else) is still known. One message rather than the check's and the page's: one implicit
 * transaction and one setting of the tenant fewer per request (docs/performance.md, "The session
 * check in the page's message"). A read shared with other requests (sharedReads) goes in a message
 * of its own, as sharing needs, behind the check's; where the batcher shares nothing (`shares`
 * false: PGlite), it stays in the check's message.
 */
export function batchMessages(kept: Kept[], firstSend: boolean, shares = true): Kept[][] {
  const [check, ...rest] = kept;
  if (!firstSend || !check) return [kept];
  if (shares && rest.some((statement) => statement.shareable)) return [[check], rest];
  check.standsAlone = true;
  return [kept];
}

/** Sends what `batch` has kept (batchMessages). */
function sendBatch(batch: OpenBatch): void {
  batch.scheduled = false;
  if (batch.kept.length === 0) return;
  const messages = batchMessages(batch.kept.splice(0), !batch.sentOnce, batch.batcher.shares);
  batch.sentOnce = true;
  batch.batcher.send(batch.tenant, messages, batch.writing);
}

/**
 * Opens a read-ahead request's batch for `tenant` (docs/decisions.md 030): on PostgreSQL, its
 * statements are kept and sent as one message, an implicit transaction that sets the tenant and is
 * read-only, on a connection the request does not hold (db/read-batch.ts); on PGlite, as one call
 * into its one connection (db/pglite-batch.ts). Where the database has no batcher, the request's
 * transaction, as beginRequestTransaction. Once the batch has ended, `reopenRequestTransaction`
 * opens a transaction for the rest of the request.
 */
export async function beginReadAhead(
  root: Db,
  tenant: Tenant,
  writable = false,
): Promise<RequestTransaction | undefined> {
  const batcher = batchers.get(roots.get(root) ?? root);
  if (!batcher) return beginRequestTransaction(root, tenant);
  const state = requestState.getStore();
  if (!state || (state.tx && !state.done)) return undefined;
  const batch: OpenBatch = {
    batcher,
    tenant,
    kept: [],
    sentOnce: false,
    scheduled: false,
    writable,
    writing: false,
  };
  state.tx = keepingOf(batcher);
  state.done = false;
  state.committed = undefined;
  state.batch = batch;
  // Ending it sends what it still keeps (reads only: nothing to roll back).
  const end = async () => {
    if (state.batch !== batch) return;
    sendBatch(batch);
    state.batch = undefined;
    state.done = true;
  };
  state.current = { end };
  state.pause = async <T>(fn: () => Promise<T>): Promise<T> => fn();
  state.reopen = async () => {
    await end();
    state.current = undefined;
    state.sealed = false;
    state.current = await open(root, tenant, state);
    if (state.current) transactional(state, root, tenant);
  };
  return { end: async (commit) => state.current?.end(commit) };
}

/**
 * Opens the batch of a write route (`config: { writeBatch: true }`, plugins/auth.ts) whose usual
 * request writes one statement (a task's checked insert): on PostgreSQL its reads (the session
 * check first) go as read-only messages as a read-ahead request's do, and its `lastWrite` as ONE
 * message that sets the tenant and writes, an implicit transaction that PostgreSQL commits before
 * it answers, on a connection no request holds (db/read-batch.ts; docs/decisions.md 030). A request
 * that must write more than that one message calls `transactionForWrites` first. On PGlite the
 * same messages, each one call into it (db/pglite-batch.ts); where the database has no batcher,
 * the request's transaction.
 */
export async function beginWriteBatch(root: Db, tenant: Tenant): Promise<RequestTransaction | undefined> {
  return beginReadAhead(root, tenant, true);
}

/**
 * Makes sure the rest of the request runs in a transaction: a request of a write batch
 * (beginWriteBatch) that writes more than one lastWrite's message (two statements that must stand
 * or fall together, a savepoint) opens one now; any other request already has one, or has no
 * tenant. (In a batch, a write outside lastWrite fails: its message is read-only.)
 */
export async function transactionForWrites(): Promise<void> {
  const state = requestState.getStore();
  if (state?.batch && state.reopen) await state.reopen();
}

/**
 * The commit of what the current request writes from now on, to run what must wait for it: `fn`
 * given to the result runs at once outside a request's transaction (a statement there commits as
 * it runs), else when the transaction open now commits (at once if it already has), and never if
 * it rolls back or its COMMIT fails. For what must not leave the process before the change it tells
 * of is there to read (a mail's delivery: modules/mail/mailer.ts). Taken before the statement is
 * sent, so that it names that statement's transaction however late the callback is given (after
 * lastWrite, the statement's answer and the COMMIT's come in together). `fn` runs synchronously in
 * the commit's path: it starts its work and returns.
 */
export function afterCommit(): (fn: () => void) => void {
  const state = requestState.getStore();
  // Once the transaction is done, a statement goes to the database on its own and commits as it runs.
  const outcome = state && !state.done ? state.committed : undefined;
  return (fn) => {
    if (!outcome || outcome.ended === 'committed') fn();
    else if (!outcome.ended) outcome.waiting.push(fn);
  };
}

/**
 * Whether the current request's transaction pipelines its statements (PostgreSQL through
 * postgres.js, or a batch on either database): a statement started now goes out behind the ones
 * before it without waiting for their answers. In a transaction on PGlite (one connection, one
 * statement at a time) and outside a request's transaction, no.
 */
export function requestPipelines(): boolean {
  const state = requestState.getStore();
  return !!state?.current && !state.done && pipelines(state);
}

/** The request's statements go out without waiting for each other's answers: a batch, or postgres.js. */
const pipelines = (state: RequestState): boolean => !!state.batch || isPostgresJs(clientOf(state.tx));

/**
 * Ends the request's transaction (if lastReads has not) and opens a new one for the same tenant:
 * for a read made ahead of the session check (db/tenant-scope.ts workspaceRead) that must be made
 * again with what the session check found.
 */
export async function reopenRequestTransaction(): Promise<void> {
  const reopen = requestState.getStore()?.reopen;
  if (!reopen)
    throw new Error('reopenRequestTransaction: the request has no transaction (db/tenant-context.ts)');
  await reopen();
}

/**
 * Commits what the request has done so far and runs `fn` with no transaction open, then opens a
 * new one for the same tenant: for a call to the outside world that may be slow (a payment
 * provider), which must hold no lock and, on PGlite, not the one connection. Outside a request's
 * transaction, it just runs `fn`.
 */
export async function betweenTransactions<T>(fn: () => Promise<T>): Promise<T> {
  const state = requestState.getStore();
  return state?.pause && !state.done ? state.pause(fn) : fn();
}

/**
 * Resolves once every microtask pending now, and every one they queue in turn, has run: a tick
 * queued from a microtask runs only once the microtask queue is empty. A request's statements are
 * queued on their connection by microtasks after they are started (drizzle, then postgres.js), so
 * they all are by then, and a statement queued next goes out behind them. postgres.js writes what
 * a connection has queued from a setImmediate callback (at once from 16 KB, scripts/patch-deps.mjs),
 * after this: the next statement joins them in the same write, whatever was queued before them
 * (BEGIN, the tenant, the session check of a read ahead, plugins/auth.ts).
 */
async function queued(): Promise<void> {
  await null; // in a microtask, so that the tick below waits for the queue to empty
  await new Promise<void>((resolve) => process.nextTick(resolve));
}

/**
 * Runs the request's last reads (a list's page and its count) and ends its transaction with them:
 * its COMMIT goes out in the same write as the reads, behind them, instead of a round trip of its
 * own once the answer is ready (docs/performance.md). `fn` must start every statement it sends
 * before it first waits for one (a Promise.all of them); the request sends none afterwards (one
 * would throw). A read that fails fails the transaction, so the COMMIT ends it as a rollback and
 * the request answers the error as it would have. In a batch, the batch ends with them (its
 * message goes out). In a transaction on PGlite (no pipelining, one connection) and outside a
 * request's transaction, it just runs `fn`.
 */
export async function lastReads<T>(fn: () => Promise<T>): Promise<T> {
  const state = requestState.getStore();
  const current = state?.current;
  if (!state || !current || state.done || !pipelines(state)) return fn();
  const reads = fn();
  reads.catch(() => {});
  await queued();
  state.sealed = true;
  state.current = undefined;
  await current.end(true);
  return reads;
}

/**
 * lastReads for reads whose answer depends only on the tenant's account and workspace, the
 * statement and its values (not on who asks): on PostgreSQL the batcher keeps such a read until
 * the end of the turn of the event loop, and sends it once for every request of that turn that
 * asked the same (db/read-batch.ts, docs/decisions.md 031). It is sent after each of them had
 * asked, so each still sees everything committed before it asked. The rows are shared: read them,
 * never change them.
 */
export async function sharedReads<T>(fn: () => Promise<T>): Promise<T> {
  const batch = requestState.getStore()?.batch;
  if (!batch) return lastReads(fn);
  batch.sharing = true;
  try {
    return await lastReads(fn);
  } finally {
    batch.sharing = false;
  }
}

/**
 * Runs a request's last statement when it is a write (a task's one-statement create): as
 * lastReads, its COMMIT goes out in the same write, behind it, and the call returns only once the
 * COMMIT has succeeded, so a success is answered only for what is committed. A write that fails
 * fails the transaction and the COMMIT ends it as a rollback. Nothing the request does after it may
 * use the database, unless it first calls `reopenAfterLast` (a write that changed nothing and must
 * now say why).
 */
export function lastWrite<T>(fn: () => Promise<T>): Promise<T> {
  const state = requestState.getStore();
  const batch = state?.batch;
  if (state && batch?.writable && !state.done) return writeMessage(state, batch, fn);
  return lastReads(fn);
}

/**
 * lastWrite in a write batch: what the request has kept so far goes as it would (read-only), then
 * every statement `fn` starts before it first waits goes in one message that writes, and the
 * batch ends; a statement after that throws, as after lastReads. `fn`'s answer is PostgreSQL's once
 * the message's implicit transaction has committed (or failed whole).
 */
async function writeMessage<T>(state: RequestState, batch: OpenBatch, fn: () => Promise<T>): Promise<T> {
  sendBatch(batch);
  batch.writing = true;
  // What waits for the commit (afterCommit) waits for the message's answer.
  const committed: Outcome = { waiting: [] };
  state.committed = committed;
  const write = fn();
  write.catch(() => {});
  await queued();
  sendBatch(batch);
  state.batch = undefined;
  state.done = true;
  state.sealed = true;
  state.current = undefined;
  try {
    const answer = await write;
    settle(state, committed, 'committed');
    return answer;
  } catch (error) {
    settle(state, committed, 'dropped');
    throw error;
  }
}

/**
 * Opens a new transaction for the request (the same tenant) when lastReads or lastWrite has ended
 * its last one; nothing otherwise.
 */
export async function reopenAfterLast(): Promise<void> {
  const state = requestState.getStore();
  if (state?.sealed && state.reopen) await state.reopen();
}

/** Told of every switch to the platform role (the server logs it; db/ has no logger of its own). */
let platformWatcher: (use: { userId: string; action: string }) => void = () => {};
export function watchPlatformUse(watcher: typeof platformWatcher): void {
  platformWatcher = watcher;
}

/**
 * Platform staff's requests (modules/admin/staff.ts, once the caller is known to be staff): the
 * rest of the request's transaction runs as `workhub_platform`, which sees every tenant. 500 when
 * there is no request transaction to switch: the platform role is never taken for good.
 */
export async function enterPlatform(db: Db, use: { userId: string; action: string }): Promise<void> {
  if (!currentTx()) throw new Error('the platform role is taken only inside a request transaction');
  await db.execute(sql`set local role workhub_platform`);
  platformWatcher(use);
}

/**
 * Runs `fn` as the platform (role `workhub_platform`, which sees every tenant's rows): only for the
 * lookups that must cross tenants, each named by `reason` in the code that calls it. Inside a
 * request's transaction it is a savepoint, and the request's role comes back afterwards.
 */
export async function crossTenant<T>(db: Db, _reason: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role workhub_platform`);
    const result = await fn(tx);
    await tx.execute(sql`set local role workhub_app`);
    return result;
  });
}
