-- A plan's edit is made against a version (decision 039): its updated_at, which every change of
-- the plan (an edit, putting it on sale or taking it off) moves on, by a millisecond when the clock
-- has not (0027's function). A plan stored before this takes the migration's time as its version.
ALTER TABLE "subscription_plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "subscription_plans_later_updated_at" BEFORE UPDATE ON "subscription_plans"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
