// `npm run build -w apps/api`: bundles the server into dist/server.mjs, the migration command
// into dist/migrate.mjs and the backup command into dist/backup.mjs, run by plain `node` (no tsx
// at run time; `npm start` and the Docker image run exactly these). The shared package is
// TypeScript, so it is inlined; npm packages stay external (PGlite's wasm, argon2's binary and
// swagger-ui's assets must stay in their packages), and each of them must be a production
// dependency of this workspace, or `npm ci --omit=dev` would leave it out.

import { cpSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
// Built beside dist and swapped in at the end, so a server starting meanwhile never reads half a build.
const staging = join(here, `dist.${process.pid}.tmp`);
const { dependencies } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

/** 'drizzle-orm/pglite/migrator' -> 'drizzle-orm'; '@fastify/static' stays whole. */
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (path) => path.startsWith('node:') || builtinModules.includes(path);

rmSync(staging, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    server: join(here, 'src/server.ts'),
    migrate: join(here, 'src/migrate.ts'),
    backup: join(here, 'src/backup/cli.ts'),
  },
  outdir: staging,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
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

const missing = new Set();
for (const output of Object.values(result.metafile.outputs))
  for (const imported of output.imports)
    if (imported.external && !isBuiltin(imported.path) && !(packageName(imported.path) in dependencies))
      missing.add(packageName(imported.path));
if (missing.size > 0) {
  rmSync(staging, { recursive: true, force: true });
  console.error(
    `apps/api/build.mjs: the bundle imports ${[...missing].join(', ')}, not in apps/api/package.json "dependencies"`,
  );
  process.exit(1);
}

// The migrator reads the SQL files next to the code that runs it (db/migrate.ts: ./migrations).
cpSync(join(here, 'src/db/migrations'), join(staging, 'migrations'), { recursive: true });
// The report card's fonts (lib/pdf-font.ts looks for ./fonts beside the bundle, then in assets/fonts).
cpSync(join(here, 'assets/fonts'), join(staging, 'fonts'), { recursive: true });
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
process.stdout.write('Built apps/api/dist (server.mjs, migrate.mjs, backup.mjs, migrations/, fonts/)\n');
