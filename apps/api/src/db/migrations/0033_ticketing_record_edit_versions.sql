-- A queue's service or counter is edited against a version (decision 039): its updated_at, which
-- every change of the record moves on, by a millisecond when the clock has not (0027's function).
-- Every column of these records is their dialogs' (a counter's services are its links, and every
-- counter edit sets its updated_at). Calling, serving and the board change tickets, not these rows.
CREATE TRIGGER "ticketing_services_later_updated_at" BEFORE UPDATE ON "ticketing_services"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "ticketing_counters_later_updated_at" BEFORE UPDATE ON "ticketing_counters"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
