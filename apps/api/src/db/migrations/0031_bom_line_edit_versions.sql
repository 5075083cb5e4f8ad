-- A BOM line's edit is made against a version (decision 039): its updated_at, which now moves with
-- what the line's forms edit and nothing else. Adding or removing its attachment (a cell of its own
-- in the BOM table) no longer sets it: counted as a change of the line, a drawing uploaded while
-- someone changed the quantity would refuse their save over a field the form does not send. Every
-- change of the edited columns moves updated_at on, by a millisecond when the clock has not (0027's
-- function). A column added to the form must be added here.
CREATE TRIGGER "bom_lines_later_updated_at"
  BEFORE UPDATE OF "product_needed_id", "bom_qty", "lead_time", "lead_time_unit", "cost_per_unit",
    "notes", "status"
  ON "bom_lines"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
