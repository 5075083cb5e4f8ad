import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs on PGlite always, and again on real PostgreSQL when TEST_DATABASE_URL is set.
// A file named *.pglite.test.ts runs in the PGlite project only (it brings its own database, so a
// second run would repeat it unchanged), *.postgres.test.ts in the PostgreSQL project only.
const apiProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, `src/**/*.${db === 'pglite' ? 'postgres' : 'pglite'}.test.ts`],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each worker imports the app once, not once per file: every file builds its own app on its
    // own database (test/helpers.ts) and nothing in the API's tests mocks a module, so what a file
    // leaves in module state is caches and the last app's watchers. Isolation cost a third of the
    // API suite's time (ticketing and tasks, 15 files: 65 s -> 44 s).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on these 2-core machines,
    // which left a core idle for the whole suite (17 min -> ~10 here with two).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
