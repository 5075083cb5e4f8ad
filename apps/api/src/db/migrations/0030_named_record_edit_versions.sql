-- A catalog's or a unit's edit is made against a version (decision 039): its updated_at, which every
-- change of the record moves on, by a millisecond when the clock has not (0027's function). Every
-- column of these records is the edit dialog's (or its status, which the dialog also edits).
CREATE TRIGGER "catalogs_later_updated_at" BEFORE UPDATE ON "catalogs"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "uoms_later_updated_at" BEFORE UPDATE ON "uoms"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
