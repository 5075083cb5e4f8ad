import type { Plugin } from 'vite';
import { PUBLIC_PATHS, type PublicPath } from '../src/app/public-paths.ts';

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
 *
 * A public page waits the same way for its own chunks (the layout and the page, and what they
 * import), asked for only once the entry has run. Each public address whose page has chunks of its
 * own gets an HTML file too (`public-<address>.html`, one per set of chunks) that preloads them
 * beside the entry; pages.json names it for the address's pattern (`publicHtml`).
 */

/** The signed-in route table, the shell around its pages, and the guard of every template page. */
export const SIGNED_IN_ROOTS = [
  /src[/]app[/]signed-in-routes\.tsx$/,
  /src[/]app[/]shell[/]shell-layout\.tsx$/,
  /src[/]app[/]guards[/]require-template\.tsx$/,
];

/**
 * The source files (under src/) of each public address's page, as routes.tsx's PUBLIC_PAGES loads
 * them (signed-in-html.test.ts holds the two together).
 */
export const PUBLIC_PAGE_FILES: Record<PublicPath, readonly string[]> = {
  '/': ['app/layouts/public-layout.tsx', 'features/marketing/pages/landing-page.tsx'],
  '/pricing': ['app/layouts/public-layout.tsx', 'features/plans/pages/pricing-page.tsx'],
  '/profile': ['app/layouts/public-layout.tsx', 'features/profile/pages/profile-page.tsx'],
  '/auth/login': ['features/auth/pages/login-page.tsx'],
  '/auth/user/login': ['features/auth/pages/login-page.tsx'],
  '/sign-in': ['features/auth/pages/login-page.tsx'],
  '/auth/register': ['features/auth/pages/register-page.tsx'],
  '/auth/verify/:email?': ['features/auth/pages/verify-email-page.tsx'],
  '/auth/forgot-password': ['features/auth/pages/forgot-password-page.tsx'],
  '/auth/new-password/:email?': ['features/auth/pages/new-password-page.tsx'],
  '/signin': ['features/auth/pages/signed-out-page.tsx'],
  '/invitations/:token': ['features/invitations/pages/invitation-page.tsx'],
  '/book/:slug': ['features/barber/public/booking-page.tsx'],
  '/book/:slug/manage/:token': ['features/barber/public/manage-booking-page.tsx'],
  '/q/:slug/take': ['features/ticketing/public/kiosk-page.tsx'],
  '/q/:slug/board': ['features/ticketing/public/board-page.tsx'],
  '/q/:slug/t/:id': ['features/ticketing/public/ticket-page.tsx'],
};

/** A source file under src/ as a root of signedInPreloads (Vite's module ids use '/'). */
export const sourceFile = (file: string): RegExp =>
  new RegExp(`/src/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** What the plugin reads of an output chunk. */
export type ChunkFacts = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** The modules bundled into it (a page inside a chunk group has no chunk of its own). */
  moduleIds: readonly string[];
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
    const chunk =
      chunks.find((c) => c.facadeModuleId !== null && root.test(c.facadeModuleId)) ??
      chunks.find((c) => c.moduleIds.some((id) => root.test(id)));
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
export type PagesFile = {
  /** The public patterns (patternSource); the API answers them index.html unless publicHtml names a file. */
  publicPaths: string[];
  /** A public pattern's own HTML, preloading its page's chunks. */
  publicHtml: Record<string, string>;
  /** The HTML of every other address. */
  signedInHtml: string;
};

/** `public-pricing.html` for '/pricing', `public-auth-verify-email.html` for '/auth/verify/:email?'. */
export const publicHtmlName = (path: string): string =>
  `public-${
    path
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'home'
  }.html`;

/**
 * Each public pattern's HTML file and its preloads: one file per set of preloads (the sign-in
 * page's three addresses share one), named after the first address that has it; none for a page
 * with nothing beyond the entry.
 */
export const publicPages = (
  chunks: readonly ChunkFacts[],
  pages: Readonly<Record<PublicPath, readonly string[]>> = PUBLIC_PAGE_FILES,
): { byPattern: Record<string, string>; files: Map<string, Preloads> } => {
  const byPattern: Record<string, string> = {};
  const files = new Map<string, Preloads>();
  const fileOfSet = new Map<string, string>();
  for (const path of PUBLIC_PATHS) {
    const preloads = signedInPreloads(chunks, pages[path].map(sourceFile));
    if (preloads.scripts.length === 0 && preloads.styles.length === 0) continue;
    const key = JSON.stringify(preloads);
    let file = fileOfSet.get(key);
    if (!file) {
      file = publicHtmlName(path);
      fileOfSet.set(key, file);
      files.set(file, preloads);
    }
    byPattern[patternSource(path)] = file;
  }
  return { byPattern, files };
};

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
              moduleIds: file.moduleIds,
              imports: file.imports,
              css: [...(file.viteMetadata?.importedCss ?? [])],
            },
          ]
        : [],
    );
    const indexHtml = String(index.source);
    const html = withPreloads(indexHtml, signedInPreloads(chunks, SIGNED_IN_ROOTS));
    this.emitFile({ type: 'asset', fileName: 'app.html', source: html });
    const { byPattern, files } = publicPages(chunks);
    for (const [fileName, preloads] of files) {
      this.emitFile({ type: 'asset', fileName, source: withPreloads(indexHtml, preloads) });
    }
    const pages: PagesFile = {
      publicPaths: PUBLIC_PATHS.map(patternSource),
      publicHtml: byPattern,
      signedInHtml: 'app.html',
    };
    this.emitFile({ type: 'asset', fileName: '.vite/pages.json', source: JSON.stringify(pages, null, 2) });
  },
});
