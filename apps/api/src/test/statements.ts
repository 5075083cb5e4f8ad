import { Socket } from 'node:net';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js';
import { vi } from 'vitest';

type Query = { queryString: string };

/**
 * The SQL of every statement Drizzle runs (PGlite or postgres.js, prepared or not) while `fn` runs,
 * in the order they were sent: what a request costs in statements. Not among them: BEGIN and COMMIT
 * (the drivers' own) and, on PostgreSQL, the tenant's set_config (db/tenant-context.ts enterTenant
 * sends it to postgres.js directly). Run nothing else on the database meanwhile.
 */
export async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const spies = [PglitePreparedQuery, PostgresJsPreparedQuery].flatMap(({ prototype }) =>
    (['execute', 'all'] as const).map((method) => {
      const original = prototype[method] as (this: Query, ...args: unknown[]) => unknown;
      return vi.spyOn(prototype, method).mockImplementation(function (this: Query, ...args: unknown[]) {
        statements.push(this.queryString);
        return original.apply(this, args);
      } as never);
    }),
  );
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return statements;
}

/**
 * What the process writes to its sockets while `fn` runs, as text (latin1), with `fn`'s result: in
 * a test app that is injected (no HTTP socket), the database's wire messages (BEGIN, a batch's
 * set_config, its EXECUTEs). Run nothing else on the database meanwhile.
 */
export async function socketWritesOf<T>(fn: () => Promise<T>): Promise<{ result: T; sent: string }> {
  const written: string[] = [];
  const original = Socket.prototype.write as (this: Socket, ...args: unknown[]) => boolean;
  const spy = vi.spyOn(Socket.prototype, 'write').mockImplementation(function (
    this: Socket,
    ...args: unknown[]
  ) {
    if (Buffer.isBuffer(args[0])) written.push(args[0].toString('latin1'));
    return original.apply(this, args);
  } as never);
  try {
    return { result: await fn(), sent: written.join('') };
  } finally {
    spy.mockRestore();
  }
}
