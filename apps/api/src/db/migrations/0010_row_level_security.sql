-- Tenant isolation in PostgreSQL itself (docs/decisions.md 025, db/tenant-context.ts).
--
-- workhub_app: the role every query of the app runs as. It owns no table and holds only the grants
-- below, and every table with account_id has row-level security, enabled and forced, with a policy
-- on the transaction's app.account_id (and app.workspace_id where the table has a workspace).
-- workhub_platform: sees every tenant's rows; the app switches to it (SET LOCAL ROLE) for the few
-- lookups that must cross tenants, each one named in the code (crossTenant). workhub_app is a member
-- of it without inheriting it (NOINHERIT), so its policies never apply to the app's role by itself.
-- Roles belong to the cluster, not the database: another database of the same server may have made
-- them already, perhaps at this very moment.
DO $$
BEGIN
  BEGIN
    CREATE ROLE workhub_app NOLOGIN NOINHERIT;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    CREATE ROLE workhub_platform NOLOGIN;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
END $$;
--> statement-breakpoint
ALTER ROLE workhub_app NOINHERIT;
--> statement-breakpoint
-- The migrating owner connects and then takes the app's role (a pool's startup role=workhub_app).
DO $$
BEGIN
  EXECUTE format('GRANT workhub_app TO %I', current_user);
  GRANT workhub_platform TO workhub_app;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- A user is a person, who may work in several accounts: not a tenant row. The column names the
-- account they hold; as `account_id` it read as a tenant key, which it is not.
ALTER TABLE "users" RENAME COLUMN "account_id" TO "held_account_id";
--> statement-breakpoint
ALTER INDEX "users_account_id_idx" RENAME TO "users_held_account_id_idx";
--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "users_account_id_accounts_id_fk" TO "users_held_account_id_accounts_id_fk";
--> statement-breakpoint
-- The transaction's tenant: null when it was never set (or set to ''), so a query without a tenant
-- matches no tenant row. STABLE SQL functions: inlined, evaluated once per statement.
CREATE OR REPLACE FUNCTION workhub_current_account() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.account_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workhub_current_workspace() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.workspace_id', true), '')::uuid $$;
--> statement-breakpoint
-- Makes `t` a tenant table: RLS enabled and forced, the app's role confined to the transaction's
-- account (and workspace, when the table has workspace_id and a workspace is set), the platform
-- role unconfined. Every migration that creates a table with account_id calls it (a test fails
-- otherwise: db/row-level-security.test.ts).
CREATE OR REPLACE FUNCTION workhub_tenant_table(t regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  confined text := 'account_id = workhub_current_account()';
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_attribute WHERE attrelid = t AND attname = 'workspace_id' AND NOT attisdropped
  ) THEN
    confined := confined || ' AND (workhub_current_workspace() IS NULL OR workspace_id = workhub_current_workspace())';
  END IF;
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', t);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s TO workhub_app USING (%s) WITH CHECK (%s)', t, confined, confined);
  EXECUTE format('DROP POLICY IF EXISTS platform_access ON %s', t);
  EXECUTE format('CREATE POLICY platform_access ON %s TO workhub_platform USING (true) WITH CHECK (true)', t);
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO workhub_app, workhub_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO workhub_app, workhub_platform;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO workhub_app, workhub_platform;
--> statement-breakpoint
-- Tables and sequences later migrations create get the same grants (audit_log's are taken back below).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO workhub_app, workhub_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO workhub_app, workhub_platform;
--> statement-breakpoint
DO $$
DECLARE
  tenant_table regclass;
BEGIN
  FOR tenant_table IN
    SELECT format('%I.%I', c.table_schema, c.table_name)::regclass
    FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND c.column_name = 'account_id' AND t.table_type = 'BASE TABLE'
  LOOP
    PERFORM workhub_tenant_table(tenant_table);
  END LOOP;
END $$;
--> statement-breakpoint
-- The audit log is append-only for the app: read and written, never changed or deleted. Its rows
-- are read in the caller's account only. They are written by one function (modules/audit), which
-- names the account: a sign-in is recorded in the account it enters, which is not always the one
-- the request's transaction is in (a signed-in user accepting another account's invitation).
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM workhub_app, workhub_platform;
--> statement-breakpoint
DROP POLICY tenant_isolation ON "audit_log";
--> statement-breakpoint
CREATE POLICY tenant_read ON "audit_log" FOR SELECT TO workhub_app
  USING (account_id = workhub_current_account() AND (workhub_current_workspace() IS NULL OR workspace_id = workhub_current_workspace()));
--> statement-breakpoint
CREATE POLICY tenant_write ON "audit_log" FOR INSERT TO workhub_app WITH CHECK (true);
