-- A student's edit is made against a version (decision 039): its updated_at, which every edit moves
-- on, by a millisecond when the clock has not (0027's function). The guardians are part of the
-- student (the dialog replaces them with the row), and every edit sets the student's updated_at.
-- A student stored before this has the version it was admitted with.
ALTER TABLE "cbe_students" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "cbe_students" SET "updated_at" = "created_at";
--> statement-breakpoint
CREATE TRIGGER "cbe_students_later_updated_at" BEFORE UPDATE ON "cbe_students"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
