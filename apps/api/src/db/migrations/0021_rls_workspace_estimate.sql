-- The policies' workspace check, written so that PostgreSQL's planner counts the rows it keeps
-- (docs/performance.md, "Row-level security and the planner's row counts"). Since 0016 it read
-- `(SELECT workhub_current_workspace()) IS NULL OR workspace_id = (SELECT workhub_current_workspace())`:
-- the planner guesses 0.5% for `<parameter> IS NULL` and 1/(number of workspaces) for the equality,
-- so it took every scan of a workspace's rows to keep ~0.5% of them (119 of 22,296 tasks of the
-- bench's biggest workspace), although the query's own `workspace_id = ...` had already chosen
-- exactly those rows. A page in an index's order then looked dearer than reading every row and
-- sorting them (a project's 2,230 tasks sorted for 14; a school's every invoice). As a CASE the
-- check is guessed at 50%: the same rows pass (no workspace set: every row of the account; else
-- the workspace's; a row without a workspace never, as before), and the account's check is
-- unchanged (an equality the planner proves once per statement against the query's own).
CREATE OR REPLACE FUNCTION workhub_tenant_table(t regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  confined text := 'account_id = (SELECT workhub_current_account())';
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_attribute WHERE attrelid = t AND attname = 'workspace_id' AND NOT attisdropped
  ) THEN
    confined := confined || ' AND CASE WHEN (SELECT workhub_current_workspace()) IS NULL THEN true'
      || ' ELSE workspace_id = (SELECT workhub_current_workspace()) END';
  END IF;
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', t);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s TO workhub_app USING (%s) WITH CHECK (%s)', t, confined, confined);
  EXECUTE format('DROP POLICY IF EXISTS platform_access ON %s', t);
  EXECUTE format('CREATE POLICY platform_access ON %s TO workhub_platform USING (true) WITH CHECK (true)', t);
END $$;
--> statement-breakpoint
DO $$
DECLARE
  tenant_table regclass;
BEGIN
  FOR tenant_table IN
    SELECT DISTINCT format('%I.%I', p.schemaname, p.tablename)::regclass
    FROM pg_policies p
    WHERE p.schemaname = 'public' AND p.policyname = 'tenant_isolation'
  LOOP
    PERFORM workhub_tenant_table(tenant_table);
  END LOOP;
END $$;
--> statement-breakpoint
DROP POLICY tenant_read ON "audit_log";
--> statement-breakpoint
CREATE POLICY tenant_read ON "audit_log" FOR SELECT TO workhub_app
  USING (account_id = (SELECT workhub_current_account()) AND CASE WHEN (SELECT workhub_current_workspace()) IS NULL THEN true ELSE workspace_id = (SELECT workhub_current_workspace()) END);
