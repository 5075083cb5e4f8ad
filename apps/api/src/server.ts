import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { ensureSuperAdmin, seedPlans } from './db/seed.ts';
import { systemClock } from './lib/clock.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Log lines go to stdout without holding the event loop: a line is written by libuv's thread pool,
 * and the lines logged while a write is under way go out together in the next one. (pino's default
 * writes each line with its own synchronous write(2): one system call per request on the request's
 * thread, a twentieth of the server's CPU under load; docs/performance.md.) Lines are gathered up
 * to 4 KB (a dozen requests' lines) before a write, and what is gathered is written at least once a
 * second however quiet the server is. What is still in the buffer is written out synchronously
 * when the process exits (a kill -9 loses at most the last second's lines).
 */
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
const exit = (code: number): never => {
  try {
    logDestination.flushSync();
  } catch {
    // Nothing more can be done for a log that cannot be written as the process ends.
  }
  return process.exit(code);
};

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const db = await openDb(config);
  // Seeding under the migration lock: of several instances starting together on an empty database,
  // one seeds the plans and creates the admin, and the others find them there.
  const seeded = await db.migrate(async () => ({
    plans: await seedPlans(db.db),
    admin: await ensureSuperAdmin(
      db.db,
      { email: config.adminEmail, password: config.adminPassword },
      systemClock,
    ),
  }));
  const app = await buildApp(config, { db, logStream: logDestination });
  // PGlite runs no autovacuum of its own: the app does its work (db/pglite-maintenance.ts).
  db.startMaintenance({
    ran: (steps) => app.log.info({ maintenance: steps }, 'database maintenance'),
    failed: (err) => app.log.error({ err }, 'database maintenance failed'),
  });

  if (seeded?.plans) app.log.info('subscription plans seeded');
  const admin = seeded?.admin;
  if (admin?.kind === 'generated') {
    // Printed once, on the start that created it; it is not stored anywhere in clear.
    process.stdout.write(
      `\n  Super admin created. Sign in with:\n    email:    ${admin.email}\n    password: ${admin.password}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself.\n\n`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      console.error('shutdown took too long; exiting');
      exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await db.close();
      exit(0);
    } catch (err) {
      console.error(err);
      exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Close PGlite cleanly even when the port is taken, so its files on disk stay consistent.
    await app.close();
    await db.close();
    throw err;
  }
  app.log.info(
    { db: db.kind, nodeEnv: config.nodeEnv, dataDir: config.dataDir, publicUrl: config.publicUrl },
    'workhub ready',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  exit(1);
});
