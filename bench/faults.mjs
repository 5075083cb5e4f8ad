// `npm run faults` (issue 14 §2): the product, as `npm start` runs it (API build, production), put
// through the faults it must survive, each on servers of this script's own (a private PostgreSQL
// from initdb/pg_ctl on a free port, run as the postgres user, and a private redis-server; the
// machine's shared PostgreSQL and Redis are never touched):
//  1. kill -9 under write load, on PGlite and on PostgreSQL: the client logs the id of every task
//     create answered 201 before the kill; after a restart every one of them must be there
//     (GET /api/tasks/:id through the restarted product);
//  2. PostgreSQL stopped (pg_ctl -m fast) and started under read and write load: every answer
//     while it is down is a 503, and quick; /api/ready answers 503; the same process serves again
//     once it is back (no restart);
//  3. Redis stopped under load with REDIS_URL set: every request still served, on in-process
//     counters, one warning in the log (never the URL's password), back on Redis when it returns;
//  4. two instances on one PostgreSQL and one Redis: the auth and global rate limits count across
//     both, and a logout on one is refused on the other.
// Prints its figures and PASS/FAIL lines, writes bench/results/faults-latest.json, and exits
// non-zero when a promise breaks. `--only kill,pgstop,redis,two` runs some of them.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { tsImport } from 'tsx/esm/api';
import { productEnv, startProduct } from './product.mjs';
import { seedPglite, seedPostgres } from './seed.mjs';
import { BENCH_PASSWORD } from './seed-sql.mjs';
import { signInAll, tenantPool } from './tenants.mjs';

const { privatePostgresUnavailable, startPrivatePostgres } = await tsImport(
  '../apps/api/src/test/private-postgres.ts',
  import.meta.url,
);
const { freePort, privateRedisUnavailable, startPrivateRedis } = await tsImport(
  '../apps/api/src/test/private-redis.ts',
  import.meta.url,
);

const ALL = ['kill', 'pgstop', 'redis', 'two'];
const onlyArg = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : undefined;
const wanted = new Set(onlyArg ? onlyArg.split(',') : ALL);
for (const name of wanted) if (!ALL.includes(name)) throw new Error(`--only takes ${ALL.join(',')}`);

const PARAMS = { accounts: 4, big: 0, tasks: 400 };
const JWT_SECRET = 'faults-only-secret-faults-only-secret-0123456789';
const REDIS_PASSWORD = 'faults-redis-password-never-logged';
const WRITE_LOAD_MS = Number(process.env.FAULTS_WRITE_MS ?? 5000);
const CONCURRENCY = 16;
const DOWN_503_MAX_MS = 2000;
const RECOVERY_MAX_MS = 10_000;
const SETTLE_MS = 1000;
const workDir = resolve(`.tmp/faults-${process.pid}`);

const log = (line) => process.stderr.write(`[faults] ${line}\n`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const results = { startedAt: new Date().toISOString(), machine: machine(), checks: [] };
const lines = [];
const say = (line) => {
  lines.push(line);
  log(line);
};

function machine() {
  return { cpus: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version };
}

function check(name, pass, figure) {
  results.checks.push({ name, pass: Boolean(pass), figure });
}

const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function countBy(list, key) {
  const out = {};
  for (const item of list) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

// --- requests ---------------------------------------------------------------------------------

/** One request; never throws: { status (0 when no answer), ms, json?, error? }. */
async function call(url, { method = 'GET', path, headers = {}, body }) {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: response.status, ms: performance.now() - started, json, response };
  } catch (err) {
    return { status: 0, ms: performance.now() - started, error: err?.cause?.code ?? err?.name ?? 'error' };
  }
}

/** `concurrency` clients, each sending `next()` after the last answer, until `stop()` says so. */
async function drive(url, { concurrency = CONCURRENCY, next, onResult, stop }) {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop()) {
        const request = next();
        const result = await call(url, request);
        onResult({ ...result, kind: request.kind, tenant: request.tenant, at: Date.now() });
        // A refused connection answers at once: do not spin while the server is gone.
        if (result.status === 0) await sleep(20);
      }
    }),
  );
}

const auth = (tenant) => ({ authorization: `Bearer ${tenant.token}` });
let written = 0;
const createTask = (tenant, label) => {
  written += 1;
  const project = pick(tenant.projects);
  return {
    kind: 'write',
    method: 'POST',
    path: '/api/tasks',
    headers: auth(tenant),
    body: {
      name: `Fault write ${label} ${written}`,
      description: 'Written by npm run faults',
      due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      project_id: project.id,
      assigned_to: tenant.ownerId,
      status: 'pending',
      priority: 'medium',
    },
  };
};
const readTasks = (tenant) => ({
  kind: 'read',
  path: `/api/tasks?project_id=${pick(tenant.projects).id}&status=pending&sort=due_date&page=1&limit=14`,
  headers: auth(tenant),
});

// --- set-up -------------------------------------------------------------------------------------

function build() {
  const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only', '--api-only'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
}

/** A seeded database on the private server (or PGlite); its tenants, signed in on `url` later. */
async function seeded(engine, pg, name) {
  const port = await freePort();
  const dataDir = `${workDir}/${name}`;
  if (engine === 'pglite') {
    await seedPglite({ dataDir, params: PARAMS, port });
    const { PGlite } = await import('@electric-sql/pglite');
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
    const db = await PGlite.create({ dataDir: `${dataDir}/db`, extensions: { btree_gist } });
    const tenants = await tenantPool(async (text) => (await db.query(text)).rows, PARAMS);
    await db.close();
    return { databaseUrl: '', dataDir, tenants };
  }
  const { url } = await seedPostgres({
    serverUrl: pg.url,
    database: `workhub_faults_${name}`,
    params: PARAMS,
    reseed: true,
    port,
    dataDir: `${dataDir}-seed`,
  });
  const db = postgres(url, { max: 1, onnotice: () => {} });
  const tenants = await tenantPool((text) => db.unsafe(text), PARAMS);
  await db.end();
  return { databaseUrl: url, dataDir, tenants };
}

async function start(setup, extra = {}, options = {}) {
  const env = {
    ...productEnv({
      port: await freePort(),
      databaseUrl: setup.databaseUrl,
      dataDir: setup.dataDir,
      jwtSecret: JWT_SECRET,
    }),
    REDIS_URL: '',
    ...extra,
  };
  return { env, product: await startProduct(env, ['--api-only'], options) };
}

// --- 1. kill -9 under write load --------------------------------------------------------------

async function killUnderWrites(engine, pg) {
  log(`kill -9 under write load on ${engine}`);
  const setup = await seeded(engine, pg, `kill_${engine}`);
  const { env, product } = await start(setup);
  await signInAll(product.url, setup.tenants);
  const ackFile = `${workDir}/acknowledged-${engine}.log`;
  writeFileSync(ackFile, '');
  const acknowledged = [];
  const statuses = [];
  let stopping = false;
  const load = drive(product.url, {
    next: () => {
      const tenant = pick(setup.tenants);
      return { ...createTask(tenant, engine), tenant };
    },
    onResult: (r) => {
      statuses.push(r.status);
      if (r.status === 201 && r.json?.data?.task_id) {
        acknowledged.push({ id: r.json.data.task_id, tenant: r.tenant });
        appendFileSync(ackFile, `${r.json.data.task_id}\n`);
      }
    },
    stop: () => stopping,
  });
  await sleep(WRITE_LOAD_MS);
  const ackedBeforeKill = acknowledged.length;
  const refusedBeforeKill = statuses.filter((s) => s !== 201).length;
  process.kill(product.pid, 'SIGKILL');
  await product.exited;
  stopping = true;
  await load;
  const restartedAt = Date.now();
  const { product: again } = await start({ ...setup }, { PORT: env.PORT });
  const restartMs = Date.now() - restartedAt;
  // Every acknowledged id, read back through the restarted product (the tokens still hold: the
  // sessions are in the database and the secret is the same).
  const queue = [...acknowledged];
  const found = { yes: 0, missing: [], other: 0 };
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (queue.length > 0) {
        const { id, tenant } = queue.pop();
        const r = await call(again.url, { path: `/api/tasks/${id}`, headers: auth(tenant) });
        if (r.status === 200 && r.json?.data?.task_id === id) found.yes += 1;
        else {
          found.missing.push(id);
          if (r.status !== 404) found.other += 1;
        }
      }
    }),
  );
  await again.stop();
  const figure = {
    engine,
    writesSent: statuses.length,
    acknowledged: acknowledged.length,
    acknowledgedBeforeKill: ackedBeforeKill,
    found: found.yes,
    missing: found.missing.length,
    unexpectedAnswers: found.other,
    refusedBeforeKill,
    failedAtKill: statuses.filter((s) => s !== 201).length - refusedBeforeKill,
    restartMs,
  };
  say(
    `kill -9 (${engine}): ${figure.writesSent} writes sent in ${WRITE_LOAD_MS / 1000} s, ${figure.acknowledged} acknowledged (201), ` +
      `${figure.found} found after restart, ${figure.missing} missing; ${figure.failedAtKill} unanswered at the kill; restart to ready ${restartMs} ms`,
  );
  check(
    `kill -9 on ${engine}: every write answered 201 until the kill`,
    refusedBeforeKill === 0,
    `${refusedBeforeKill} refused`,
  );
  check(
    `kill -9 on ${engine}: every acknowledged write found after restart`,
    figure.acknowledged > 0 && figure.missing === 0 && figure.found === figure.acknowledged,
    `${figure.found}/${figure.acknowledged}`,
  );
  return figure;
}

// --- 2. PostgreSQL stopped and started under load ---------------------------------------------

async function postgresStopStart(pg) {
  log('PostgreSQL stopped and started under load');
  const setup = await seeded('postgres', pg, 'pgstop');
  let output = '';
  const { product } = await start(setup, {}, { onStdout: (chunk) => (output += chunk) });
  await signInAll(product.url, setup.tenants);
  const answers = [];
  let phase = 'before';
  let stopping = false;
  const load = drive(product.url, {
    next: () =>
      Math.random() < 0.5 ? readTasks(pick(setup.tenants)) : createTask(pick(setup.tenants), 'pgstop'),
    onResult: (r) => answers.push({ ...r, phase }),
    stop: () => stopping,
  });
  await sleep(3000);
  phase = 'stopping';
  await pg.stop();
  phase = 'down';
  await sleep(1000);
  const readyDown = await call(product.url, { path: '/api/ready' });
  await sleep(3000);
  phase = 'starting';
  await pg.start();
  const startedAt = Date.now();
  phase = 'after';
  let readyBackMs;
  for (;;) {
    if ((await call(product.url, { path: '/api/ready' })).status === 200) {
      readyBackMs = Date.now() - startedAt;
      break;
    }
    if (Date.now() - startedAt > 30_000) break;
    await sleep(50);
  }
  await sleep(3000);
  stopping = true;
  await load;
  // Still the process that started: it recovered by itself.
  const sameProcess =
    product.pid > 0 &&
    (() => {
      try {
        process.kill(product.pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
  if (!sameProcess) log(`the product died; its stderr ended with:\n${product.stderrTail()}`);
  await product.stop();

  const of = (name) => answers.filter((a) => a.phase === name);
  // While pg_ctl stops or starts the server, answers may be either; once stopped, only 503s.
  const down = of('down');
  const turning = [...of('stopping'), ...of('starting')];
  const after = of('after');
  const firstOk = after.find((a) => a.status >= 200 && a.status < 300);
  const recoveryMs = firstOk ? firstOk.at - startedAt : undefined;
  const afterRecovery = firstOk ? after.filter((a) => a.at > firstOk.at) : [];
  // Connections the stop ended can still hand a request its 57P01 (a 503) just after the return.
  const settled = firstOk ? afterRecovery.filter((a) => a.at > firstOk.at + SETTLE_MS) : [];
  const failed = (list) => list.filter((a) => a.status < 200 || a.status >= 300);
  if (process.env.FAULTS_DEBUG) {
    for (const a of afterRecovery.filter((x) => x.status !== 200 && x.status !== 201))
      log(
        `after recovery: ${a.status} ${a.at - startedAt} ms after start, ${a.ms.toFixed(0)} ms, ${JSON.stringify(a.json ?? a.error)}`,
      );
    const errs = output
      .split('\n')
      .filter((l) => l.includes('"level":50'))
      .map((l) => JSON.parse(l));
    for (const e of errs.slice(-8))
      log(
        `server: ${e.time - startedAt} ${JSON.stringify({ ...e.err, message: undefined, stack: undefined }).slice(0, 600)}`,
      );
  }
  const figure = {
    before: countBy(of('before'), (a) => a.status),
    stopping: countBy(of('stopping'), (a) => a.status),
    down: countBy(down, (a) => a.status),
    starting: countBy(of('starting'), (a) => a.status),
    downMaxMs: Math.round(Math.max(0, ...down.filter((a) => a.status === 503).map((a) => a.ms))),
    down503p99Ms: Math.round(
      percentile(
        down.filter((a) => a.status === 503).map((a) => a.ms),
        99,
      ),
    ),
    readyWhileDown: readyDown.status,
    recoveryMs,
    readyBackMs,
    after: countBy(after, (a) => a.status),
    failedWhileSettling: countBy(
      failed(afterRecovery).filter((a) => a.at <= firstOk.at + SETTLE_MS),
      (a) => a.status,
    ),
    failedAfterSettling: failed(settled).length,
    sameProcess,
  };
  say(
    `PostgreSQL stop/start: before ${JSON.stringify(figure.before)}; during pg_ctl stop ${JSON.stringify(figure.stopping)}; ` +
      `stopped ${JSON.stringify(figure.down)}; during pg_ctl start ${JSON.stringify(figure.starting)} ` +
      `(503 p99 ${figure.down503p99Ms} ms, slowest ${figure.downMaxMs} ms), /api/ready ${figure.readyWhileDown}; ` +
      `after start: first 2xx ${recoveryMs} ms, /api/ready 200 ${readyBackMs} ms, ${JSON.stringify(figure.after)} ` +
      `(failures in the first ${SETTLE_MS} ms after recovery ${JSON.stringify(figure.failedWhileSettling)}, after it ${figure.failedAfterSettling}); same process: ${sameProcess}`,
  );
  const nonOk = (counts) => Object.entries(counts).filter(([s]) => !s.startsWith('2'));
  check(
    'PostgreSQL stop: all answers 2xx before the stop',
    nonOk(figure.before).length === 0,
    JSON.stringify(figure.before),
  );
  check(
    'PostgreSQL stop: every answer while down is 503 (no 500, no dropped connection)',
    down.length > 0 &&
      down.every((a) => a.status === 503) &&
      turning.every((a) => a.status === 503 || (a.status >= 200 && a.status < 300)),
    JSON.stringify(figure.down),
  );
  check(
    `PostgreSQL stop: 503 answered within ${DOWN_503_MAX_MS} ms`,
    figure.downMaxMs <= DOWN_503_MAX_MS,
    `${figure.downMaxMs} ms`,
  );
  check(
    'PostgreSQL stop: /api/ready 503 while down',
    figure.readyWhileDown === 503,
    String(figure.readyWhileDown),
  );
  check(
    `PostgreSQL start: served again without a restart within ${RECOVERY_MAX_MS / 1000} s`,
    sameProcess && recoveryMs !== undefined && recoveryMs <= RECOVERY_MAX_MS && readyBackMs !== undefined,
    `${recoveryMs} ms`,
  );
  check(
    `PostgreSQL start: only 503s in the ${SETTLE_MS} ms after recovery, then no failure`,
    failed(afterRecovery).every((a) => a.status === 503) &&
      figure.failedAfterSettling === 0 &&
      settled.length > 0,
    `${JSON.stringify(figure.failedWhileSettling)}, then ${figure.failedAfterSettling}`,
  );
  return figure;
}

// --- 3. Redis stopped under load --------------------------------------------------------------

async function redisStopStart(pg) {
  log('Redis stopped and started under load');
  const redis = await startPrivateRedis(REDIS_PASSWORD);
  try {
    const setup = await seeded('postgres', pg, 'redis');
    let output = '';
    const { product } = await start(
      setup,
      { REDIS_URL: redis.url },
      { onStdout: (chunk) => (output += chunk) },
    );
    await signInAll(product.url, setup.tenants);
    const logLines = () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line);
          } catch {
            return {};
          }
        });
    const said = (text) =>
      logLines().filter((line) => typeof line.msg === 'string' && line.msg.startsWith(text));
    const counted = async () => {
      const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      try {
        return Number(await client.get('workhub:grl:127.0.0.1'));
      } finally {
        client.disconnect();
      }
    };
    const answers = [];
    let phase = 'before';
    let stopping = false;
    const load = drive(product.url, {
      concurrency: 10,
      next: () =>
        Math.random() < 0.8 ? readTasks(pick(setup.tenants)) : createTask(pick(setup.tenants), 'redis'),
      onResult: (r) => answers.push({ ...r, phase }),
      stop: () => stopping,
    });
    await sleep(3000);
    const countedBefore = await counted();
    await redis.stop();
    phase = 'down';
    await sleep(4000);
    const warnings = said('Redis unavailable');
    await redis.start();
    const startedAt = Date.now();
    phase = 'returning';
    let backMs;
    while (Date.now() - startedAt < 15_000) {
      if (said('Redis is back').length > 0) {
        backMs = Date.now() - startedAt;
        break;
      }
      await sleep(50);
    }
    phase = 'after';
    await sleep(3000);
    const countedAfter = await counted();
    stopping = true;
    await load;
    await product.stop();
    const of = (name) => answers.filter((a) => a.phase === name);
    const figure = {
      before: countBy(of('before'), (a) => a.status),
      down: countBy(of('down'), (a) => a.status),
      downP99Ms: Math.round(
        percentile(
          of('down').map((a) => a.ms),
          99,
        ),
      ),
      after: countBy([...of('returning'), ...of('after')], (a) => a.status),
      countedInRedisBefore: countedBefore,
      countedInRedisAfter: countedAfter,
      warningLines: warnings.length,
      warning: warnings[0]?.msg,
      warningLevel: warnings[0]?.level,
      backLines: said('Redis is back').length,
      backMs,
      passwordInLog: output.includes(REDIS_PASSWORD),
    };
    say(
      `Redis stop/start: before ${JSON.stringify(figure.before)} (${countedBefore} counted in Redis); ` +
        `while down ${JSON.stringify(figure.down)} (p99 ${figure.downP99Ms} ms), ${figure.warningLines} warning: "${figure.warning}"; ` +
        `back on Redis ${backMs} ms after it started ("Redis is back" x${figure.backLines}), then ${JSON.stringify(figure.after)} (${countedAfter} counted in Redis)`,
    );
    const allOk = (list) => list.length > 0 && list.every((a) => a.status >= 200 && a.status < 300);
    check('Redis: counted in Redis before the stop', countedBefore > 0, String(countedBefore));
    check('Redis: every request served while Redis is down', allOk(of('down')), JSON.stringify(figure.down));
    check(
      'Redis: one warning line when it goes',
      figure.warningLines === 1 && figure.warningLevel === 40,
      `${figure.warningLines}`,
    );
    check(
      'Redis: back on Redis when it returns (log line, counted in Redis again)',
      backMs !== undefined && figure.backLines === 1 && countedAfter > 0,
      `${backMs} ms, ${countedAfter} counted`,
    );
    check(
      'Redis: every request served while it returns and after',
      allOk([...of('returning'), ...of('after')]) && allOk(of('before')),
      JSON.stringify(figure.after),
    );
    check("Redis: the URL's password never in the log", !figure.passwordInLog, String(figure.passwordInLog));
    return figure;
  } finally {
    await redis.destroy();
  }
}

// --- 4. two instances, one PostgreSQL, one Redis ----------------------------------------------

async function twoInstances(pg) {
  log('two instances behind one PostgreSQL and one Redis');
  const redis = await startPrivateRedis();
  const GLOBAL_LIMIT = 200;
  const PER_EMAIL = 4;
  try {
    const setup = await seeded('postgres', pg, 'two');
    const extra = {
      REDIS_URL: redis.url,
      AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
      RATE_LIMIT_PER_IP: String(GLOBAL_LIMIT),
    };
    const a = (await start(setup, extra)).product;
    const b = (await start({ ...setup, dataDir: `${setup.dataDir}-b` }, extra)).product;
    try {
      // A session opened on A, used on B, closed on A, refused on B.
      const tenant = setup.tenants[0];
      const login = await call(a.url, {
        method: 'POST',
        path: '/api/auth/login',
        body: { email: tenant.email, password: BENCH_PASSWORD },
      });
      const cookieOf = (r, fallback) =>
        r.response?.headers
          .getSetCookie()
          .find((c) => c.startsWith('refresh_token='))
          ?.split(';')[0] ?? fallback;
      const ws = await call(a.url, {
        method: 'POST',
        path: '/api/auth/workspace-session',
        headers: { cookie: cookieOf(login) },
        body: { workspace_id: tenant.workspaceId },
      });
      const token = ws.json?.data?.access_token;
      const cookie = cookieOf(ws, cookieOf(login));
      const bearer = { authorization: `Bearer ${token}` };
      const onBBefore = (await call(b.url, { path: '/api/projects?page=1&limit=14', headers: bearer }))
        .status;
      const logout = (await call(a.url, { method: 'POST', path: '/api/auth/logout', headers: { cookie } }))
        .status;
      const onBAfter = (await call(b.url, { path: '/api/projects?page=1&limit=14', headers: bearer })).status;
      const refreshOnB = (
        await call(b.url, { method: 'POST', path: '/api/auth/refresh', headers: { cookie } })
      ).status;
      const onAAfter = (await call(a.url, { path: '/api/projects?page=1&limit=14', headers: bearer })).status;

      // The auth limit per (e-mail, IP): PER_EMAIL tries across both instances, then 429.
      const email = `nobody-${process.pid}@faults.test`;
      const tries = [];
      for (let i = 0; i < 2 * PER_EMAIL + 2; i++) {
        const target = i % 2 === 0 ? a : b;
        const r = await call(target.url, {
          method: 'POST',
          path: '/api/auth/login',
          body: { email, password: 'wrong-password-1' },
        });
        tries.push(r.status);
      }
      const firstRefusal = tries.indexOf(429) + 1;

      // The global per-IP limit: GLOBAL_LIMIT a minute across both (the requests above count).
      const burst = { ok: 0, refusedA: false, refusedB: false, sent: 0 };
      while (burst.sent < 3 * GLOBAL_LIMIT && !(burst.refusedA && burst.refusedB)) {
        const onA = burst.sent % 2 === 0;
        const r = await call(onA ? a.url : b.url, { path: '/api/plans' });
        burst.sent += 1;
        if (r.status === 200) burst.ok += 1;
        else if (r.status === 429) {
          if (onA) burst.refusedA = true;
          else burst.refusedB = true;
        }
      }
      const figure = {
        session: { onBBefore, logoutOnA: logout, onBAfter, refreshOnB, onAAfter },
        authTries: tries,
        firstAuthRefusal: firstRefusal,
        perEmailLimit: PER_EMAIL,
        globalLimit: GLOBAL_LIMIT,
        globalBurst: burst,
      };
      say(
        `two instances: B with A's token ${onBBefore}; logout on A ${logout}; then B ${onBAfter}, refresh on B ${refreshOnB}, A ${onAAfter}; ` +
          `wrong sign-ins alternating A/B (limit ${PER_EMAIL} per e-mail): ${tries.join(' ')} (first 429 at try ${firstRefusal}); ` +
          `global limit ${GLOBAL_LIMIT}/min: ${burst.ok} of a ${burst.sent}-request burst served before both refused`,
      );
      check('two instances: a session opened on A serves on B', onBBefore === 200, String(onBBefore));
      check(
        'two instances: a logout on A is refused on B (access token and refresh)',
        logout === 204 && onBAfter === 401 && refreshOnB === 401 && onAAfter === 401,
        `${onBAfter}/${refreshOnB}`,
      );
      check(
        'two instances: the per-e-mail sign-in limit counts across both',
        firstRefusal === PER_EMAIL + 1 && tries.slice(PER_EMAIL).every((s) => s === 429),
        `first 429 at try ${firstRefusal}`,
      );
      check(
        'two instances: the global per-IP limit counts across both',
        burst.refusedA && burst.refusedB && burst.ok <= GLOBAL_LIMIT,
        `${burst.ok} served of ${GLOBAL_LIMIT}`,
      );
      return figure;
    } finally {
      await a.stop();
      await b.stop();
    }
  } finally {
    await redis.destroy();
  }
}

// ------------------------------------------------------------------------------------------------

let pg;
let ok = false;
const stopAll = async () => {
  await pg?.destroy().catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
try {
  const cannot = privatePostgresUnavailable() ?? privateRedisUnavailable();
  if (cannot) throw new Error(`npm run faults needs its own servers: ${cannot}`);
  mkdirSync(workDir, { recursive: true });
  build();
  pg = await startPrivatePostgres();
  log(`private PostgreSQL on ${new URL(pg.url).port}`);
  if (wanted.has('kill')) {
    results.kill = [];
    for (const engine of ['pglite', 'postgres']) results.kill.push(await killUnderWrites(engine, pg));
  }
  if (wanted.has('pgstop')) results.postgresStop = await postgresStopStart(pg);
  if (wanted.has('redis')) results.redisStop = await redisStopStart(pg);
  if (wanted.has('two')) results.twoInstances = await twoInstances(pg);
  console.log(
    `\nnpm run faults: ${results.machine.cpus} cores, ${results.machine.memoryGB} GB, Node ${results.machine.node}; ` +
      `private PostgreSQL 15 and redis-server; the product as npm start runs it (API build, production).\n`,
  );
  console.log(lines.join('\n'));
  console.log('');
  for (const c of results.checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.figure}`);
  ok = results.checks.length > 0 && results.checks.every((c) => c.pass);
} finally {
  await stopAll();
  results.finishedAt = new Date().toISOString();
  mkdirSync('bench/results', { recursive: true });
  if (!onlyArg) writeFileSync('bench/results/faults-latest.json', JSON.stringify(results, null, 2));
}
if (!ok) process.exitCode = 1;
