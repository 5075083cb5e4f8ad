-- A tag's edit is made against a version (decision 039): its updated_at, which every rename or
-- recolour moves on, by a millisecond when the clock has not (0027's function). Carrying a tag on a
-- project or a task is a row of those, not a change of the tag.
CREATE TRIGGER "tags_later_updated_at" BEFORE UPDATE ON "tags"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
