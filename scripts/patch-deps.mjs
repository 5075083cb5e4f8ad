#!/usr/bin/env node
// Run by `npm install` / `npm ci` (the root package's postinstall): fixes a dependency's defect in
// node_modules, for the product and for the bench's bare stack alike (docs/performance.md).
//
// postgres (postgres.js) 3.4.x, src/queue.js: `shift()` leaves a hole (`undefined`) at the front of
// its array, which is emptied only when the queue drains completely, and `remove()` looks for a
// connection from index 0, holes included. Under sustained load the pool's `busy` and `open`
// queues never drain: each pipelined query added a hole, and every move of a connection between
// queues scanned them all. The array grew for as long as the load lasted (a leak) and the scan
// took 12% of the server's CPU in a 13-second run. The fix: look from the first live entry, and
// drop the holes once they are half the array.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '// workhub: queue holes compacted (scripts/patch-deps.mjs)';

export const QUEUE_FIXES = [
  ['const index = xs.indexOf(x)', 'const index = xs.indexOf(x, start)'],
  [
    'function Queue(initial = []) {\n  let xs = initial.slice()\n  let index = 0\n',
    'function Queue(initial = []) {\n  let xs = initial.slice()\n  let index = 0\n  let start = 0\n',
  ],
  [
    '      if (index === xs.length) {\n        index = 0\n        xs = []\n      } else {\n        xs[index - 1] = undefined\n      }',
    '      if (index === xs.length) {\n        index = 0\n        xs = []\n      } else if (index >= 64 && index * 2 >= xs.length) {\n        xs = xs.slice(index)\n        index = 0\n      } else {\n        xs[index - 1] = undefined\n      }\n      start = index',
  ],
];

/** The fixed text of one queue.js, or null when it is already fixed; throws on an unknown text. */
export const patchQueue = (text, file = 'queue.js') => applyFixes(text, QUEUE_FIXES, MARK, file);

// postgres.js 3.4.x, src/index.js, `begin()`: the transaction's BEGIN is awaited (a round trip)
// before the transaction's first query is even written. Every request of the product runs in a
// transaction that sets its tenant (row-level security, docs/decisions.md 025): BEGIN, the tenant
// and the session's check are three statements that can go out in one write. The fix: once BEGIN
// has its connection, the transaction's queries follow it on that connection at once (PostgreSQL
// runs them in order). Its COMMIT is queued as soon as the transaction's function returns, behind
// them, without waiting for BEGIN's answer either (a read sent with the session check goes out
// with its COMMIT in one write: docs/decisions.md 028); the transaction is reported committed only
// once BEGIN has succeeded (if BEGIN failed, its statements ran outside any transaction and the
// COMMIT finds none: the transaction fails with BEGIN's error). (The connection is moved from the
// pool's `full` queue, where the pool put it as it does every connection of a transaction whose
// BEGIN is under way, to `reserved`, where a transaction's connection is kept: never in `open` or
// `busy`, so no other query can be sent on it.)
const BEGIN_MARK = '// workhub: BEGIN and COMMIT pipelined with the transaction (scripts/patch-deps.mjs)';

export const BEGIN_FIXES = [
  [
    "      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()\n      return await Promise.race([\n        scope(connection, fn),",
    "      let assigned\n      const onassigned = new Promise(r => assigned = r)\n      const began = sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute: c => { onexecute(c); assigned() } }).execute()\n      began.catch(() => {})\n      await Promise.race([onassigned, began])\n      connection.queue === full && move(connection, reserved)\n      return await Promise.race([\n        scope(connection, fn, undefined, began),",
  ],
  ['    async function scope(c, fn, name) {', '    async function scope(c, fn, name, began) {'],
  [
    '      if (!name) {\n        prepare\n',
    '      if (!name) {\n        const committing = prepare ? null : sql`commit`.execute()\n        committing && committing.catch(() => {})\n        began && await began\n        prepare\n',
  ],
  ['          : await sql`commit`\n      }', '          : await committing\n      }'],
];

// postgres.js 3.4.x, src/connection.js: once a connection's socket has closed (the server stopped,
// the network cut), it is null until the connection reconnects, but a transaction still holding the
// connection can send it a query (its next statement, its ROLLBACK): the query's bytes were queued
// and written from a timer to the null socket, and the TypeError thrown there ended the process
// (npm run faults, PostgreSQL stopped under load). The fix: such a query fails at once with
// CONNECTION_CLOSED, and a write with no socket is dropped.
const CLOSED_MARK = '// workhub: no write to a closed socket (scripts/patch-deps.mjs)';

export const CLOSED_FIXES = [
  [
    "    if (terminated)\n      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))\n",
    "    if (terminated)\n      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))\n\n    if (!socket)\n      return queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true\n",
  ],
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
    '  function nextWrite(fn) {\n    if (!socket) {\n      chunk = nextWriteTimer = null\n      return false\n    }\n    const x = socket.write(chunk, fn)\n',
  ],
];

/** The fixed text of one connection.js, or null when it is already fixed; throws on an unknown text. */
export const patchClosed = (text, file = 'connection.js') =>
  applyFixes(text, CLOSED_FIXES, CLOSED_MARK, file);

// postgres.js 3.4.x, src/connection.js: statements queued on a connection are written together from
// a setImmediate callback, but as soon as they reach 1 KB they are written at once. A request's
// transaction that reads ahead of its session check (docs/decisions.md 028) queues BEGIN, the
// tenant, the session's statement and its reads (0.7 KB for a list, 1.1 KB for the dashboard), then
// its COMMIT once they are all queued: past 1 KB the COMMIT missed the write and went in a second
// one, a loop turn later, after the first answers. The fix: written at once from 16 KB.
const BATCH_MARK = '// workhub: writes gathered up to 16 KB (scripts/patch-deps.mjs)';

export const BATCH_FIXES = [
  ['    if (fn || chunk.length >= 1024)\n', '    if (fn || chunk.length >= 16384)\n'],
];

// postgres.js 3.4.x, src/index.js, `begin()`: when a transaction's connection closes, the transaction
// fails at once, but its function may still be running, and its later statements went to the same
// connection object, which the pool by then may have reconnected and given to another query: the
// statement ran outside its transaction (without its tenant), and if it was written while the new
// connection was starting, its answer was taken as the next query's (a query got another's rows;
// db/postgres-begin.postgres.test.ts). The fix: once its connection has closed, a transaction
// refuses its statements (ROLLBACK and COMMIT included) with the close's error, and the ones it
// had queued fail with it.
const LOST_MARK =
  '// workhub: a transaction whose connection closed sends nothing more (scripts/patch-deps.mjs)';

export const LOST_FIXES = [
  [
    '    let savepoints = 0\n      , connection\n      , prepare = null\n',
    '    let savepoints = 0\n      , connection\n      , prepare = null\n      , lost = null\n',
  ],
  [
    '        new Promise((_, reject) => connection.onclose = reject)\n',
    '        new Promise((_, reject) => connection.onclose = e => {\n          lost = e\n          while (queries.length) queries.shift().reject(e)\n          reject(e)\n        })\n',
  ],
  [
    '        q.catch(e => uncaughtError || (uncaughtError = e))\n        c.queue === full\n',
    '        q.catch(e => uncaughtError || (uncaughtError = e))\n        if (lost)\n          return q.reject(lost)\n        c.queue === full\n',
  ],
];

/** The fixed text of one index.js (after patchBegin), or null when it is already fixed. */
export const patchLost = (text, file = 'index.js') => applyFixes(text, LOST_FIXES, LOST_MARK, file);

/** The fixed text of one connection.js, or null when it is already fixed; throws on an unknown text. */
export const patchBatch = (text, file = 'connection.js') => applyFixes(text, BATCH_FIXES, BATCH_MARK, file);

/** Applies `fixes` to `text` once (null when `mark` says it is done); throws on an unknown text. */
function applyFixes(text, fixes, mark, what) {
  if (text.includes(mark)) return null;
  let out = text;
  for (const [from, to] of fixes) {
    if (out.split(from).length !== 2) {
      throw new Error(
        `${what} is not the postgres.js 3.4 file this patch knows: re-check scripts/patch-deps.mjs`,
      );
    }
    out = out.replace(from, to);
  }
  return `${mark}\n${out}`;
}

/** The fixed text of one index.js, or null when it is already fixed; throws on an unknown text. */
export const patchBegin = (text, file = 'index.js') => applyFixes(text, BEGIN_FIXES, BEGIN_MARK, file);

// @electric-sql/pglite 0.5.x, parseResults (minified: `hn` in the ESM chunk): a query given
// `parsers` of its own (drizzle gives every query nine, to keep dates and times as text) copied
// the instance's whole parser table (318 type ids) into a new object for that one query, to look
// up the few types of its columns: ~100 us a query on the bench machines, a fifth of what a
// prepared task-list statement costs on PGlite (docs/performance.md "PGlite: a parser table copied
// per query"). The fix: the query's own parsers on an object whose prototype is the instance's
// table. Each type id is looked up as before: the query's parser, else the instance's. The
// bundles are minified, so the names are matched as they are in each file; every file that has
// the copy is fixed, and a package with none of them is refused (a new version: re-check it).
const PGLITE_MARK = '/* workhub: parsers looked up, not copied (scripts/patch-deps.mjs) */';
const PGLITE_COPY = /([\w$]+)\?\.parsers\?\{\.\.\.([\w$]+),\.\.\.\1\.parsers\}:\2(?=[,;)}])/g;

/**
 * The fixed text of one of PGlite's bundle files: null when it is already fixed or has no such copy
 * (most of the package's files). `PGLITE_COPY` is the copy as 0.5.x minifies it
 * (`n?.parsers?{...t,...n.parsers}:t`).
 */
export function patchPgliteParsers(text) {
  if (text.includes(PGLITE_MARK)) return null;
  let copies = 0;
  const out = text.replace(PGLITE_COPY, (_match, options, table) => {
    copies += 1;
    return `${options}?.parsers?Object.assign(Object.create(${table}),${options}.parsers):${table}`;
  });
  if (copies === 0) return null;
  // After a first line that must stay first (a shebang or 'use strict' is not in these bundles).
  return `${PGLITE_MARK}${out}`;
}

// @electric-sql/pglite 0.5.x, the protocol reader (pg-protocol's BufferReader, minified): each
// text field of every row was read as `decode(this.bytes(n))`, and `bytes` copies the field into
// an ArrayBuffer of its own (`buffer.slice`) before the decoder makes it a string. A page of 14
// projects is some 250 fields, each a new ArrayBuffer the garbage collector then tracks as
// external memory: on PGlite that copy was 5.7% of the server's CPU under the project list
// (docs/performance.md "PGlite: a copy of every field read"). The fix: `string` decodes a view of
// the reader's buffer at the same place (no copy); `bytes` (a binary field, which its caller
// keeps) still copies. The names are matched as each bundle minifies them, from `bytes` itself.
const READER_MARK = '/* workhub: fields decoded in place (scripts/patch-deps.mjs) */';
const READER_BYTES =
  /bytes\(([\w$]+)\)\{let ([\w$]+)=([\w$]+\(this,[\w$]+\))\.buffer\.slice\(([\w$]+\(this,[\w$]+\)),\4\+\1\);return ([^;{}]+?),new Uint8Array\(\2\)\}/;
const READER_STRING = /string\(([\w$]+)\)\{return ([\w$]+\(this,[\w$]+\))\.decode\(this\.bytes\(\1\)\)\}/;

/**
 * The fixed text of one of PGlite's bundle files: null when it is already fixed or has no such
 * reader (most of the package's files). The reader as 0.5.x minifies it:
 * `string(t){return r(this,le).decode(this.bytes(t))}` and
 * `bytes(t){let n=r(this,x).buffer.slice(r(this,w),r(this,w)+t);return d(this,w,r(this,w)+t),new Uint8Array(n)}`.
 */
export function patchPgliteReader(text) {
  if (text.includes(READER_MARK)) return null;
  const string = READER_STRING.exec(text);
  if (!string) return null;
  const bytes = READER_BYTES.exec(text);
  if (!bytes)
    throw new Error(
      'a PGlite reader whose `bytes` this patch does not know: re-check scripts/patch-deps.mjs',
    );
  const [, length, view, data, position, advance] = bytes;
  const decoder = string[2];
  const inPlace = `string(${length}){let ${view}=new Uint8Array(${data}.buffer,${position},${length});return ${advance},${decoder}.decode(${view})}`;
  return `${READER_MARK}${text.replace(string[0], () => inPlace)}`;
}

// @electric-sql/pglite 0.5.x, the protocol writer's UTF-8 length of a string (minified: `U` in the
// ESM chunk), which sizes every text it sends (a statement's text, each parameter) before
// TextEncoder writes it. It counts backwards and, on a low surrogate (U+DC00-U+DFFF), skips the
// code unit before it as the pair's high half, even when that unit is not a high surrogate. A lone
// low surrogate after a character of two bytes or more (JSON lets a request carry one: "é\udc00")
// was counted a byte short, the encoder then wrote one more byte than the message's length said,
// and PostgreSQL read a message cut short: `é\udc00` refused as invalid UTF-8 (a 500), a task named
// `é\udc00é\udc00xyz` stored as `é\ufffdé\ufffdx`, a statement's last bytes lost. The fix: the
// length TextEncoder writes (a lone surrogate as U+FFFD, three bytes), from Buffer.byteLength
// where Node's Buffer exists (the same count, in native code: PGlite counted a 1.2 MB JSON
// parameter character by character) and a counting loop that pairs only true pairs otherwise.
const UTF8_MARK = '/* workhub: UTF-8 lengths counted as written (scripts/patch-deps.mjs) */';
const UTF8_LENGTH =
  /function ([\w$]+)\(([\w$]+)\)\{let ([\w$]+)=\2\.length;for\(let ([\w$]+)=\2\.length-1;\4>=0;\4--\)\{let ([\w$]+)=\2\.charCodeAt\(\4\);\5>127&&\5<=2047\?\3\+\+:\5>2047&&\5<=65535&&\(\3\+=2\),\5>=56320&&\5<=57343&&\4--\}return \3\}/g;

/**
 * The fixed text of one of PGlite's bundle files: null when it is already fixed or has no such
 * function (most of the package's files). The function as 0.5.x minifies it:
 * `function U(e){let t=e.length;for(let n=e.length-1;n>=0;n--){let s=e.charCodeAt(n);s>127&&s<=2047?t++:s>2047&&s<=65535&&(t+=2),s>=56320&&s<=57343&&n--}return t}`.
 */
export function patchPgliteUtf8Length(text) {
  if (text.includes(UTF8_MARK)) return null;
  let found = 0;
  const out = text.replace(UTF8_LENGTH, (_match, name, value) => {
    found += 1;
    return (
      `function ${name}(${value}){if(typeof Buffer<"u")return Buffer.byteLength(${value},"utf8");` +
      `let t=0;for(let i=0;i<${value}.length;i++){let c=${value}.charCodeAt(i);` +
      `if(c<128)t+=1;else if(c<2048)t+=2;else if(c>=55296&&c<=56319&&i+1<${value}.length&&` +
      `${value}.charCodeAt(i+1)>=56320&&${value}.charCodeAt(i+1)<=57343){t+=4;i++}else t+=3}return t}`
    );
  });
  if (found === 0) return null;
  return `${UTF8_MARK}${out}`;
}

/**
 * Fixes every bundle of the installed PGlite: its parser copy, its reader's field copy and its
 * UTF-8 length. Each must be found (or already fixed) in at least one bundle, or the install stops.
 */
function patchPglite(root) {
  const base = join(root, 'node_modules/@electric-sql/pglite/dist');
  if (!existsSync(base)) return;
  const files = readdirSync(base, { recursive: true })
    .map(String)
    .filter((name) => /\.(?:c?js|mjs)$/.test(name))
    .map((name) => join(base, name));
  for (const [mark, patch, what] of [
    [PGLITE_MARK, patchPgliteParsers, 'parser copy'],
    [READER_MARK, patchPgliteReader, 'protocol reader'],
    [UTF8_MARK, patchPgliteUtf8Length, 'UTF-8 length'],
  ]) {
    let fixed = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const out = text.includes(mark) ? null : patch(text);
      if (out !== null) writeFileSync(file, out);
      if (out !== null || text.includes(mark)) fixed += 1;
    }
    if (fixed === 0)
      throw new Error(`${base} has no ${what} this patch knows: re-check scripts/patch-deps.mjs`);
  }
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  patchPglite(root);
  const base = join(root, 'node_modules/postgres');
  if (!existsSync(base)) return; // not installed here (e.g. a partial install)
  for (const flavour of ['src', 'cjs/src', 'cf/src']) {
    for (const [name, patch] of [
      ['queue.js', patchQueue],
      ['index.js', patchBegin],
      ['index.js', patchLost],
      ['connection.js', patchClosed],
      ['connection.js', patchBatch],
    ]) {
      const file = join(base, flavour, name);
      if (!existsSync(file)) continue;
      const fixed = patch(readFileSync(file, 'utf8'), file);
      if (fixed !== null) writeFileSync(file, fixed);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
