ALTER TABLE "verification_codes" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "plan_id" integer;--> statement-breakpoint
CREATE INDEX "verification_codes_attempt_idx" ON "verification_codes" USING btree ("attempt_id");