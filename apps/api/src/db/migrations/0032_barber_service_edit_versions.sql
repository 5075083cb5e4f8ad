-- A salon service's edit is made against a version (decision 039): its updated_at, which every change
-- of the record moves on, by a millisecond when the clock has not (0027's function). Every column of
-- a service is its dialog's (the 'Offered' switch included).
CREATE TRIGGER "barber_services_later_updated_at" BEFORE UPDATE ON "barber_services"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
