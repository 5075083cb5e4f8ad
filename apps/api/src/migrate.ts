// `npm run migrate` (dist/migrate.mjs once built): applies the pending migrations to the database the
// server would open, then exits, for deployments that migrate before rolling out a new version. The
// server migrates at start too, through the same locked function, so running both is harmless.
import { join, resolve } from 'node:path';
import { openDb } from './db/client.ts';

// Only the two variables that choose the database: migrating needs no JWT secret or mail transport,
// which the server's config would demand in production. Empty means unset, as in the config.
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = resolve(process.env.DATA_DIR?.trim() || './data');

try {
  const db = await openDb({ databaseUrl, pgliteDir: join(dataDir, 'db') });
  try {
    await db.migrate();
  } finally {
    await db.close();
  }
  process.stdout.write(`migrations applied (${db.kind})\n`);
} catch (err) {
  console.error(err);
  process.exit(1);
}
