import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, useBuiltBundles } from '../test/migrate-processes.ts';

// Runs in the api-pglite project only (vitest.config.ts): it brings its own data directory.
const scratch = useBuiltBundles();

describe('npm run migrate (apps/api/dist/migrate.mjs) on PGlite', () => {
  it('migrates an empty data directory, exits 0, and finds nothing to do the second time', async () => {
    const env = { DATA_DIR: join(scratch(), 'pglite') };
    for (let i = 0; i < 2; i++) {
      const first = migrate(env);
      expect(await first.exit, first.output()).toBe(0);
      expect(first.output()).toContain('migrations applied (pglite)');
    }
  }, 60_000);
});
