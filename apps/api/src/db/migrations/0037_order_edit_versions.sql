-- A draft purchase or customer order is edited against a version (decision 039): its updated_at,
-- which every edit, step (confirm, close, cancel) and delivery moves on, by a millisecond when the
-- clock has not (0027's function). Its lines are part of it: only an edit of the order replaces
-- them, and the edit moves the order's updated_at past the stored one (db/edit-lock.ts, nextVersion).
CREATE TRIGGER "purchase_orders_later_updated_at" BEFORE UPDATE ON "purchase_orders"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "customer_orders_later_updated_at" BEFORE UPDATE ON "customer_orders"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
