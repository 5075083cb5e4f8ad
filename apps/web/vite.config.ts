import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
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
        codeSplitting: {
          groups: [{ name: 'mantine-form-kit', test: MANTINE_FORM_KIT }],
        },
      },
    },
  },
});
