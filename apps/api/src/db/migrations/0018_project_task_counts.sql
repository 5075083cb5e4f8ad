CREATE TABLE "project_task_counts" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"completed" boolean NOT NULL,
	"slot" smallint NOT NULL,
	"tasks" integer NOT NULL,
	CONSTRAINT "project_task_counts_pkey" PRIMARY KEY("account_id","workspace_id","project_id","completed","slot")
);
--> statement-breakpoint
-- A project's task figures (how many tasks, how many completed) without counting its tasks: the
-- project list counted every task of each of its projects at each read, ~2,200 per project for the
-- bench's big tenants (docs/performance.md, "The project list's task figures"). Kept by
-- statement-level triggers on tasks exactly as task_counts is (migration 0006, which explains the
-- slots and the folding): one pass per statement, key order, SKIP LOCKED when folding.
CREATE FUNCTION "project_task_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  my_slot smallint := pg_backend_pid() % 8;
  k_account uuid[];
  k_workspace uuid[];
  k_project uuid[];
  k_completed boolean[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM project_task_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO project_task_counts AS c (account_id, workspace_id, project_id, completed, slot, tasks)
    SELECT account_id, workspace_id, project_id, status = 'completed', my_slot, count(*)
      FROM new_rows
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT project_task_counts_pkey DO UPDATE SET tasks = c.tasks + excluded.tasks;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    WITH change AS (
      SELECT account_id, workspace_id, project_id, status = 'completed' AS completed, -count(*) AS tasks
        FROM old_rows
       GROUP BY 1, 2, 3, 4),
    upserted AS (
      INSERT INTO project_task_counts AS c (account_id, workspace_id, project_id, completed, slot, tasks)
      SELECT account_id, workspace_id, project_id, completed, my_slot, tasks
        FROM change
       ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT project_task_counts_pkey DO UPDATE SET tasks = c.tasks + excluded.tasks)
    SELECT array_agg(account_id), array_agg(workspace_id), array_agg(project_id), array_agg(completed)
      INTO k_account, k_workspace, k_project, k_completed
      FROM change;
  ELSE
    WITH change AS (
      SELECT account_id, workspace_id, project_id, completed, sum(change) AS tasks
        FROM (SELECT account_id, workspace_id, project_id, status = 'completed' AS completed, 1 AS change
                FROM new_rows
              UNION ALL
              SELECT account_id, workspace_id, project_id, status = 'completed', -1
                FROM old_rows) moved
       GROUP BY 1, 2, 3, 4
      HAVING sum(change) <> 0),
    upserted AS (
      INSERT INTO project_task_counts AS c (account_id, workspace_id, project_id, completed, slot, tasks)
      SELECT account_id, workspace_id, project_id, completed, my_slot, tasks
        FROM change
       ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT project_task_counts_pkey DO UPDATE SET tasks = c.tasks + excluded.tasks)
    SELECT array_agg(account_id), array_agg(workspace_id), array_agg(project_id), array_agg(completed)
      INTO k_account, k_workspace, k_project, k_completed
      FROM change
     WHERE tasks < 0;
  END IF;
  IF k_account IS NULL THEN
    RETURN NULL;
  END IF;

  WITH left_keys AS (
    SELECT * FROM unnest(k_account, k_workspace, k_project, k_completed)
      AS k(account_id, workspace_id, project_id, completed)),
  folded AS (
    DELETE FROM project_task_counts
     WHERE ctid = ANY (ARRAY(
       SELECT o.ctid
         FROM project_task_counts o JOIN left_keys USING (account_id, workspace_id, project_id, completed)
        WHERE o.slot <> my_slot
          FOR UPDATE OF o SKIP LOCKED))
    RETURNING account_id, workspace_id, project_id, completed, tasks)
  UPDATE project_task_counts c SET tasks = c.tasks + f.tasks
    FROM (SELECT account_id, workspace_id, project_id, completed, sum(tasks) AS tasks
            FROM folded GROUP BY 1, 2, 3, 4) f
   WHERE (c.account_id, c.workspace_id, c.project_id, c.completed, c.slot)
       = (f.account_id, f.workspace_id, f.project_id, f.completed, my_slot);

  DELETE FROM project_task_counts c
   USING unnest(k_account, k_workspace, k_project, k_completed)
      AS k(account_id, workspace_id, project_id, completed)
   WHERE (c.account_id, c.workspace_id, c.project_id, c.completed, c.slot)
       = (k.account_id, k.workspace_id, k.project_id, k.completed, my_slot)
     AND c.tasks = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "project_task_counts_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "project_task_counts_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "project_task_counts_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "project_task_counts_truncate" AFTER TRUNCATE ON "tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION project_task_counts_apply();
--> statement-breakpoint
-- Recomputes every row from tasks (the backfill below; bulk loads that bypassed the triggers run it
-- after rebuild_task_counts()). Writers wait meanwhile, so no change is lost.
CREATE FUNCTION "rebuild_project_task_counts"() RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  LOCK TABLE tasks IN SHARE MODE;
  DELETE FROM project_task_counts;
  INSERT INTO project_task_counts (account_id, workspace_id, project_id, completed, slot, tasks)
  SELECT account_id, workspace_id, project_id, status = 'completed', 0, count(*)
    FROM tasks
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4;
END
$$;
--> statement-breakpoint
SELECT workhub_tenant_table('project_task_counts');
--> statement-breakpoint
SELECT rebuild_project_task_counts();
