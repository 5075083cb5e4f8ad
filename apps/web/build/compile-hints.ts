import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with this comment has every function
 * compiled on a background thread while the file streams in, instead of each on the main thread the
 * first time it is called. A first load calls most of the functions of the chunks it starts with
 * (React's, the router's, Mantine's core, the shell's), and compiling them one by one on first call
 * was much of its main-thread work: at Lighthouse's 4x CPU, /project/list's blocking time in a
 * browser here fell from ~155 to ~85 ms with it (docs/performance.md). Browsers without the hint
 * read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunk groups most first loads start with (vite.config.ts): the sign-in form's Mantine kit,
 * the signed-in shell and route table, the public pages' kit, the plan cards.
 */
export const FIRST_LOAD_GROUPS = new Set([
  'mantine-form-kit',
  'signed-in-shell',
  'signed-in-routes',
  'public-kit',
  'plan-cards',
]);

/** What the plugin reads of an output chunk. */
export type HintedChunk = { fileName: string; name: string; isEntry: boolean; imports: readonly string[] };

/** The scripts an HTML page of the build loads or preloads (paths as the HTML names them, without the '/'). */
export const scriptsOfHtml = (html: string): string[] =>
  [
    ...html.matchAll(
      /<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g,
    ),
  ].map((match) => match[1] ?? '');

/**
 * The chunks a first load starts with, to hint: the entry, the first-load groups, the scripts an
 * HTML page of the build names (a public page's own chunks in its public-*.html; the shell and the
 * route table in app.html), and every chunk these import statically. A signed-in page's own chunk
 * (loaded by its route) and the chunks only a later step loads (a dialog's, a chart's) stay lazy:
 * they hold code that only some of the page's screens call.
 */
export const chunksToHint = (
  chunks: readonly HintedChunk[],
  htmlScripts: readonly string[] = [],
): Set<string> => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const hinted = new Set<string>();
  const visit = (fileName: string) => {
    if (hinted.has(fileName) || !byFile.has(fileName)) return;
    hinted.add(fileName);
    for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
  };
  for (const chunk of chunks) {
    if (chunk.isEntry || FIRST_LOAD_GROUPS.has(chunk.name)) visit(chunk.fileName);
  }
  for (const script of htmlScripts) visit(script);
  return hinted;
};

/**
 * Puts the hint on the first line of those chunks as written: Vite rewrites a chunk with dynamic
 * imports (the entry's `__vite__mapDeps` line first) after every plugin's `generateBundle`, and V8
 * reads the hint only on the first line. A source map beside a chunk moves down one line with it.
 * The precompressed copies (vite.config.ts `precompress`, at closeBundle) are made from these files.
 */
export const compileHints = (): Plugin => ({
  name: 'workhub:compile-hints',
  apply: 'build',
  writeBundle(options, bundle) {
    const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
    for (const group of FIRST_LOAD_GROUPS) {
      if (!chunks.some((chunk) => chunk.name === group)) this.error(`no chunk of the group ${group} to hint`);
    }
    const htmlScripts = Object.values(bundle).flatMap((file) =>
      file.type === 'asset' && file.fileName.endsWith('.html') ? scriptsOfHtml(String(file.source)) : [],
    );
    const dir = options.dir ?? 'dist';
    for (const fileName of chunksToHint(chunks, htmlScripts)) {
      const file = join(dir, fileName);
      const code = readFileSync(file, 'utf8');
      if (code.startsWith(COMPILE_HINT)) continue;
      writeFileSync(file, COMPILE_HINT + code);
      const mapFile = `${file}.map`;
      if (existsSync(mapFile)) {
        const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
        writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    }
  },
});
