import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDb, PGLITE_SHARED_BUFFERS } from './client.ts';
import { rowsOf } from './rows.ts';

// The server's PGlite (openDb without a DATABASE_URL), on a data folder of its own.
it("opens the server's PGlite with its smaller buffer pool, and PGlite's other settings kept", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'workhub-pglite-settings-'));
  const handle = await openDb({ databaseUrl: undefined, pgliteDir: join(dir, 'db') });
  try {
    const show = async (name: string) =>
      rowsOf<Record<string, string>>(await handle.db.execute(sql.raw(`show ${name}`)))[0]?.[name];
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await show('shared_buffers')).toBe('32MB');
    // PGlite's own start parameters still hold (they are passed again with ours).
    expect(await show('max_parallel_workers_per_gather')).toBe('0');
    expect(await show('search_path')).toBe('public');
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
