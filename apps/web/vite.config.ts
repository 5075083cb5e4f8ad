import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { pruneMantineCss } from './build/prune-mantine-css.ts';
import { signedInHtml } from './build/signed-in-html.ts';
import { themeCssModule } from './build/theme-css.ts';

const API_ORIGIN = 'http://localhost:3000';

/**
 * The sign-in page is the first page of most visits, on slow phones too. Left alone, the bundler
 * cuts what it loads after the entry into ~25 files of a few hundred bytes to a few KB (one per
 * Mantine component, hook and helper it shares with other pages); over HTTP/1.1 that is several
 * round trips one after the other. One group holds the Mantine pieces of the sign-in form instead
 * (which every other form uses too): only what the sign-in page needs, so that page loads no byte
 * more. Their shared core (Box, the styles API) comes with them, so the entry loads the group; the
 * public pages that show no form load a few KB more than they use.
 */
const MANTINE_FORM_KIT = new RegExp(
  [
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Alert|CloseButton|Anchor|Checkbox|Input|InputBase|TextInput|Paper|ActionIcon|PasswordInput|Divider)[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]utils[\/](InlineInput|InputsGroupFieldset)[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]core[\/](MantineProvider[\/]color-functions[\/]get-auto-contrast-value|styles-api[\/]use-resolved-styles-api)[\/]`,
    String.raw`@mantine[\/]hooks[\/]esm[\/](use-uncontrolled|use-merged-ref|use-id|utils[\/]random-id)[\/]`,
  ].join('|'),
);

/**
 * Everything behind sign-in opens in the shell (top bar, sidebar, user menu, workspace switcher) with
 * the guards and the list parts most pages share. Left alone, the bundler cut that into ~45 files
 * (a page in the shell loaded 57 requests); over HTTP/1.1, six at a time, that is several round
 * trips one after the other before the page can render. This group holds them in one chunk:
 * the app's signed-in modules below, and the Mantine components and helpers only they use. The
 * dependencies of these modules are not pulled in (`includeDependenciesRecursively: false`): React,
 * the router and Mantine's core stay where the public pages load them, and `publicStaysLight()`
 * fails the build if a public page would load this chunk. The signed-in route table
 * (signed-in-routes.tsx) is its own chunk, loaded with this one: inside the group its dynamic
 * import went through a facade chunk, which Rolldown emitted with an undeclared namespace export
 * (rolldown#10734) once the table and the sidebar both read the template modules' list; every
 * signed-in page then failed to load.
 */
const SIGNED_IN_SHELL = new RegExp(
  [
    String.raw`apps[\/]web[\/]src[\/]app[\/](plans-or-picker|team-or-subscribers)\.tsx$`,
    // can() (the sign-in route's guards read roles.ts instead) and the web's list of template modules
    // with each module's descriptor (its pages stay lazy chunks): left out, the bundler put them in
    // the route table's chunk, which the shell then imported back.
    String.raw`packages[\/]shared[\/]src[\/]permissions\.ts$`,
    String.raw`apps[\/]web[\/]src[\/](app[\/]web-modules|features[\/][a-z]+[\/][a-z]+-module)\.ts$`,
    String.raw`apps[\/]web[\/]src[\/]app[\/](shell[\/][^\/]+|guards[\/]require-(can|template|writable))\.tsx?$`,
    String.raw`apps[\/]web[\/]src[\/]components[\/](page-header|data-table|list-pagination|list-filters|confirm-dialog|status-badge|tag-badges|access-states|workspace-logo)\.`,
    String.raw`apps[\/]web[\/]src[\/]lib[\/](use-session-scope|api-types|use-auth|use-page-param|use-may|workspace-tags|use-list-filters|search-box)\.ts$`,
    String.raw`apps[\/]web[\/]src[\/]features[\/](workspace[\/]api[\/]get-my-workspaces|billing[\/]components[\/]read-only-alert)\.`,
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](AppShell|Burger|Avatar|Menu|Popover|Tooltip|Modal|ModalBase|Overlay|Portal|FocusTrap|Transition|ScrollArea|Table|NativeSelect|Pagination|NavLink|Collapse|Accordion|UnstyledButton|Image)[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]utils[\/]Floating[\/]`,
    String.raw`@mantine[\/]hooks[\/]esm[\/](use-disclosure|use-collapse|use-click-outside|use-long-press|use-focus-trap|use-focus-return|use-window-event|use-debounced-value|use-debounced-callback|use-pagination)[\/]`,
    String.raw`node_modules[\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\/]`,
  ].join('|'),
);

/**
 * The pieces the public pages other than sign-in share (the public layout, /pricing, the landing
 * page, the booking and ticket pages): the Mantine layout components they show, react-query, and
 * the loading and error states. Left alone, the bundler cut them into ~15 files of 1-4 KB, and
 * /pricing loaded 22 scripts after the entry: over HTTP/1.1, six at a time, four round trips one
 * after the other before its text could paint (Lighthouse's largest contentful paint). One chunk
 * instead (with PLAN_CARDS, /pricing loads 6 scripts after the entry: one round trip). The sign-in page uses none of them, so its first load does not change; their own
 * dependencies (React, Mantine's core) stay where they are (`includeDependenciesRecursively: false`).
 */
const PUBLIC_KIT = new RegExp(
  [
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Container|Card|SimpleGrid|VisuallyHidden|Badge|List|Skeleton|EmptyState)[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]core[\/]utils[\/](get-sorted-breakpoints|get-base-value|get-breakpoint-value|create-safe-context)[\/]`,
    String.raw`node_modules[\/]@tanstack[\/](query-core|react-query)[\/]`,
    String.raw`apps[\/]web[\/]src[\/](components[\/](data-states|query-provider)\.tsx|lib[\/]query-client\.ts)$`,
  ].join('|'),
);

/** /pricing's plan cards (and the in-app plan chooser's): one chunk beside the page's own, not four. */
const PLAN_CARDS =
  /apps[/]web[/]src[/]features[/]plans[/](components[/](plan-grid|plan-card)\.tsx|api[/]get-plans\.ts|plan-rules\.ts)$/;

/** Public pages: they must not load the signed-in shell chunk (the sign-in page's 140 KB budget). */
const PUBLIC_PAGE =
  /apps[/]web[/]src[/](main\.tsx|app[/]layouts[/]|features[/](auth|marketing|profile|invitations)[/]pages[/]|features[/][a-z]+[/]public[/]|features[/]plans[/]pages[/]pricing-page)/;

const publicStaysLight = (): Plugin => ({
  name: 'workhub:public-stays-light',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = new Map(
      Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' ? [[file.fileName, file] as const] : [],
      ),
    );
    /** `start` and every chunk it imports statically, directly or through another. */
    const loadedWith = (start: string): Set<string> => {
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        for (const next of chunks.get(name)?.imports ?? []) visit(next);
      };
      visit(start);
      return seen;
    };
    for (const chunk of chunks.values()) {
      if (!chunk.facadeModuleId || !PUBLIC_PAGE.test(chunk.facadeModuleId)) continue;
      for (const name of loadedWith(chunk.fileName)) {
        if (chunks.get(name)?.name === 'signed-in-shell') {
          this.error(
            `${chunk.facadeModuleId} loads the signed-in shell chunk (${name}): narrow SIGNED_IN_SHELL`,
          );
        }
      }
    }
    // Every signed-in page loads the shell: what it imports statically is parsed and run before a
    // list renders. zod (27 KB gzip) came along twice through an import of a plain helper (a text
    // rule from schemas/common.ts; the staff's Subscribers page); forms load it with their own chunk.
    for (const shell of chunks.values()) {
      if (shell.name !== 'signed-in-shell') continue;
      for (const name of loadedWith(shell.fileName)) {
        const zod = chunks.get(name)?.moduleIds.find((id) => /node_modules[\\/]zod[\\/]/.test(id));
        if (zod) {
          this.error(
            `the signed-in shell loads zod (${zod}, in ${name}): import plain helpers from @workhub/shared/text`,
          );
        }
      }
    }
  },
});

/** The sign-in page's first load, JS gzip (issue 12's budget; bench/login-bundle.mjs measures it in a browser). */
const LOGIN_BUDGET_KB = 140;
const LOGIN_PAGE = /apps[/]web[/]src[/]features[/]auth[/]pages[/]login-page\.tsx$/;

/**
 * Fails the build when the sign-in page's first load (the entry and the sign-in page's chunk, with
 * every chunk they import statically, gzip-compressed as served) passes its budget: the bench
 * measures the same figure in a browser, but only when someone runs it, and one import in the app's
 * root once pulled the public pages' shared chunk into the entry (138 KB -> 155 KB) with every test
 * green. The same sum as the browser's (bench/web-budgets.mjs reads it from the manifest).
 */
const loginStaysUnderBudget = (budgetKB = LOGIN_BUDGET_KB): Plugin => {
  let minified = true;
  return {
    name: 'workhub:login-under-budget',
    apply: 'build',
    configResolved: (config) => {
      // A build for reading (`vite build --minify false`, to profile with the code's own names) ships nowhere.
      minified = config.build.minify !== false;
    },
    // Once written: the files as served (later plugins still change the chunks' code in generateBundle).
    writeBundle(options, bundle) {
      if (!minified) return;
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file] as const] : [],
        ),
      );
      const starts = [...chunks.values()].filter(
        (chunk) => chunk.isEntry || (chunk.facadeModuleId && LOGIN_PAGE.test(chunk.facadeModuleId)),
      );
      if (starts.length < 2) this.error('the entry or the sign-in page has no chunk of its own');
      const loaded = new Set<string>();
      const visit = (name: string) => {
        if (loaded.has(name)) return;
        loaded.add(name);
        for (const next of chunks.get(name)?.imports ?? []) visit(next);
      };
      for (const start of starts) visit(start.fileName);
      const dir = options.dir ?? 'dist';
      const bytes = [...loaded].reduce(
        (sum, name) => sum + gzipSync(readFileSync(join(dir, name))).length,
        0,
      );
      const kb = bytes / 1024;
      if (kb > budgetKB) {
        this.error(
          `the sign-in page's first load is ${kb.toFixed(1)} KB of JS gzip, over its ${budgetKB} KB budget (${[...loaded].join(', ')})`,
        );
      }
    },
  };
};

/**
 * Writes a .br and a .gz beside every text file of the build, so the API's static serving
 * (@fastify/static `preCompressed`) sends them as they are, with no compression per request.
 * The manifest under .vite/ is left alone: it is not served.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'workhub:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      for (const entry of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (entry.startsWith('.vite') || !/\.(js|css|html|svg|json|txt)$/.test(entry)) continue;
        const file = join(outDir, entry);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
};

/**
 * react-router's package points every import at its development build, which differs from the
 * production one only in `ENABLE_DEV_WARNINGS`: left on, its checks run on every render of the
 * routes and the bundle carries their messages. The build takes the production one; the dev server
 * and the tests keep the warnings.
 */
const REACT_ROUTER_PRODUCTION = resolve(
  import.meta.dirname,
  '../../node_modules/react-router/dist/production/index.mjs',
);

/** Fails the build if react-router's development build made it in after all (a new package layout). */
const reactRouterInProduction = (): Plugin => ({
  name: 'workhub:react-router-production',
  apply: 'build',
  generateBundle() {
    const development = [...this.getModuleIds()].find((id) =>
      /react-router[/\\]dist[/\\]development/.test(id),
    );
    if (development) this.error(`react-router's development build is in the bundle: ${development}`);
  },
});

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  plugins: [
    pruneMantineCss(resolve(import.meta.dirname, 'src')),
    themeCssModule(),
    react(),
    publicStaysLight(),
    loginStaysUnderBudget(),
    reactRouterInProduction(),
    signedInHtml(),
    compileHints(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/dev-mailbox': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads (bench/web-budgets.mjs reads it).
    // The API does not serve it (apps/api/src/plugins/web.ts).
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Seven characters of hash, not eight: the entry lists every lazy route's files by name
        // (~90 of them), and a hash is what gzip cannot shrink (158 bytes of the sign-in page's
        // first load, which was 9 bytes under its budget). 42 bits still tell one build's file from
        // the next. Seven is rolldown's least from 64 to 4,096 files of a kind (the build says so).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            { name: 'mantine-form-kit', test: MANTINE_FORM_KIT },
            { name: 'signed-in-shell', test: SIGNED_IN_SHELL, includeDependenciesRecursively: false },
            { name: 'public-kit', test: PUBLIC_KIT, includeDependenciesRecursively: false },
            { name: 'plan-cards', test: PLAN_CARDS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
