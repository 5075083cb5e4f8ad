ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "max_workspaces" integer;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "max_members" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_idempotency_key" ON "invoices" USING btree ("account_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_max_workspaces_check" CHECK ("subscription_plans"."max_workspaces" >= 1);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_max_members_check" CHECK ("subscription_plans"."max_members" >= 1);--> statement-breakpoint
-- Plans seeded before limits existed get the limits their texts promise (db/seed.ts). Matched on
-- id and description, so a plan an admin has rewritten keeps no limit it no longer promises.
UPDATE "subscription_plans" SET "max_workspaces" = 1, "max_members" = 5 WHERE "subscription_id" = 2 AND "description" = 'One workspace for a small team: up to 5 members, unlimited projects and tasks.';--> statement-breakpoint
UPDATE "subscription_plans" SET "max_members" = 25 WHERE "subscription_id" = 3 AND "description" = 'Every template (MRP, ERP, CRM, SRM and more), up to 25 members and priority support.';--> statement-breakpoint
-- Invoices issued before checkout called the provider outside its transaction were collected then.
UPDATE "invoices" SET "collected_at" = "created_at" WHERE "collected_at" IS NULL;
