-- What a workspace's amounts (a salon's prices, a school's fees) are shown in: an ISO 4217 code
-- chosen on the workspace's form. Null for the workspaces made before and for any without one: the
-- amounts alone, as before (a CBE school's fees in KES, its curriculum's country, as before).
ALTER TABLE "workspaces" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_currency_check" CHECK ("workspaces"."currency" ~ '^[A-Z]{3}$');