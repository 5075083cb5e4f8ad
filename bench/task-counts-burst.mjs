// A burst of task inserts into ONE workspace, all with the same status and due date (the same
// task_counts key): C connections insert N tasks each, one statement per transaction, as the API
// does. Prints inserts/s and the latency of one insert; deletes the burst's tasks afterwards.
// Usage: node bench/task-counts-burst.mjs [DATABASE_URL]   (C=50 N=40 by default)
import postgres from 'postgres';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/workhub_bench_large';
const C = Number(process.env.C ?? 50);
const N = Number(process.env.N ?? 40);
const sql = postgres(url, { max: C, onnotice: () => {} });
const [p] = await sql`select account_id, workspace_id, id, created_by from projects
  where account_id = (select account_id from tasks group by 1 order by count(*) desc limit 1) limit 1`;
await Promise.all(Array.from({ length: C }, () => sql`select 1`));
const latencies = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: C }, async (_, c) => {
    for (let i = 0; i < N; i++) {
      const at = performance.now();
      await sql`insert into tasks (account_id, workspace_id, project_id, name, description, status, priority, due_date, created_by)
        values (${p.account_id}, ${p.workspace_id}, ${p.id}, ${`Burst ${c}-${i}`}, '', 'pending', 'medium',
                current_date + 30, ${p.created_by})`;
      latencies.push(performance.now() - at);
    }
  }),
);
const ms = performance.now() - started;
latencies.sort((a, b) => a - b);
const at = (f) => latencies[Math.floor(f * (latencies.length - 1))].toFixed(1);
console.log(
  `${C * N} inserts by ${C} connections: ${((C * N * 1000) / ms).toFixed(0)}/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
);
await sql`delete from tasks where name like 'Burst %'`;
await sql.end();
