-- A staff member's edit is made against a version (decision 039): its updated_at, which every
-- change of the row moves on, by a millisecond when the clock has not (0027's function). Its
-- services, hours, breaks and days off are rows of their own, replaced by every edit of the staff
-- member, which also moves its updated_at past the stored one (db/edit-lock.ts, nextVersion), so a
-- change of those alone is a new version too. Booking reads the staff; it does not change them.
CREATE TRIGGER "barber_staff_later_updated_at" BEFORE UPDATE ON "barber_staff"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
