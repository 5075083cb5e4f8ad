ALTER TABLE "tasks" DROP CONSTRAINT "tasks_milestone_fk";
--> statement-breakpoint
DROP INDEX "milestones_project_due_idx";--> statement-breakpoint
DROP INDEX "projects_workspace_status_due_idx";--> statement-breakpoint
DROP INDEX "tasks_workspace_status_due_idx";--> statement-breakpoint
DROP INDEX "tasks_project_due_idx";--> statement-breakpoint
DROP INDEX "tasks_milestone_due_idx";--> statement-breakpoint
DROP INDEX "tasks_workspace_assignee_due_idx";--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_project_id_key" UNIQUE("account_id","project_id","id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_milestone_fk" FOREIGN KEY ("account_id","project_id","milestone_id") REFERENCES "public"."milestones"("account_id","project_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestones_project_status_idx" ON "milestones" USING btree ("account_id","project_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "milestones_project_name_idx" ON "milestones" USING btree ("account_id","project_id","name","id");--> statement-breakpoint
CREATE INDEX "milestones_project_created_idx" ON "milestones" USING btree ("account_id","project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_workspace_due_idx" ON "projects" USING btree ("account_id","workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "projects_workspace_name_idx" ON "projects" USING btree ("account_id","workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_workspace_created_idx" ON "projects" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_due_idx" ON "tasks" USING btree ("account_id","workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_name_idx" ON "tasks" USING btree ("account_id","workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_created_idx" ON "tasks" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "milestones_project_due_idx" ON "milestones" USING btree ("account_id","project_id","due_date","id");--> statement-breakpoint
CREATE INDEX "projects_workspace_status_due_idx" ON "projects" USING btree ("account_id","workspace_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_status_due_idx" ON "tasks" USING btree ("account_id","workspace_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_project_due_idx" ON "tasks" USING btree ("account_id","project_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_milestone_due_idx" ON "tasks" USING btree ("account_id","milestone_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_assignee_due_idx" ON "tasks" USING btree ("account_id","workspace_id","assigned_to","due_date","id");
--> statement-breakpoint
-- Written by hand (drizzle-kit has no statistics objects): account_id, workspace_id and project_id
-- depend on each other, and without saying so the planner multiplies their selectivities, thinks a
-- workspace holds a couple of rows, and sorts instead of reading the (..., sort column, id) indexes.
CREATE STATISTICS IF NOT EXISTS "projects_tenant_stats" (dependencies) ON "account_id", "workspace_id" FROM "projects";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "milestones_tenant_stats" (dependencies) ON "account_id", "workspace_id", "project_id" FROM "milestones";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "tasks_tenant_stats" (dependencies) ON "account_id", "workspace_id", "project_id" FROM "tasks";
