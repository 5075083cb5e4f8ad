import type { QueryOptions, Results } from '@electric-sql/pglite';
import { literal, UnwritableValue } from './read-batch.ts';

/*
 * PostgreSQL plans a statement once per connection when it is prepared (postgres.js names every
 * statement the app runs; db/prepared.ts builds each shape once). PGlite's `query` has no named
 * statements: each run is an unnamed Parse, so PostgreSQL parsed, analyzed and planned the app's
 * statements on every run. On PGlite, planning is most of what a request costs: the task list's
 * four statements took 4.1-4.3 ms a request planned each time, 0.9-1.2 ms prepared (measured at
 * 100k tasks, docs/performance.md "PGlite planned every statement").
 *
 * The app's view of PGlite therefore PREPAREs a statement the second time it sees its text and
 * runs it by EXECUTE after that, with the run's values written as quoted literals (read-batch.ts
 * `literal`): PostgreSQL reads each with its parameter's input function, as it reads a text-format
 * parameter, so a value means the same and a bad one fails with the same error. A value that no
 * literal can carry (a NUL, an object) runs the statement as before. Prepared statements belong to
 * the session and outlive a rolled-back transaction; a plan whose row-level security depends on
 * the role is made again when the role changes (PostgreSQL's plan cache), and the tenant is a
 * setting the plan reads when it runs, never a constant of it.
 */

/** At most this many statements are prepared (names are never reused); past it, texts run unprepared. */
export const PGLITE_MAX_PREPARED = 2000;
/** Texts seen once are remembered up to this many, then forgotten all at once. */
const MAX_SEEN = 10_000;

/**
 * Values longer than this in all run as parameters: PostgreSQL would read them again as the text
 * of a statement (the MRP run's JSON of 2,000 proposals: its three runs 5-10% slower and its
 * server ~50 MB bigger when they went as literals), where planning is no longer what costs.
 */
export const MAX_LITERALS = 8 * 1024;

/** Only these can be PREPAREd (not SET, BEGIN, DDL...). */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with|values)\b/i;

type Query = <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
/** A PGlite or one of its transactions: what runs statements. */
type Runner = { query: Query; exec(query: string, options?: QueryOptions): Promise<Array<Results>> };

/** What one PGlite session has prepared, shared by every query function made for it. */
export type PreparedTexts = {
  /** Texts prepared, with their statement's name. */
  names: Map<string, string>;
  /** Texts being prepared: their other runs meanwhile go unprepared. */
  preparing: Set<string>;
  seen: Set<string>;
  /** Names given so far (a PREPARE whose EXECUTE failed still holds its name). */
  given: number;
  max: number;
};

export const preparedTexts = (max = PGLITE_MAX_PREPARED): PreparedTexts => ({
  names: new Map(),
  preparing: new Set(),
  seen: new Set(),
  given: 0,
  max,
});

/** The values of a run as literals, or undefined when one cannot be written as a literal. */
function literals(params: readonly unknown[]): string[] | undefined {
  try {
    return params.map(literal);
  } catch (error) {
    if (error instanceof UnwritableValue) return undefined;
    throw error;
  }
}

/** The answer of a message's last statement (its EXECUTE). */
function lastOf<T>(results: Array<Results>): Results<T> {
  const last = results[results.length - 1];
  if (!last) throw new Error('PGlite answered a statement with no result');
  return last as Results<T>;
}

/**
 * `runner`'s `query` (a PGlite's or a transaction's), preparing the statements it runs a second
 * time and executing them after. An EXECUTE goes as one simple-protocol message (`exec`): `query`
 * would send it as six (parse, two describes, bind, execute, sync), each a call into PGlite's
 * WebAssembly, ~50 us more a statement for the same answer (docs/performance.md "PGlite: a parser
 * table copied per query"). A statement without values runs as it is. Each run is handed to
 * PGlite when it is called, as before: statements called one after the other without waiting
 * (a delete and then an insert) still run in that order.
 */
export function preparingQuery(runner: Runner, texts: PreparedTexts): Query {
  const run: Query = (query, params, options) => runner.query(query, params, options);
  return async <T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    // A text with a `;` is not prepared: the PREPARE goes out with its EXECUTE as one simple-protocol
    // message, which would run a second statement that a parameterized query refuses.
    if (!params?.length || !PREPARABLE.test(query) || query.includes(';'))
      return run<T>(query, params, options);
    const values = literals(params);
    if (!values || values.reduce((length, value) => length + value.length, 0) > MAX_LITERALS)
      return run<T>(query, params, options);
    const name = texts.names.get(query);
    if (name) return lastOf<T>(await runner.exec(`execute ${name}(${values.join(', ')})`, options));
    if (!texts.seen.has(query) || texts.preparing.has(query) || texts.given >= texts.max) {
      if (texts.seen.size >= MAX_SEEN) texts.seen.clear();
      texts.seen.add(query);
      return run<T>(query, params, options);
    }
    // Prepared and run in one call, in this run's place. A PREPARE is not undone by a failed
    // transaction or EXECUTE, so a name is never given twice; an error is the statement's own
    // (the same analysis runs), its value's, or its transaction's, as it would be unprepared.
    texts.given += 1;
    const chosen = `app_${texts.given}`;
    texts.preparing.add(query);
    try {
      const results = await runner.exec(
        `prepare ${chosen} as ${query};\nexecute ${chosen}(${values.join(', ')})`,
        options,
      );
      texts.names.set(query, chosen);
      return lastOf<T>(results);
    } finally {
      texts.preparing.delete(query);
    }
  };
}
