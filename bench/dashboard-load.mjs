// GET /api/dashboard alone, as bench/run.mjs loads it (largest tenant, 50 connections), without the
// rest of the bench: against the product (built and started as `npm start` does, on port 3312) or,
// with --bare, the bare stack (bench/bare-server.mjs on port 3311). Data: the seeded
// workhub_bench_large (or BENCH_DATABASE_URL). BENCH_DURATION / BENCH_WARMUP as for the bench.
// Usage: node bench/dashboard-load.mjs [--bare] [runs]
import { spawn } from 'node:child_process';
import { measure } from './load.mjs';
import { productEnv, startProduct, waitReady } from './product.mjs';
import { bareRequests, productRequests } from './scenarios.mjs';
import { largestTenant, signInAll } from './tenants.mjs';

const bare = process.argv.includes('--bare');
const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 1);
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/workhub_bench_large';
const largest = largestTenant();

async function start() {
  if (bare) {
    const child = spawn(process.execPath, ['bench/bare-server.mjs', '3311', databaseUrl], {
      stdio: 'ignore',
    });
    const url = 'http://127.0.0.1:3311';
    await waitReady(url, 30_000);
    const stop = async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    };
    return { url, stop, next: bareRequests('dashboard', [], largest) };
  }
  const jwtSecret = 'bench-only-secret-bench-only-secret-0123456789';
  const product = await startProduct(
    productEnv({ port: 3312, databaseUrl, dataDir: '.tmp/dashboard-load', jwtSecret }),
  );
  await signInAll(product.url, largest);
  return { url: product.url, stop: product.stop, next: productRequests('dashboard', [], largest) };
}

const server = await start();
try {
  for (let run = 0; run < runs; run += 1) {
    const r = await measure(server.url, server.next);
    console.log(
      `${bare ? 'bare' : 'product'} dashboard: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors (${r.connections} connections, ${r.seconds} s)`,
    );
  }
} finally {
  await server.stop();
}
