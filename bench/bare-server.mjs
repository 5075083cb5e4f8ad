// The bare stack: Fastify and postgres.js with the product's pool size, running the SQL the product
// runs for the same page (bench/bare-sql.mjs, copied from the product's statement log), with no
// authentication, validation, tenant check or logging. Its figures are the limit the product is
// measured against. Usage: node bench/bare-server.mjs PORT DATABASE_URL [MODE]
//
// MODE (`npm run bench -- --only lists` measures each; the budgets compare with `plain`):
// - plain (the default): the page's SQL alone, as the database's owner (no row-level security);
// - tenant: the same, as the app's role (workhub_app, row-level security on) in a transaction that
//   begins by setting the tenant, as the product's requests do: what issue 14's design costs;
// - session: tenant, plus the product's check that the token's sign-in is still live (its one
//   statement, db/live-session.ts), pipelined with the tenant's setting as the product does.
import Fastify from 'fastify';
import postgres from 'postgres';
import { createTask, dashboard, enterTenant, liveSession, projectList, taskList } from './bare-sql.mjs';

const [port, url, mode = 'plain'] = process.argv.slice(2);
if (!['plain', 'tenant', 'session'].includes(mode)) throw new Error(`unknown mode ${mode}`);
const sql = postgres(url, {
  max: 10,
  onnotice: () => {},
  ...(mode === 'plain' ? {} : { connection: { role: 'workhub_app' } }),
});
const app = Fastify({ logger: false });
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Runs `page` on the pool (plain), or in a transaction with the tenant set (and the session
 * checked). As the product's lastReads (apps/api/src/db/tenant-context.ts) does, the COMMIT goes
 * out in the same write as the page's statements (each page here is one round trip): the callback
 * returns once they are queued, before their answers, and postgres.js then sends the COMMIT.
 */
async function run(q, page) {
  if (mode === 'plain') return page(sql);
  const { answer } = await sql.begin(async (tx) => {
    const entering = enterTenant(tx, q);
    const checked = mode === 'session' ? liveSession(tx, q) : undefined;
    await entering;
    if (checked && (await checked).length !== 1) throw new Error('no live session');
    const answer = page(tx);
    answer.catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
    return { answer };
  });
  return answer;
}

app.get('/api/ready', async () => ({ ok: true }));
app.get('/tasks', async ({ query: q }) => run(q, (db) => taskList(db, { ...q, today: today() })));
app.get('/projects', async ({ query: q }) => run(q, (db) => projectList(db, q)));
app.get('/dashboard', async ({ query: q }) => run(q, (db) => dashboard(db, { ...q, today: today() })));
app.post('/tasks', async ({ body }) => run(body, (db) => createTask(db, body)));

await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, async () => {
    await app.close();
    await sql.end({ timeout: 5 });
    process.exit(0);
  });
}
