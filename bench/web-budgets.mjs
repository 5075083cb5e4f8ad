// The web's size per route, from the Vite manifest (apps/web/dist/.vite/manifest.json): what a
// route loads is the entry's static imports, the lazy routers and layouts on its way (the
// signed-in route table and the shell, or the public layout) and its page's own chunk with that
// chunk's static imports; each file gzip-compressed as a CDN would send it, each counted once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'apps/web/dist';
export const ROUTE_BUDGET_KB = 300;

const gzipKB = (file) => gzipSync(readFileSync(join(DIST, file))).length / 1024;

export function routeSizes() {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
  const closure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const sizeOf = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((kb, f) => kb + gzipKB(f), 0);
  const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const entry = closure(entryKey);
  const isRouter = (key) => (manifest[key].dynamicImports ?? []).length > 0 && key !== entryKey;
  const isLayout = (key) => /layout/i.test(key);
  const routes = [];
  // A page's dynamic imports (a chart it loads after rendering) count as part of its route.
  const visit = (key, around, layouts) => {
    for (const child of manifest[key].dynamicImports ?? []) {
      if (isLayout(child)) continue;
      const files = new Set([...around, ...layouts, ...closure(child)]);
      if (isRouter(child)) {
        const inner = (manifest[child].dynamicImports ?? []).filter(isLayout).flatMap((l) => [...closure(l)]);
        visit(child, files, inner);
      } else {
        routes.push({ page: child.replace(/^src\//, ''), kb: sizeOf(files) });
      }
    }
  };
  // The public layout wraps some top-level pages only; counting it for all of them overstates, never hides.
  const topLayouts = (manifest[entryKey].dynamicImports ?? [])
    .filter(isLayout)
    .flatMap((l) => [...closure(l)]);
  visit(entryKey, entry, topLayouts);
  routes.sort((a, b) => b.kb - a.kb);
  return { entryKB: sizeOf(entry), routes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { entryKB, routes } = routeSizes();
  console.log(`entry: ${entryKB.toFixed(1)} KB gzip`);
  for (const r of routes) console.log(`${r.page.padEnd(64)} ${r.kb.toFixed(1).padStart(7)} KB`);
}
