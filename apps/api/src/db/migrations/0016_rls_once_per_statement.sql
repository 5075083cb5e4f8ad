-- Row-level security's tenant, read once per statement (docs/performance.md, "Row-level security's
-- cost"). Migration 0010 wrote the policies as `account_id = workhub_current_account()`: a STABLE
-- function, but in a row filter PostgreSQL calls it (current_setting, nullif and a uuid cast) for
-- every row a scan reads, and the filter made its planner keep re-planning the project list for
-- each execution (a custom plan cost less than the generic one it would have kept). Written as a
-- sub-select, `(SELECT workhub_current_account())`, it is an InitPlan: evaluated once per statement,
-- a parameter for every row after. The same rule, the same rows; workhub_tenant_table makes every
-- later tenant table this way, and the tables made so far are made again.
CREATE OR REPLACE FUNCTION workhub_tenant_table(t regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  confined text := 'account_id = (SELECT workhub_current_account())';
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_attribute WHERE attrelid = t AND attname = 'workspace_id' AND NOT attisdropped
  ) THEN
    confined := confined || ' AND ((SELECT workhub_current_workspace()) IS NULL OR workspace_id = (SELECT workhub_current_workspace()))';
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
  USING (account_id = (SELECT workhub_current_account()) AND ((SELECT workhub_current_workspace()) IS NULL OR workspace_id = (SELECT workhub_current_workspace())));
