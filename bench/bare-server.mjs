// The bare stack: Fastify and postgres.js with the product's pool size, running the SQL the product
// runs for the same page (bench/bare-sql.mjs, copied from the product's statement log), with no
// authentication, validation, tenant check or logging. Its figures are the limit the product is
// measured against. Usage: node bench/bare-server.mjs PORT DATABASE_URL
import Fastify from 'fastify';
import postgres from 'postgres';
import { createTask, dashboard, projectList, taskList } from './bare-sql.mjs';

const [port, url] = process.argv.slice(2);
const sql = postgres(url, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });
const today = () => new Date().toISOString().slice(0, 10);

app.get('/api/ready', async () => ({ ok: true }));
app.get('/tasks', async ({ query: q }) => taskList(sql, { ...q, today: today() }));
app.get('/projects', async ({ query: q }) => projectList(sql, q));
app.get('/dashboard', async ({ query: q }) => dashboard(sql, { ...q, today: today() }));
app.post('/tasks', async ({ body }) => createTask(sql, body));

await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, async () => {
    await app.close();
    await sql.end({ timeout: 5 });
    process.exit(0);
  });
}
