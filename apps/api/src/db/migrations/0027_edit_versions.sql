-- An edit may be made against a version of its record: If-Match with the record's updated_at, as
-- the API answered it, to the millisecond (decision 039). Two changes in one millisecond (or from a
-- clock that went back) would leave one version for two contents, and an edit made against the
-- first would undo the second unseen. So a change that does not move updated_at past where it was
-- moves it one millisecond on: every change of these records gives a new version. An UPDATE that
-- changes nothing keeps its version.
CREATE OR REPLACE FUNCTION "later_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."updated_at" <= OLD."updated_at" THEN
    NEW."updated_at" := OLD."updated_at" + interval '1 millisecond';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_later_updated_at" BEFORE UPDATE ON "tasks"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "projects_later_updated_at" BEFORE UPDATE ON "projects"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "milestones_later_updated_at" BEFORE UPDATE ON "milestones"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "workspaces_later_updated_at" BEFORE UPDATE ON "workspaces"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
