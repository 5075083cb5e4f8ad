// `npm run backup [-- FILE]` and `npm run restore FILE` (tsx in a checkout; `node
// apps/api/dist/backup.mjs backup|restore ...` from the build, as in the Docker image). The database
// is the app's: DATABASE_URL, else PGlite in DATA_DIR/db. Prints the file and its size, never a
// credential. Exit status 1 with one line on any refusal (a non-empty target, PGlite in use...).
import { existsSync } from 'node:fs';
import { BackupError, backup, defaultBackupFile, describeTarget, restore, targetFromEnv } from './backup.ts';

const USAGE = `usage: npm run backup [-- FILE]     write a backup (default backups/workhub-<UTC time>.tar.gz|.dump)
       npm run restore FILE         load a backup into the configured, empty database`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function main(argv: string[]): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const [command, file, ...rest] = argv;
  if (
    rest.length > 0 ||
    (command !== 'backup' && command !== 'restore') ||
    (command === 'restore' && !file)
  ) {
    console.error(USAGE);
    return 2;
  }
  const target = targetFromEnv(process.env);
  if (command === 'backup') {
    const result = await backup(target, file ?? defaultBackupFile(target));
    process.stdout.write(
      `Backed up ${describeTarget(target)} to ${result.file} (${megabytes(result.bytes)})\n`,
    );
    return 0;
  }
  const result = await restore(file ?? '', target);
  process.stdout.write(`Restored ${file} into ${describeTarget(target)} (${result.tables} tables)\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  // A refusal, or a connection or database error (it has a code), is one line; anything else is a
  // bug worth its stack. Neither carries the password (postgres.js and libpq never print it).
  const coded = err instanceof Error && 'code' in err;
  console.error(err instanceof BackupError || coded ? (err as Error).message : err);
  process.exitCode = 1;
}
