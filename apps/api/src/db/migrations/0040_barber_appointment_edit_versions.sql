-- A salon appointment's edit (another time, staff member or services) is made against a version
-- (decision 039): its updated_at, which every change of what the appointment is moves on, by a
-- millisecond when the clock has not (0027's function): its time, staff member, customer, status,
-- and (set by the edit itself, db/edit-lock.ts nextVersion) its services, which are rows of their
-- own. The reminder job's reminder_sent_at is not part of it: a reminder mailed while the desk has
-- the appointment open does not refuse their move. A column added to the edit must be added here.
CREATE TRIGGER "barber_appointments_later_updated_at"
  BEFORE UPDATE OF "customer_id", "staff_id", "start_at", "end_at", "status", "source", "booked_name",
    "booked_phone"
  ON "barber_appointments"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
