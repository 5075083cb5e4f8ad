-- A product's edit is made against a version (decision 039): its updated_at, which now moves with
-- what the product form edits and nothing else. A stock move changes product_qty only (the stock
-- ledger keeps the move's own time): counted as a change of the record, a sale while someone edited
-- the product's price would refuse their save over a field the form does not send. Every change of
-- the edited columns moves updated_at on, by a millisecond when the clock has not (0027's function).
-- A trigger on named columns fires when an UPDATE sets one of them: a column added to the form must
-- be added here.
CREATE TRIGGER "products_later_updated_at"
  BEFORE UPDATE OF "product_name", "product_group", "catalog_id", "price", "color", "uom_id",
    "description", "status", "procurement_type", "lead_time", "lead_time_unit", "safety_stock",
    "min_order_qty"
  ON "products"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
