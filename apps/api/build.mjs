// `npm run build -w apps/api`: bundles the server into dist/server.mjs for `node apps/api/dist/server.mjs`
// (no tsx at run time). The shared package is TypeScript, so it is inlined; npm packages stay
// external (PGlite's wasm, argon2's binary and swagger-ui's assets must stay in their packages).
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(here, 'src/server.ts')],
  outfile: join(dist, 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        // Bare imports are npm packages (external), except our own workspace packages.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@workhub/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// The migrator reads the SQL files next to the code that runs it (db/client.ts: ./migrations).
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
