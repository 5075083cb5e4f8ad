-- A fee structure's edit is made against a version (decision 039): its updated_at, which every
-- edit moves on, by a millisecond when the clock has not (0027's function). A structure stored
-- before this has the version it was set with.
ALTER TABLE "cbe_fee_structures" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "cbe_fee_structures" SET "updated_at" = "created_at";
--> statement-breakpoint
CREATE TRIGGER "cbe_fee_structures_later_updated_at" BEFORE UPDATE ON "cbe_fee_structures"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
