-- Template modules' reads that grew with their history (docs/performance.md, "The template
-- modules' reads"):
-- - a customer's own tickets, newest first (GET /api/ticketing/my-tickets, tickets.service.ts
--   myTicketsPage) walked the workspace's tickets newest first through
--   ticketing_tickets_workspace_queued_idx and kept the customer's: the queue's whole history for a
--   customer with few tickets. Now read through an index of the customer's own.
-- - the appointments a slot is checked against (appointments.service.ts busyAppointments) were read
--   as `start_at < to`: every appointment a staff member ever had before the window, on the public
--   booking page too. An appointment is at most its services one after the other (8 x 600 minutes,
--   @workhub/shared/schemas/barber APPOINTMENT_MINUTES_MAX); the database now holds every one to it,
--   and the read starts that far before the window.
-- - the ticketing dashboard's tickets served per counter since a day read every ticket a counter
--   ever finished through (account_id, counter_id, status): the index now ends with queued_at.
DROP INDEX "ticketing_tickets_counter_idx";--> statement-breakpoint
CREATE INDEX "ticketing_tickets_issuer_idx" ON "ticketing_tickets" USING btree ("account_id","workspace_id","issued_by","queued_at","id");--> statement-breakpoint
CREATE INDEX "ticketing_tickets_counter_idx" ON "ticketing_tickets" USING btree ("account_id","counter_id","status","queued_at");--> statement-breakpoint
ALTER TABLE "barber_appointments" ADD CONSTRAINT "barber_appointments_length_check" CHECK ("barber_appointments"."end_at" <= "barber_appointments"."start_at" + interval '4800 minutes');