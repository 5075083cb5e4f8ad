// `npm run bench`: starts the app as `npm start` does (fresh embedded database, no mail server),
// then measures the first load of /auth/login in Chromium and the auth API over loopback HTTP.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { measureAuthApi, printAuthApi } from './auth-api.mjs';
import { measureLoginBundle } from './login-bundle.mjs';

const port = process.env.BENCH_PORT ?? '3200';
const dataDir = `.tmp/bench-${Date.now()}`;
process.env.BENCH_URL = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    RATE_LIMIT_PER_IP: '1000000',
  },
});

async function waitReady() {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${process.env.BENCH_URL}/api/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not become ready');
}

let failed = false;
try {
  await waitReady();
  const bundle = await measureLoginBundle();
  console.log(
    `GET /auth/login first load: ${bundle.jsGzipKB.toFixed(1)} KB JS gzip (${bundle.jsRawKB.toFixed(1)} KB raw), ` +
      `${bundle.cssGzipKB.toFixed(1)} KB CSS gzip, ${bundle.scripts.length} scripts; budget ${bundle.budgetKB} KB JS` +
      (bundle.jsGzipKB > bundle.budgetKB ? '  OVER BUDGET' : ''),
  );
  failed = bundle.jsGzipKB > bundle.budgetKB;
  printAuthApi(await measureAuthApi());
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
