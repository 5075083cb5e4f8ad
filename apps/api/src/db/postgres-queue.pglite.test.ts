import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (the root package's postinstall)
import * as patches from '../../../../scripts/patch-deps.mjs';
import { findRepoRoot } from '../config.ts';

type Fixes = [string, string][];
type Patch = (text: string) => string | null;
const { patchBatch, patchBegin, patchClosed, patchLost, patchQueue } = patches as Record<
  'patchBatch' | 'patchBegin' | 'patchClosed' | 'patchLost' | 'patchQueue',
  Patch
>;
const { BATCH_FIXES, BEGIN_FIXES, CLOSED_FIXES, LOST_FIXES, QUEUE_FIXES } = patches as Record<
  'BATCH_FIXES' | 'BEGIN_FIXES' | 'CLOSED_FIXES' | 'LOST_FIXES' | 'QUEUE_FIXES',
  Fixes
>;

// Runs once (the PGlite project): it reads files, not a database.
type Queue<T> = { readonly length: number; push(x: T): T; shift(): T; remove(x: T): T | null };
const queueFile = (flavour: string) => join(findRepoRoot(), 'node_modules/postgres', flavour, 'queue.js');
const MARK_LINE = /^\/\/ workhub:.*\n/;
const MARK_LINES = /^\/\/ workhub:.*\n/gm;

/** The text as postgres.js ships it: the installed file with the fixes taken back out. */
function shipped(installed: string, fixes: Fixes = QUEUE_FIXES): string {
  let text = installed.replace(MARK_LINES, '');
  for (const [from, to] of [...fixes].reverse()) text = text.replace(to, from);
  return text;
}

describe("postgres.js's connection queue, as npm install leaves it (scripts/patch-deps.mjs)", () => {
  it('is the fixed queue in each of the package flavours', () => {
    for (const flavour of ['src', 'cjs/src', 'cf/src']) {
      const installed = readFileSync(queueFile(flavour), 'utf8');
      expect(installed).toMatch(MARK_LINE);
      expect(patchQueue(shipped(installed))).toBe(installed);
      expect(patchQueue(installed)).toBeNull();
    }
  });

  it('refuses a queue.js it does not know rather than patching it blindly', () => {
    expect(() => patchQueue('export default function Queue() {}')).toThrow(/not the postgres.js 3.4 file/);
  });

  it('still behaves as a queue through long runs of shifts, removals and pushes', async () => {
    const { default: Queue } = (await import(pathToFileURL(queueFile('src')).href)) as {
      default: <T>(initial?: T[]) => Queue<T>;
    };
    const queue = Queue<number>([1, 2, 3]);
    let next = 4;
    // What the pool does to a busy connection: shift it, try to remove it (gone), push it back.
    for (let i = 0; i < 10_000; i++) {
      const first = queue.shift();
      expect(queue.remove(first)).toBeNull();
      queue.push(first);
      if (i % 1_000 === 0) queue.push(next++);
    }
    expect(queue.length).toBe(13);
    // A removal from the middle, then first-in first-out order for the rest.
    expect(queue.remove(5)).toBe(5);
    const order = Array.from({ length: 12 }, () => queue.shift());
    expect(new Set(order).size).toBe(12);
    expect(order).not.toContain(5);
    expect(queue.length).toBe(0);
    queue.push(99);
    expect(queue.shift()).toBe(99);
  });
});

describe("postgres.js's begin(), as npm install leaves it (scripts/patch-deps.mjs)", () => {
  // Its behaviour on a real server is in postgres-begin.postgres.test.ts.
  const indexFile = (flavour: string) => join(findRepoRoot(), 'node_modules/postgres', flavour, 'index.js');

  it('sends BEGIN, and queues COMMIT, without waiting for its answer, and sends nothing once its connection closed, in each flavour', () => {
    for (const flavour of ['src', 'cjs/src', 'cf/src']) {
      const installed = readFileSync(indexFile(flavour), 'utf8');
      expect(installed).toMatch(MARK_LINE);
      expect(installed).toContain('const committing = prepare ? null : sql`commit`.execute()');
      expect(installed).toContain('began && await began');
      expect(installed).toContain('if (lost)\n          return q.reject(lost)');
      const begun = patchBegin(shipped(installed, [...BEGIN_FIXES, ...LOST_FIXES]));
      expect(begun === null ? null : patchLost(begun)).toBe(installed);
      expect(patchBegin(installed)).toBeNull();
      expect(patchLost(installed)).toBeNull();
    }
  });

  it('refuses an index.js it does not know rather than patching it blindly', () => {
    expect(() => patchBegin('export default function Postgres() {}')).toThrow(/not the postgres.js 3.4 file/);
  });
});

describe("postgres.js's connection, as npm install leaves it (scripts/patch-deps.mjs)", () => {
  const connectionFile = (flavour: string) =>
    join(findRepoRoot(), 'node_modules/postgres', flavour, 'connection.js');

  it('refuses a query on a closed socket, writes nothing to it, and gathers writes up to 16 KB, in each flavour', () => {
    for (const flavour of ['src', 'cjs/src', 'cf/src']) {
      const installed = readFileSync(connectionFile(flavour), 'utf8');
      expect(installed).toMatch(MARK_LINE);
      expect(installed).toContain(
        "return queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true",
      );
      expect(installed).toContain('if (fn || chunk.length >= 16384)');
      // As scripts/patch-deps.mjs applies them: the closed-socket fix, then the batching.
      const original = shipped(installed, [...CLOSED_FIXES, ...BATCH_FIXES]);
      expect(original).toContain('if (fn || chunk.length >= 1024)');
      expect(patchBatch(patchClosed(original) ?? '')).toBe(installed);
      expect(patchClosed(installed)).toBeNull();
      expect(patchBatch(installed)).toBeNull();
    }
  });

  it('refuses a connection.js it does not know rather than patching it blindly', () => {
    expect(() => patchBatch('export default function Connection() {}')).toThrow(
      /not the postgres.js 3.4 file/,
    );
  });
});
