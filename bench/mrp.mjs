// The MRP case of `npm run bench` (issue 13 §4): a 5,000-product, 6-level, 20,000-line catalogue
// (generateCatalogue, apps/api/src/modules/operations/mrp/generate-catalogue.ts, with its 300 open
// customer order lines, 200 open purchase order lines and 50 released work orders) in one MRP
// workspace on PGlite, planned by `POST /api/mrp/runs` against the product as `npm start` runs it
// (production build, API only), timed end to end from the request to the last byte of the answer.
// Budget: under 5 s. Alone: `node bench/mrp.mjs` (or `node bench/run.mjs --only mrp`).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { tsImport } from 'tsx/esm/api';
import { memoryOf, productEnv, startProduct, waitReady } from './product.mjs';
import { signInAll } from './tenants.mjs';

export const MRP_SHAPE = { products: 5000, levels: 6, lines: 20_000 };
export const MRP_BUDGET_MS = 5000;
const RUNS = 3;
const PASSWORD = 'bench-password-1';
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123456789';

const log = (line) => process.stderr.write(`[bench mrp] ${line}\n`);

function md5uuid(text) {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

const DAY_MS = 86_400_000;
const dayOf = (iso) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The catalogue as rows of the operations tables, its dates moved so that its today is today. */
export async function catalogueRows(shape = MRP_SHAPE) {
  const { generateCatalogue } = await tsImport(
    '../apps/api/src/modules/operations/mrp/generate-catalogue.ts',
    import.meta.url,
  );
  const catalogue = generateCatalogue(13, shape);
  const shift = dayOf(new Date().toISOString().slice(0, 10)) - dayOf(catalogue.today);
  const moved = (iso) => isoOf(dayOf(iso) + shift);
  const product = (id) => md5uuid(`mrp-product-${id}`);
  const products = catalogue.products.map((p) => ({
    id: product(p.id),
    product_name: `Part ${p.id.padStart(5, '0')}`,
    procurement_type: p.procurement_type,
    price: p.price,
    product_qty: p.on_hand,
    safety_stock: p.safety_stock,
    min_order_qty: p.min_order_qty,
    lead_time: p.lead_time,
    lead_time_unit: p.lead_time_unit,
  }));
  const lines = catalogue.lines.map((l) => ({
    id: md5uuid(`mrp-line-${l.id}`),
    parent: product(l.parent_id),
    component: product(l.component_id),
    qty: l.qty,
    lead_time: l.lead_time ?? 0,
    lead_time_unit: l.lead_time_unit ?? 'days',
    cost_per_unit: l.cost_per_unit ?? null,
    status: l.status ?? 'active',
  }));
  const orderNumbers = new Map();
  const demands = catalogue.demands.map((d) => {
    if (!orderNumbers.has(d.order_id)) orderNumbers.set(d.order_id, orderNumbers.size + 1);
    return {
      order_id: md5uuid(`mrp-co-${d.order_id}`),
      number: orderNumbers.get(d.order_id),
      line: md5uuid(`mrp-col-${d.line_id}`),
      product: product(d.product_id),
      qty: d.qty,
      due: moved(d.due_date),
    };
  });
  const receipts = catalogue.receipts.map((r, index) => ({
    kind: r.source,
    id: md5uuid(`mrp-${r.source}-${r.id}`),
    line: md5uuid(`mrp-${r.source}-line-${r.id}`),
    number: Number(r.id),
    product: product(r.product_id),
    qty: r.qty,
    due: moved(r.due_date),
    index,
  }));
  return { products, lines, demands, receipts };
}

/** Statements that make the bench's MRP tenant and its catalogue (ids derived from labels). */
export function seedStatements(rows, passwordHash) {
  const ids = {
    user: md5uuid('mrp-owner'),
    account: md5uuid('mrp-account'),
    workspace: md5uuid('mrp-workspace'),
  };
  const json = (value) => `'${JSON.stringify(value).replaceAll("'", "''")}'::json`;
  const tenant = `'${ids.account}'::uuid, '${ids.workspace}'::uuid`;
  const purchases = rows.receipts.filter((r) => r.kind === 'purchase_order');
  const works = rows.receipts.filter((r) => r.kind === 'work_order');
  const statements = [
    `insert into users (id, email, password_hash, first_name, last_name, email_verified_at)
       values ('${ids.user}', 'mrp-owner@bench.test', '${passwordHash.replaceAll("'", "''")}', 'Mrp', 'Owner', now())`,
    `insert into accounts (id, owner_user_id) values ('${ids.account}', '${ids.user}')`,
    `update users set held_account_id = '${ids.account}' where id = '${ids.user}'`,
    `insert into subscriptions (account_id, plan_id, status, current_period_start, current_period_end, plan_chosen_at)
       select '${ids.account}', (select subscription_id from subscription_plans where title = 'Business'
         order by subscription_id limit 1), 'active', now() - interval '10 days', now() + interval '1 year', now()`,
    `insert into workspaces (account_id, id, name, template, description)
       values (${tenant}, 'Plant', 'mrp', 'The MRP bench')`,
    `insert into workspace_members (account_id, workspace_id, user_id, role)
       values (${tenant}, '${ids.user}', 'owner')`,
    `insert into products (account_id, workspace_id, id, product_name, procurement_type, price, product_qty,
         safety_stock, min_order_qty, lead_time, lead_time_unit)
       select ${tenant}, x.* from json_to_recordset(${json(rows.products)}) as x(id uuid, product_name text,
         procurement_type text, price numeric, product_qty numeric, safety_stock numeric, min_order_qty numeric,
         lead_time integer, lead_time_unit text)`,
    `insert into bom_lines (account_id, workspace_id, id, product_need_id, product_needed_id, bom_qty, lead_time,
         lead_time_unit, cost_per_unit, status)
       select ${tenant}, x.* from json_to_recordset(${json(rows.lines)}) as x(id uuid, parent uuid, component uuid,
         qty numeric, lead_time integer, lead_time_unit text, cost_per_unit numeric, status text)`,
    `insert into customer_orders (account_id, workspace_id, id, number, customer_name, order_date, due_date,
         status, confirmed_at)
       select ${tenant}, x.order_id, x.number, 'Customer ' || x.number, current_date - 10, max(x.due), 'confirmed', now()
       from json_to_recordset(${json(rows.demands)}) as x(order_id uuid, number integer, due date)
       group by x.order_id, x.number`,
    `insert into customer_order_lines (account_id, workspace_id, id, order_id, position, product_id, quantity,
         unit_price, due_date)
       select ${tenant}, x.line, x.order_id, row_number() over (partition by x.order_id order by x.line), x.product,
         x.qty, 10, x.due
       from json_to_recordset(${json(rows.demands)}) as x(order_id uuid, line uuid, product uuid, qty numeric, due date)`,
    `insert into purchase_orders (account_id, workspace_id, id, number, supplier_name, order_date, due_date,
         status, confirmed_at)
       select ${tenant}, x.id, x.number, 'Supplier', current_date - 10, x.due, 'confirmed', now()
       from json_to_recordset(${json(purchases)}) as x(id uuid, number integer, due date)`,
    `insert into purchase_order_lines (account_id, workspace_id, id, order_id, position, product_id, quantity,
         unit_price, due_date)
       select ${tenant}, x.line, x.id, 1, x.product, x.qty, 1, x.due
       from json_to_recordset(${json(purchases)}) as x(id uuid, line uuid, product uuid, qty numeric, due date)`,
    `insert into work_orders (account_id, workspace_id, id, number, product_id, quantity, need_date,
         release_date, status, released_at)
       select ${tenant}, x.id, x.number, x.product, x.qty, x.due, x.due - 1, 'released', now()
       from json_to_recordset(${json(works)}) as x(id uuid, number integer, product uuid, qty numeric, due date)`,
    `insert into order_number_sequences (account_id, workspace_id, sequence, last_value) values
       (${tenant}, 'customer_order', ${Math.max(1, ...rows.demands.map((d) => d.number))}),
       (${tenant}, 'purchase_order', ${Math.max(1, purchases.length)}),
       (${tenant}, 'work_order', ${Math.max(1, works.length)})`,
  ];
  return { ids, statements };
}

/** A PGlite data directory migrated by the product and holding the MRP tenant; its owner's sign-in. */
export async function seedMrp(dataDir, port) {
  const started = Date.now();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const migrate = await startProduct(productEnv({ port, databaseUrl: '', dataDir, jwtSecret: JWT_SECRET }), [
    '--api-only',
  ]);
  await migrate.stop();
  const rows = await catalogueRows();
  const { ids, statements } = seedStatements(rows, await hash(PASSWORD));
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const db = await PGlite.create({ dataDir: `${dataDir}/db`, extensions: { btree_gist } });
  try {
    await db.exec('begin');
    for (const statement of statements) await db.exec(statement);
    await db.exec('commit');
    await db.exec('vacuum analyze');
  } finally {
    await db.close();
  }
  const seconds = (Date.now() - started) / 1000;
  log(`seeded ${rows.products.length} products, ${rows.lines.length} BOM lines in ${seconds.toFixed(1)} s`);
  return { tenant: { email: 'mrp-owner@bench.test', workspaceId: ids.workspace }, seconds };
}

/**
 * One run, timed from the request to the answer's last byte. `minimal`: as the web asks for it
 * (`Prefer: return=minimal`), the run without its proposals and exceptions.
 */
async function timedRun(url, token, { minimal = false } = {}) {
  const started = performance.now();
  const response = await fetch(`${url}/api/mrp/runs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(minimal ? { prefer: 'return=minimal' } : {}),
    },
    body: JSON.stringify({ horizon_days: 90 }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201)
    throw new Error(`POST /api/mrp/runs: ${response.status} ${text.slice(0, 500)}`);
  const { data } = JSON.parse(text);
  return {
    ms,
    serverMs: data.duration_ms,
    proposals: minimal ? data.summary.proposals : data.proposals.length,
    exceptions: minimal ? data.exception_count : data.exceptions.length,
    bytes: text.length,
    id: data.id,
  };
}

/**
 * BENCH_CPU_PROF=<dir>: the built server run directly under `node --cpu-prof` (not allowed in
 * NODE_OPTIONS, so not through scripts/start.mjs), writing its profile into <dir> when it stops.
 */
async function startProfiled(env, dir) {
  const url = `http://127.0.0.1:${env.PORT}`;
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--max-old-space-size=1024', 'apps/api/dist/server.mjs'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, NODE_ENV: 'production' } },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await waitReady(url);
  return {
    url,
    memory: () => memoryOf(child.pid),
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * Seeds, starts the product on the seeded PGlite, signs in and runs MRP `RUNS` times (each run adds
 * its ~32,000 proposals to the database; the budget holds for the slowest, each answering the whole
 * run as issue 13 asks), then once more as the web asks (Prefer: return=minimal). Returns the figures.
 */
export async function measureMrp({ workDir = `.tmp/bench-mrp-${process.pid}`, port = 3304 } = {}) {
  const dataDir = `${workDir}/mrp-pglite`;
  const seeded = await seedMrp(dataDir, port);
  const env = productEnv({ port, databaseUrl: '', dataDir, jwtSecret: JWT_SECRET });
  const product = process.env.BENCH_CPU_PROF
    ? await startProfiled(env, process.env.BENCH_CPU_PROF)
    : await startProduct(env, ['--api-only']);
  try {
    await signInAll(product.url, [seeded.tenant], 1);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await timedRun(product.url, seeded.tenant.token);
      log(
        `run ${i + 1}: ${run.ms.toFixed(0)} ms end to end (server ${run.serverMs} ms), ${run.proposals} proposals, ` +
          `${run.exceptions} exceptions, ${(run.bytes / 2 ** 20).toFixed(1)} MB`,
      );
      runs.push(run);
    }
    // The run as the web's "Run MRP" asks for it: the same work, an answer of a few hundred bytes.
    const webRun = await timedRun(product.url, seeded.tenant.token, { minimal: true });
    log(
      `run as the web asks (Prefer: return=minimal): ${webRun.ms.toFixed(0)} ms end to end ` +
        `(server ${webRun.serverMs} ms), ${webRun.proposals} proposals, ${webRun.bytes} bytes`,
    );
    const started = performance.now();
    const page = await fetch(`${product.url}/api/mrp/runs/${runs[0].id}/proposals?limit=100&kind=work`, {
      headers: { authorization: `Bearer ${seeded.tenant.token}` },
    });
    await page.text();
    const pageMs = performance.now() - started;
    return {
      shape: MRP_SHAPE,
      seedSeconds: seeded.seconds,
      runs: runs.map(({ id, ...rest }) => rest),
      webRun: (({ id, ...rest }) => rest)(webRun),
      worstMs: Math.max(...runs.map((r) => r.ms)),
      proposalsPageMs: pageMs,
      memory: product.memory(),
    };
  } finally {
    await product.stop();
  }
}

/** The lines run.mjs prints for the case. */
export function mrpLines(mrp) {
  const ms = mrp.runs.map((r) => r.ms.toFixed(0)).join(', ');
  const server = mrp.runs.map((r) => r.serverMs).join(', ');
  return [
    `--- mrp: ${mrp.shape.products.toLocaleString('en')} products, ${mrp.shape.levels} levels, ${mrp.shape.lines.toLocaleString('en')} BOM lines on PGlite (seeded in ${mrp.seedSeconds.toFixed(1)} s)`,
    `POST /api/mrp/runs end to end: ${ms} ms (server ${server} ms), ${mrp.runs[0]?.proposals} proposals, ${(mrp.runs[0]?.bytes / 2 ** 20).toFixed(1)} MB answer`,
    ...(mrp.webRun
      ? [
          `POST as the web asks (Prefer: return=minimal): ${mrp.webRun.ms.toFixed(0)} ms end to end (server ${mrp.webRun.serverMs} ms), ${mrp.webRun.bytes} bytes answer`,
        ]
      : []),
    `GET /api/mrp/runs/:id/proposals (100 of them): ${mrp.proposalsPageMs.toFixed(0)} ms; server peak RSS ${mrp.memory.peakMB.toFixed(0)} MB`,
  ];
}

export const mrpBudget = (mrp) => ({
  name: `MRP run (${mrp ? `${mrp.shape.products.toLocaleString('en')} products, ${mrp.shape.lines.toLocaleString('en')} lines` : 'not run'}) on PGlite <= ${MRP_BUDGET_MS / 1000} s`,
  pass: Boolean(mrp && mrp.worstMs <= MRP_BUDGET_MS),
  figure: mrp ? `${mrp.worstMs.toFixed(0)} ms (slowest of ${mrp.runs.length})` : 'not run',
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const workDir = `.tmp/bench-mrp-${process.pid}`;
  try {
    const mrp = await measureMrp({ workDir });
    console.log(mrpLines(mrp).join('\n'));
    const budget = mrpBudget(mrp);
    console.log(`${budget.pass ? 'PASS' : 'FAIL'}  ${budget.name}: ${budget.figure}`);
    if (!budget.pass) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
