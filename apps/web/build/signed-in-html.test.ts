import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOGIN_PATHS, PUBLIC_PATHS } from '../src/app/public-paths.ts';
import {
  type ChunkFacts,
  PUBLIC_PAGE_FILES,
  patternSource,
  publicHtmlName,
  publicPages,
  SIGNED_IN_ROOTS,
  signedInPreloads,
  sourceFile,
  withPreloads,
} from './signed-in-html.ts';

/** Addresses around a pattern: itself filled in, and near misses on every side. */
const addressesAround = (pattern: string): string[] => {
  const filled = pattern.replace(/:\w+\??/g, 'x-1');
  const without = pattern.replace(/\/:\w+\?/g, '');
  return [
    filled,
    `${filled}/`,
    `${filled}//`,
    filled.toUpperCase(),
    `${filled}/extra`,
    `/extra${filled}`,
    without,
    `${without}/a/b`,
    filled.slice(0, -1),
    '/',
    '/project/list',
    '/auth',
  ];
};

describe('patternSource', () => {
  it('matches exactly the addresses react-router matches, for every public pattern', () => {
    const addresses = new Set(PUBLIC_PATHS.flatMap(addressesAround));
    for (const pattern of PUBLIC_PATHS) {
      const regex = new RegExp(patternSource(pattern), 'i');
      for (const address of addresses) {
        expect(regex.test(address), `${pattern} on ${address}`).toBe(matchPath(pattern, address) !== null);
      }
    }
  });

  it('takes the special characters of a literal segment literally', () => {
    const regex = new RegExp(patternSource('/a.b/c+d'), 'i');
    expect(regex.test('/a.b/c+d')).toBe(true);
    expect(regex.test('/axb/ccd')).toBe(false);
  });
});

describe('PUBLIC_PATHS', () => {
  it('lists exactly the routes routes.tsx renders outside the signed-in table', () => {
    const source = readFileSync(join(import.meta.dirname, '../src/app/routes.tsx'), 'utf8');
    const table = source.slice(source.indexOf('export const AppRoutes'));
    const written = [...table.matchAll(/path="([^"*]+)"/g)].map(([, path]) => path);
    // The landing page is the index route; the sign-in page is mapped over LOGIN_PATHS.
    expect(table).toContain('<Route index element={<LandingPage />} />');
    expect(table).toContain('LOGIN_PATHS.map(');
    expect(new Set(PUBLIC_PATHS)).toEqual(new Set(['/', ...LOGIN_PATHS, ...written]));
  });
});

const chunk = (fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  imports: [],
  css: [],
  ...facts,
});

describe('signedInPreloads', () => {
  const chunks = [
    chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'], css: ['assets/index.css'] }),
    chunk('assets/react.js'),
    chunk('assets/routes.js', {
      facadeModuleId: '/app/src/app/signed-in-routes.tsx',
      imports: ['assets/react.js', 'assets/shell.js'],
    }),
    chunk('assets/shell.js', { imports: ['assets/tiny.js'], css: ['assets/shell.css', 'assets/index.css'] }),
    chunk('assets/tiny.js', { imports: ['assets/shell.js'] }),
    chunk('assets/layout.js', {
      facadeModuleId: '/app/src/app/shell/shell-layout.tsx',
      css: ['assets/shell.css'],
    }),
    chunk('assets/page.js', { facadeModuleId: '/app/src/features/work/pages/project-list-page.tsx' }),
  ];
  const roots = [/src[/]app[/]signed-in-routes\.tsx$/, /src[/]app[/]shell[/]shell-layout\.tsx$/];

  it('is the roots and their static imports, less the entry and its imports, with their own stylesheets', () => {
    expect(signedInPreloads(chunks, roots)).toEqual({
      scripts: ['assets/routes.js', 'assets/shell.js', 'assets/tiny.js', 'assets/layout.js'],
      styles: ['assets/shell.css'],
    });
  });

  it('fails the build when a root has no chunk (a file renamed without the list)', () => {
    expect(() => signedInPreloads(chunks, [...roots, /src[/]gone\.tsx$/])).toThrow(/no chunk for/);
  });

  it('knows the real roots by their source files', () => {
    const real = ['signed-in-routes.tsx', 'shell/shell-layout.tsx', 'guards/require-template.tsx'];
    for (const file of real) {
      expect(
        SIGNED_IN_ROOTS.some((root) => root.test(`/w/apps/web/src/app/${file}`)),
        file,
      ).toBe(true);
    }
  });
});

describe('withPreloads', () => {
  it('adds the links at the end of the head, scripts as module preloads, stylesheets as preloads', () => {
    const html = '<html><head><title>W</title></head><body></body></html>';
    const out = withPreloads(html, { scripts: ['assets/a.js'], styles: ['assets/b.css'] });
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(out).toContain('<link rel="preload" as="style" crossorigin href="/assets/b.css">');
    expect(out.indexOf('/assets/b.css')).toBeLessThan(out.indexOf('</head>'));
    expect(out.replace(/\s*<link[^>]+>/g, '')).toBe(html.replace('</head>', '\n  </head>'));
  });

  it('refuses an HTML file without a head', () => {
    expect(() => withPreloads('<p>no head</p>', { scripts: [], styles: [] })).toThrow(/no <\/head>/);
  });
});

describe('PUBLIC_PAGE_FILES', () => {
  it("names for every public address the files routes.tsx's PUBLIC_PAGES preloads", () => {
    const source = readFileSync(join(import.meta.dirname, '../src/app/routes.tsx'), 'utf8');
    // const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
    const fileOf = new Map(
      [...source.matchAll(/const (\w+) = lazyPage\(\s*\(\) => import\('([^']+)'\)/g)].map(
        ([, name, file]) => [name, posix.join('app', file ?? '')],
      ),
    );
    const table = source.slice(
      source.indexOf('const PUBLIC_PAGES'),
      source.indexOf('};', source.indexOf('const PUBLIC_PAGES')),
    );
    const rows = [...table.matchAll(/'([^']+)': \[([^\]]*)\]/g)].map(([, path, names]) => [
      path,
      (names ?? '').split(',').map((name) => fileOf.get(name.trim())),
    ]);
    expect(rows).toHaveLength(PUBLIC_PATHS.length);
    expect(Object.fromEntries(rows)).toEqual(PUBLIC_PAGE_FILES);
  });
});

describe('sourceFile', () => {
  it("matches the module id of a file under src/, and nothing else's", () => {
    const root = sourceFile('features/plans/pages/pricing-page.tsx');
    expect(root.test('/w/apps/web/src/features/plans/pages/pricing-page.tsx')).toBe(true);
    expect(root.test('/w/apps/web/src/features/plans/pages/pricing-page.tsx.map')).toBe(false);
    expect(root.test('/w/apps/web/src/features/plans/pages/xpricing-page.tsx')).toBe(false);
    expect(sourceFile('a.b.tsx').test('/src/aXb.tsx')).toBe(false);
  });
});

describe('publicHtmlName', () => {
  it.each([
    ['/', 'public-home.html'],
    ['/pricing', 'public-pricing.html'],
    ['/auth/verify/:email?', 'public-auth-verify-email.html'],
    ['/q/:slug/t/:id', 'public-q-slug-t-id.html'],
  ])('names %s %s', (path, name) => {
    expect(publicHtmlName(path)).toBe(name);
  });
});

describe('publicPages', () => {
  const entry = chunk('assets/index.js', {
    isEntry: true,
    imports: ['assets/kit.js'],
    css: ['assets/index.css'],
  });
  const kit = chunk('assets/kit.js');
  const layout = chunk('assets/layout.js', {
    facadeModuleId: '/w/src/app/layouts/public-layout.tsx',
    imports: ['assets/kit.js'],
  });
  const login = chunk('assets/login.js', { facadeModuleId: '/w/src/login.tsx', css: ['assets/login.css'] });
  // A page bundled into a chunk group has no chunk of its own: the group's chunk is its root.
  const group = chunk('assets/plan-cards.js', { moduleIds: ['/w/src/pricing.tsx', '/w/src/plan-card.tsx'] });
  const pages = Object.fromEntries(PUBLIC_PATHS.map((path) => [path, [] as string[]])) as Record<
    (typeof PUBLIC_PATHS)[number],
    string[]
  >;
  Object.assign(pages, {
    '/': ['app/layouts/public-layout.tsx'],
    '/pricing': ['app/layouts/public-layout.tsx', 'pricing.tsx'],
    '/auth/login': ['login.tsx'],
    '/auth/user/login': ['login.tsx'],
    '/sign-in': ['login.tsx'],
  });
  const { byPattern, files } = publicPages([entry, kit, layout, login, group], pages);

  it("preloads each page's chunks less the entry's, with their stylesheets", () => {
    expect(files.get('public-pricing.html')).toEqual({
      scripts: ['assets/layout.js', 'assets/plan-cards.js'],
      styles: [],
    });
    expect(files.get('public-auth-login.html')).toEqual({
      scripts: ['assets/login.js'],
      styles: ['assets/login.css'],
    });
    expect(byPattern[patternSource('/pricing')]).toBe('public-pricing.html');
  });

  it('writes one file per set of preloads, named after its first address', () => {
    expect([...files.keys()].sort()).toEqual([
      'public-auth-login.html',
      'public-home.html',
      'public-pricing.html',
    ]);
    for (const path of LOGIN_PATHS) expect(byPattern[patternSource(path)]).toBe('public-auth-login.html');
  });

  it('writes none for a page with nothing beyond the entry, which keeps index.html', () => {
    expect(byPattern[patternSource('/signin')]).toBeUndefined();
  });

  it('fails the build when a file of a public page has no chunk', () => {
    expect(() => publicPages([entry], { ...pages, '/pricing': ['gone.tsx'] })).toThrow(/no chunk for/);
  });
});
