#!/usr/bin/env node
// Gzip size of the JS a route loads first: the entry chunk, the route's page chunk(s), and every
// chunk they import statically. Chunks fetched later (dynamic imports: validation, toasts) are
// listed apart. Usage, after `vite build`:
//   node scripts/route-size.mjs [--budget kB] [page-chunk-prefix ...]   (default: login-page)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget');
const budget = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : null;
const pages = args.length > 0 ? args : ['login-page'];

const print = (line) => process.stdout.write(`${line}\n`);

const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const source = (name) => readFileSync(join(assets, name), 'utf8');
// kB = 1000 bytes, as Vite prints them.
const kb = (bytes) => (bytes / 1000).toFixed(1);
const gzip = (name) => gzipSync(source(name)).length;
const staticImports = (name) =>
  [...source(name).matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)].map(
    (m) => m[1],
  );
const dynamicImports = (name) =>
  [...source(name).matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]);

const entry = files.find((name) => /^index-[\w-]+\.js$/.test(name));
const roots = [entry, ...pages.map((page) => files.find((name) => name.startsWith(`${page}-`)))];
if (roots.some((name) => !name)) {
  console.error(`chunk not found among: ${files.join(', ')}`);
  process.exit(2);
}

const loaded = new Set();
const visit = (name) => {
  if (loaded.has(name)) return;
  loaded.add(name);
  for (const dep of staticImports(name)) visit(dep);
};
for (const root of roots) visit(root);

// What this route fetches only on demand (not other pages): the validator, the toasts.
const later = new Set();
const visitLater = (name) => {
  if (loaded.has(name) || later.has(name)) return;
  later.add(name);
  for (const dep of staticImports(name)) visitLater(dep);
};
const isRoute = (name) => /-(page|layout)-/.test(name);
for (const name of roots.slice(1).flatMap((root) => [...loaded].filter((n) => n === root || !isRoute(n))))
  for (const dep of dynamicImports(name)) if (!isRoute(dep)) visitLater(dep);

let total = 0;
for (const name of [...loaded].sort((a, b) => gzip(b) - gzip(a))) {
  total += gzip(name);
  print(`${kb(gzip(name)).padStart(7)} kB  ${name}`);
}
print(`${kb(total).padStart(7)} kB  total JS gzip for ${pages.join(' + ')} (first load)`);
let laterTotal = 0;
for (const name of later) {
  laterTotal += gzip(name);
  print(`${kb(gzip(name)).padStart(7)} kB  on demand: ${name}`);
}
print(`${kb(laterTotal).padStart(7)} kB  fetched on demand (first validation, first toast)`);
if (budget !== null && total / 1000 > budget) {
  console.error(`over budget: ${kb(total)} kB > ${budget} kB`);
  process.exit(1);
}
