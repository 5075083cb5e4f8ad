// `npm run soak` (issue 14 §2): the product, as `npm start` runs it (API build, production), under
// mixed work at 50 connections for 5 minutes on real PostgreSQL: task and project lists and the
// dashboard (reads), task creates (writes), sign-ins (argon2) and MRP runs, every request drawing
// its tenant at random. A database of its own on the machine's PostgreSQL (BENCH_DATABASE_URL's
// server, or 127.0.0.1:5432), created, seeded (bench/seed.mjs: 15 accounts, 10,000 tasks, plus an
// MRP workspace of 100 products) and dropped at the end.
// The promises: zero errors (connection errors, timeouts and non-2xx answers), and the server's
// resident memory at the end within 15% of what it was after the warm-up. Prints requests, errors,
// latency p50/p99 and RSS (after warm-up, at the end, peak, drift), writes
// bench/results/soak-latest.json, exits non-zero when a promise breaks.
// SOAK_DURATION (seconds, default 300), SOAK_WARMUP (default 30), SOAK_CONNECTIONS (default 50).

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { catalogueRows, seedStatements as mrpSeedStatements } from './mrp.mjs';
import { productEnv, startProduct } from './product.mjs';
import { seedPostgres } from './seed.mjs';
import { BENCH_PASSWORD } from './seed-sql.mjs';
import { signInAll, tenantPool } from './tenants.mjs';

const DURATION = Number(process.env.SOAK_DURATION ?? 300);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const DRIFT_MAX = 0.15;
const PARAMS = { accounts: 15, big: 0, tasks: 10_000 };
const MRP_SHAPE = { products: 100, levels: 3, lines: 250 };
const PORTS = { product: 4311, seed: 4312 };
const JWT_SECRET = 'soak-only-secret-soak-only-secret-0123456789';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `workhub_soak_${process.pid}`;
const workDir = `.tmp/soak-${process.pid}`;

const log = (line) => process.stderr.write(`[soak] ${line}\n`);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The mix, by weight: what a request is, and how it is built. */
function mix(tenants, mrpTenant) {
  let created = 0;
  const auth = (tenant) => ({ authorization: `Bearer ${tenant.token}` });
  const kinds = [
    [
      30,
      'task list',
      () => {
        const tenant = pick(tenants);
        const project = pick(tenant.projects);
        const page = 1 + Math.floor(Math.random() * project.pages);
        return {
          method: 'GET',
          headers: auth(tenant),
          path: `/api/tasks?project_id=${project.id}&status=pending&sort=due_date&page=${page}&limit=14`,
        };
      },
    ],
    [
      15,
      'project list',
      () => ({ method: 'GET', headers: auth(pick(tenants)), path: '/api/projects?page=1&limit=14' }),
    ],
    [10, 'dashboard', () => ({ method: 'GET', headers: auth(pick(tenants)), path: '/api/dashboard' })],
    [
      42.5,
      'task create',
      () => {
        const tenant = pick(tenants);
        created += 1;
        return {
          method: 'POST',
          path: '/api/tasks',
          headers: { ...auth(tenant), 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Soak created ${created}`,
            description: 'Created by npm run soak',
            due_date: inDays(30),
            project_id: pick(tenant.projects).id,
            assigned_to: tenant.ownerId,
            status: 'pending',
            priority: 'medium',
          }),
        };
      },
    ],
    [
      2,
      'sign-in',
      () => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: pick(tenants).email, password: BENCH_PASSWORD }),
      }),
    ],
    [
      0.5,
      'MRP run',
      () => ({
        method: 'POST',
        path: '/api/mrp/runs',
        headers: { ...auth(mrpTenant), 'content-type': 'application/json' },
        body: JSON.stringify({ horizon_days: 90 }),
      }),
    ],
  ];
  const total = kinds.reduce((sum, [weight]) => sum + weight, 0);
  const sent = Object.fromEntries(kinds.map(([, name]) => [name, 0]));
  const next = () => {
    let draw = Math.random() * total;
    for (const [weight, name, build] of kinds) {
      draw -= weight;
      if (draw < 0) {
        sent[name] += 1;
        return build();
      }
    }
    return kinds[0][2]();
  };
  return { next, sent, weights: Object.fromEntries(kinds.map(([weight, name]) => [name, weight])) };
}

function load(url, next, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

async function seedMrpTenant(url) {
  const rows = await catalogueRows(MRP_SHAPE);
  const { ids, statements } = mrpSeedStatements(rows, await hash(BENCH_PASSWORD));
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      for (const statement of statements) await tx.unsafe(statement);
    });
  } finally {
    await sql.end();
  }
  return { email: 'mrp-owner@bench.test', workspaceId: ids.workspace };
}

const fmt = (n, digits = 0) => Number(n).toFixed(digits);
let ok = false;
const results = {
  startedAt: new Date().toISOString(),
  machine: { cpus: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version },
  settings: { durationSeconds: DURATION, warmupSeconds: WARMUP, connections: CONNECTIONS },
};
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
try {
  mkdirSync(workDir, { recursive: true });
  log(`seeding ${database}`);
  const seeded = await seedPostgres({
    serverUrl,
    database,
    params: PARAMS,
    reseed: true,
    port: PORTS.seed,
    dataDir: `${workDir}/seed`,
  });
  const mrpTenant = await seedMrpTenant(seeded.url);
  const db = postgres(seeded.url, { max: 1, onnotice: () => {} });
  const tenants = await tenantPool((text) => db.unsafe(text), PARAMS);
  await db.end();

  const product = await startProduct(
    productEnv({
      port: PORTS.product,
      databaseUrl: seeded.url,
      dataDir: `${workDir}/product`,
      jwtSecret: JWT_SECRET,
    }),
    ['--api-only'],
  );
  try {
    await signInAll(product.url, [...tenants, mrpTenant]);
    const work = mix(tenants, mrpTenant);
    log(`warm-up: ${WARMUP} s at ${CONNECTIONS} connections`);
    const warm = await load(product.url, work.next, WARMUP);
    const afterWarmup = product.memory();
    const samples = [{ at: 0, rssMB: afterWarmup.rssMB }];
    const started = Date.now();
    const sampler = setInterval(
      () => samples.push({ at: Math.round((Date.now() - started) / 1000), rssMB: product.memory().rssMB }),
      10_000,
    );
    for (const key of Object.keys(work.sent)) work.sent[key] = 0;
    log(`soak: ${DURATION} s at ${CONNECTIONS} connections`);
    let run;
    try {
      run = await load(product.url, work.next, DURATION);
    } finally {
      clearInterval(sampler);
    }
    const end = product.memory();
    samples.push({ at: DURATION, rssMB: end.rssMB });
    const drift = (end.rssMB - afterWarmup.rssMB) / afterWarmup.rssMB;
    const errors = run.errors + run.timeouts + run.non2xx;
    Object.assign(results, {
      warmup: { requests: warm.requests.total, errors: warm.errors + warm.timeouts + warm.non2xx },
      requests: run.requests.total,
      rps: run.requests.average,
      errors,
      errorDetail: {
        errors: run.errors,
        timeouts: run.timeouts,
        non2xx: run.non2xx,
        statuses: run.statusCodeStats,
      },
      latency: { p50: run.latency.p50, p99: run.latency.p99, max: run.latency.max },
      mix: work.sent,
      rss: {
        afterWarmupMB: afterWarmup.rssMB,
        endMB: end.rssMB,
        peakMB: end.peakMB,
        driftPercent: 100 * drift,
        samples,
      },
    });
    console.log(
      `\nnpm run soak: ${results.machine.cpus} cores, ${results.machine.memoryGB} GB, Node ${results.machine.node}; ` +
        `PostgreSQL (${new URL(serverUrl).host}), the server and autocannon share the machine.\n`,
    );
    console.log(
      `${CONNECTIONS} connections, ${WARMUP} s warm-up (${warm.requests.total} requests) then ${DURATION} s: ` +
        `${run.requests.total} requests (${fmt(run.requests.average)} req/s), ${errors} errors ` +
        `(${run.errors} connection errors, ${run.timeouts} timeouts, ${run.non2xx} non-2xx)`,
    );
    console.log(
      `mix sent: ${Object.entries(work.sent)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(
      `latency p50 ${fmt(run.latency.p50)} ms, p99 ${fmt(run.latency.p99)} ms, max ${fmt(run.latency.max)} ms`,
    );
    console.log(
      `server RSS after warm-up ${fmt(afterWarmup.rssMB, 1)} MB, at the end ${fmt(end.rssMB, 1)} MB ` +
        `(drift ${fmt(100 * drift, 1)}%), peak ${fmt(end.peakMB, 1)} MB; every 10 s: ${samples.map((s) => fmt(s.rssMB)).join(' ')}`,
    );
    console.log('');
    const checks = [
      ['no errors', errors === 0 && run.requests.total > 0, `${errors} errors`],
      [
        `RSS at the end within ${DRIFT_MAX * 100}% of after warm-up`,
        Math.abs(drift) <= DRIFT_MAX,
        `${fmt(100 * drift, 1)}%`,
      ],
    ];
    results.checks = checks.map(([name, pass, figure]) => ({ name, pass, figure }));
    for (const [name, pass, figure] of checks) console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
    ok = checks.every(([, pass]) => pass);
  } finally {
    await product.stop();
  }
} finally {
  await admin.unsafe(`drop database if exists "${database}" with (force)`).catch(() => undefined);
  await admin.end();
  rmSync(workDir, { recursive: true, force: true });
  results.finishedAt = new Date().toISOString();
  mkdirSync('bench/results', { recursive: true });
  if (DURATION >= 300) writeFileSync('bench/results/soak-latest.json', JSON.stringify(results, null, 2));
}
if (!ok) process.exitCode = 1;
