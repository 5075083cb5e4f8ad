import type { Plugin } from 'vite';
import { PUBLIC_PATHS } from '../src/app/public-paths.ts';

/**
 * A page behind sign-in waits for three things before it can render: the entry, the session
 * restore, and the signed-in route table with the shell (the page's own chunk comes after the
 * table, which names it). Left to the entry, the table and the shell are asked for only once the
 * entry has run: two waves of requests one after the other, on a phone's network hundreds of
 * milliseconds each.
 *
 * This plugin writes `app.html`: index.html with `<link rel="modulepreload">` for the table's and
 * the shell's chunks (and a preload of their stylesheets), so the browser fetches them beside the
 * entry. The API answers it for every address that is not public (`.vite/pages.json` lists the
 * public ones as regular expressions; apps/api/src/plugins/web.ts). Public pages keep index.html,
 * which loads none of it: the sign-in page's 140 KB budget.
 */

/** The signed-in route table, the shell around its pages, and the guard of every template page. */
export const SIGNED_IN_ROOTS = [
  /src[/]app[/]signed-in-routes\.tsx$/,
  /src[/]app[/]shell[/]shell-layout\.tsx$/,
  /src[/]app[/]guards[/]require-template\.tsx$/,
];

/** What the plugin reads of an output chunk. */
export type ChunkFacts = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  css: readonly string[];
};

export type Preloads = { scripts: string[]; styles: string[] };

/**
 * A react-router pattern (`/auth/verify/:email?`) as the source of a regular expression that
 * matches the same paths as `matchPath(pattern, path)`: case-insensitive, trailing slashes allowed,
 * `:name` one segment, `:name?` an optional one.
 */
export const patternSource = (pattern: string): string => {
  const segments = pattern.split('/').filter(Boolean);
  const body = segments
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return `^${body || '/'}/*$`;
};

/**
 * The files a signed-in page loads beyond the entry: the chunks of `roots` and everything they
 * import statically, less what the entry already loads, and their stylesheets. Throws when a root
 * has no chunk (a file renamed without this list).
 */
export const signedInPreloads = (chunks: readonly ChunkFacts[], roots: readonly RegExp[]): Preloads => {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: readonly ChunkFacts[]): Set<ChunkFacts> => {
    const seen = new Set<ChunkFacts>();
    const visit = (chunk: ChunkFacts | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      for (const name of chunk.imports) visit(byName.get(name));
    };
    for (const chunk of start) visit(chunk);
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  const rootChunks = roots.map((root) => {
    const chunk = chunks.find((c) => c.facadeModuleId !== null && root.test(c.facadeModuleId));
    if (!chunk) throw new Error(`signed-in-html: no chunk for ${root}`);
    return chunk;
  });
  const wanted = [...closure(rootChunks)].filter((chunk) => !entry.has(chunk));
  const entryStyles = new Set([...entry].flatMap((chunk) => chunk.css));
  return {
    scripts: wanted.map((chunk) => chunk.fileName),
    styles: [...new Set(wanted.flatMap((chunk) => chunk.css))].filter((file) => !entryStyles.has(file)),
  };
};

/** index.html with the preloads at the end of its head. */
export const withPreloads = (html: string, { scripts, styles }: Preloads): string => {
  if (!html.includes('</head>')) throw new Error('signed-in-html: index.html has no </head>');
  const links = [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
};

/** What the API reads (apps/api/src/plugins/web.ts). */
export type PagesFile = { publicPaths: string[]; signedInHtml: string };

export const signedInHtml = (): Plugin => ({
  name: 'workhub:signed-in-html',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const index = bundle['index.html'];
    if (index?.type !== 'asset') return this.error('signed-in-html: the build has no index.html');
    const chunks: ChunkFacts[] = Object.values(bundle).flatMap((file) =>
      file.type === 'chunk'
        ? [
            {
              fileName: file.fileName,
              isEntry: file.isEntry,
              facadeModuleId: file.facadeModuleId,
              imports: file.imports,
              css: [...(file.viteMetadata?.importedCss ?? [])],
            },
          ]
        : [],
    );
    const html = withPreloads(String(index.source), signedInPreloads(chunks, SIGNED_IN_ROOTS));
    this.emitFile({ type: 'asset', fileName: 'app.html', source: html });
    const pages: PagesFile = { publicPaths: PUBLIC_PATHS.map(patternSource), signedInHtml: 'app.html' };
    this.emitFile({ type: 'asset', fileName: '.vite/pages.json', source: JSON.stringify(pages, null, 2) });
  },
});
