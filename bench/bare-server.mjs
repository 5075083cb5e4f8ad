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
//   statement, db/live-session.ts), pipelined with the tenant's setting as the product does;
// - batch: what session does, without BEGIN or COMMIT and without holding a connection: the
//   tenant's setting, the session check and the page go out as ONE simple-protocol message, which
//   PostgreSQL runs as one implicit transaction (the tenant's setting ends with it), on a connection
//   that meanwhile takes other requests' messages (pipelined, as plain's are). The statements are
//   PREPAREd once per connection and run by EXECUTE with the request's values written as literals
//   (the bench's own values): as the product sends a read-ahead request's statements on PostgreSQL
//   (apps/api/src/db/read-batch.ts, docs/decisions.md 030), minus its read-only setting.
import Fastify from 'fastify';
import postgres from 'postgres';
import { createTask, dashboard, enterTenant, liveSession, projectList, taskList } from './bare-sql.mjs';

const [port, url, mode = 'plain'] = process.argv.slice(2);
if (!['plain', 'tenant', 'session', 'batch'].includes(mode)) throw new Error(`unknown mode ${mode}`);
const sql = postgres(url, {
  max: 10,
  onnotice: () => {},
  ...(mode === 'plain' ? {} : { connection: { role: 'workhub_app' } }),
});
const app = Fastify({ logger: false });
const today = () => new Date().toISOString().slice(0, 10);

// batch: connections of one each, so that what is PREPAREd on each is known.
const connections =
  mode === 'batch'
    ? Array.from({ length: 10 }, () => ({
        sql: postgres(url, { max: 1, onnotice: () => {}, connection: { role: 'workhub_app' } }),
        prepared: new Set(),
        waiting: 0,
      }))
    : [];
const names = new Map();
const nameOf = (text) => names.get(text) ?? names.set(text, `bench_${names.size}`).get(text);
const literal = (v) =>
  v === null
    ? 'null'
    : typeof v === 'number'
      ? String(v)
      : `'${(v instanceof Date ? v.toISOString() : String(v)).replaceAll("'", "''")}'`;
/** Statements as bare-sql.mjs sends them (`unsafe(text, params)`), kept instead of sent. */
function recorder(statements) {
  return {
    unsafe(text, params) {
      let resolve;
      const answer = new Promise((r) => {
        resolve = r;
      });
      const statement = { text, params, resolve, values: false };
      statements.push(statement);
      answer.values = () => {
        statement.values = true;
        return answer;
      };
      return answer;
    },
  };
}

// The requests of one turn of the event loop go on one connection (up to 16), as the product's
// batcher sends them (read-batch.ts): postgres.js writes them together; the next turn starts on the
// connection with the fewest waiting.
let turn;
function pick() {
  if (turn && turn.requests < 16) {
    turn.requests += 1;
    return turn.connection;
  }
  if (!turn)
    setImmediate(() => {
      turn = undefined;
    });
  turn = { connection: connections.reduce((a, b) => (b.waiting < a.waiting ? b : a)), requests: 1 };
  return turn.connection;
}

async function batch(q, page) {
  const statements = [];
  enterTenant(recorder(statements), q);
  liveSession(recorder(statements), q);
  const answer = page(recorder(statements));
  const connection = pick();
  const prepare = [];
  const execute = statements.map(({ text, params }) => {
    const name = nameOf(text);
    if (!connection.prepared.has(name)) {
      connection.prepared.add(name);
      prepare.push(`prepare ${name} as ${text}`);
    }
    return `execute ${name}(${params.map(literal).join(', ')})`;
  });
  connection.waiting++;
  let results;
  try {
    results = await connection.sql
      .unsafe([...prepare, ...execute].join(';\n'), [], { simple: true })
      .values();
  } finally {
    connection.waiting--;
  }
  // PREPAREs return no rows; postgres.js counts them as one result when there are any.
  results = results.slice(results.length - statements.length);
  if (results[1].length !== 1) throw new Error('no live session');
  statements.forEach((statement, i) => {
    const rows = results[i];
    const { columns } = rows;
    statement.resolve(
      statement.values
        ? rows
        : rows.map((row) => Object.fromEntries(columns.map((c, j) => [c.name, row[j]]))),
    );
  });
  return answer;
}

/**
 * Runs `page` on the pool (plain), or in a transaction with the tenant set (and the session
 * checked). As the product's lastReads (apps/api/src/db/tenant-context.ts) does, the COMMIT goes
 * out in the same write as the page's statements (each page here is one round trip): the callback
 * returns once they are queued, before their answers, and postgres.js then sends the COMMIT.
 */
async function run(q, page) {
  if (mode === 'plain') return page(sql);
  if (mode === 'batch') return batch(q, page);
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
