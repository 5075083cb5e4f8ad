CREATE TABLE "task_counts" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text NOT NULL,
	"due_date" date NOT NULL,
	"completed_week" date NOT NULL,
	"slot" smallint NOT NULL,
	"tasks" integer NOT NULL,
	CONSTRAINT "task_counts_pkey" PRIMARY KEY("account_id","workspace_id","status","due_date","completed_week","slot")
);
--> statement-breakpoint
-- The key of a task in task_counts: its due date ('infinity' for none, and for a completed task,
-- whose due date the figures never read) and its completion week (Monday, UTC; 'infinity' if not
-- completed). The dashboard reads both through the task rules of db/aggregates.ts as they are.
CREATE FUNCTION "task_counts_due"(status text, due_date date) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN status = 'completed' THEN 'infinity'::date ELSE coalesce(due_date, 'infinity') END $$;
--> statement-breakpoint
CREATE FUNCTION "task_counts_week"(completed_at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(date_trunc('week', completed_at AT TIME ZONE 'UTC')::date, 'infinity') $$;
--> statement-breakpoint
-- Adds one statement's net change to task_counts. Statement-level: a cascade deleting 20,000 tasks
-- makes one pass, and an edit that moves no task between keys (a rename) writes and locks nothing.
--  1. Each key's net change goes into this backend's slot (pg_backend_pid() % 8), upserted in key
--     order: two statements never wait for each other's rows in opposite orders, and concurrent
--     writers to one key (a burst of new tasks in one workspace) mostly hold different rows
--     instead of queueing behind each other's commit.
--  2. Where tasks left a key (a negative change), the other slots' rows of that key that no one
--     holds (SKIP LOCKED: this never waits) are folded into this backend's row, and the row is
--     deleted if that brings it to 0: a key whose tasks have all gone leaves no rows behind, and a
--     key keeps few rows however many backends wrote to it.
-- Step 2 only touches rows this statement holds or takes without waiting, so the only waits are
-- step 1's, in key order. (Several task statements in one transaction that change the same keys
-- in different orders could still deadlock; the API writes tasks with one statement each.)
CREATE FUNCTION "task_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  my_slot smallint := pg_backend_pid() % 8;
  k_account uuid[];
  k_workspace uuid[];
  k_status text[];
  k_due date[];
  k_week date[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM task_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO task_counts AS c (account_id, workspace_id, status, due_date, completed_week, slot, tasks)
    SELECT account_id, workspace_id, status, task_counts_due(status, due_date), task_counts_week(completed_at),
           my_slot, count(*)
      FROM new_rows
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT task_counts_pkey DO UPDATE SET tasks = c.tasks + excluded.tasks;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    WITH change AS (
      SELECT account_id, workspace_id, status, task_counts_due(status, due_date) AS due_date,
             task_counts_week(completed_at) AS completed_week, -count(*) AS tasks
        FROM old_rows
       GROUP BY 1, 2, 3, 4, 5),
    upserted AS (
      INSERT INTO task_counts AS c (account_id, workspace_id, status, due_date, completed_week, slot, tasks)
      SELECT account_id, workspace_id, status, due_date, completed_week, my_slot, tasks
        FROM change
       ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT task_counts_pkey DO UPDATE SET tasks = c.tasks + excluded.tasks)
    SELECT array_agg(account_id), array_agg(workspace_id), array_agg(status), array_agg(due_date),
           array_agg(completed_week)
      INTO k_account, k_workspace, k_status, k_due, k_week
      FROM change;
  ELSE
    WITH change AS (
      SELECT account_id, workspace_id, status, due_date, completed_week, sum(change) AS tasks
        FROM (SELECT account_id, workspace_id, status, task_counts_due(status, due_date) AS due_date,
                     task_counts_week(completed_at) AS completed_week, 1 AS change
                FROM new_rows
              UNION ALL
              SELECT account_id, workspace_id, status, task_counts_due(status, due_date),
                     task_counts_week(completed_at), -1
                FROM old_rows) moved
       GROUP BY 1, 2, 3, 4, 5
      HAVING sum(change) <> 0),
    upserted AS (
      INSERT INTO task_counts AS c (account_id, workspace_id, status, due_date, completed_week, slot, tasks)
      SELECT account_id, workspace_id, status, due_date, completed_week, my_slot, tasks
        FROM change
       ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT task_counts_pkey DO UPDATE SET tasks = c.tasks + excluded.tasks)
    SELECT array_agg(account_id), array_agg(workspace_id), array_agg(status), array_agg(due_date),
           array_agg(completed_week)
      INTO k_account, k_workspace, k_status, k_due, k_week
      FROM change
     WHERE tasks < 0;
  END IF;
  IF k_account IS NULL THEN
    RETURN NULL;
  END IF;

  WITH left_keys AS (
    SELECT * FROM unnest(k_account, k_workspace, k_status, k_due, k_week)
      AS k(account_id, workspace_id, status, due_date, completed_week)),
  folded AS (
    DELETE FROM task_counts
     WHERE ctid = ANY (ARRAY(
       SELECT o.ctid
         FROM task_counts o JOIN left_keys USING (account_id, workspace_id, status, due_date, completed_week)
        WHERE o.slot <> my_slot
          FOR UPDATE OF o SKIP LOCKED))
    RETURNING account_id, workspace_id, status, due_date, completed_week, tasks)
  UPDATE task_counts c SET tasks = c.tasks + f.tasks
    FROM (SELECT account_id, workspace_id, status, due_date, completed_week, sum(tasks) AS tasks
            FROM folded GROUP BY 1, 2, 3, 4, 5) f
   WHERE (c.account_id, c.workspace_id, c.status, c.due_date, c.completed_week, c.slot)
       = (f.account_id, f.workspace_id, f.status, f.due_date, f.completed_week, my_slot);

  DELETE FROM task_counts c
   USING unnest(k_account, k_workspace, k_status, k_due, k_week)
      AS k(account_id, workspace_id, status, due_date, completed_week)
   WHERE (c.account_id, c.workspace_id, c.status, c.due_date, c.completed_week, c.slot)
       = (k.account_id, k.workspace_id, k.status, k.due_date, k.completed_week, my_slot)
     AND c.tasks = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "task_counts_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "task_counts_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "task_counts_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "task_counts_truncate" AFTER TRUNCATE ON "tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply();
--> statement-breakpoint
-- Recomputes every count from tasks, one row per key: the backfill below, and what a bulk load that
-- bypassed the triggers (session_replication_role = replica) runs afterwards. Writers wait
-- meanwhile, so no change is lost between the delete and the insert.
CREATE FUNCTION "rebuild_task_counts"() RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  LOCK TABLE tasks IN SHARE MODE;
  DELETE FROM task_counts;
  INSERT INTO task_counts (account_id, workspace_id, status, due_date, completed_week, slot, tasks)
  SELECT account_id, workspace_id, status, task_counts_due(status, due_date), task_counts_week(completed_at),
         0, count(*)
    FROM tasks
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5;
END
$$;
--> statement-breakpoint
SELECT rebuild_task_counts();
