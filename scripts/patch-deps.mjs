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
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
export function patchQueue(text, file = 'queue.js') {
  if (text.includes(MARK)) return null;
  let out = text;
  for (const [from, to] of QUEUE_FIXES) {
    if (out.split(from).length !== 2) {
      throw new Error(
        `${file} is not the postgres.js 3.4 queue this patch knows: re-check scripts/patch-deps.mjs`,
      );
    }
    out = out.replace(from, to);
  }
  return `${MARK}\n${out}`;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const base = join(root, 'node_modules/postgres');
  if (!existsSync(base)) return; // not installed here (e.g. a partial install)
  for (const flavour of ['src', 'cjs/src', 'cf/src']) {
    const file = join(base, flavour, 'queue.js');
    if (!existsSync(file)) continue;
    const fixed = patchQueue(readFileSync(file, 'utf8'), file);
    if (fixed !== null) writeFileSync(file, fixed);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
