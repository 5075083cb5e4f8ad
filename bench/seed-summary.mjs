// What a bulk load of tasks runs after its inserts. The dashboard reads task_counts (migration 0006),
// the project and workspace lists project_task_counts (migration 0018; both in
// apps/api/src/db/schema/task-counts.ts), which triggers on tasks keep exact; a load under
// `session_replication_role = replica` (seed-sql.mjs through seed.mjs) fires no trigger, so it
// recomputes both tables from tasks afterwards. Same on PostgreSQL and PGlite; in the load's own
// transaction or after it. It takes about 8 s for 1M tasks on the bench machine.

export const SEED_SUMMARY_SQL = 'select rebuild_task_counts(), rebuild_project_task_counts()';
