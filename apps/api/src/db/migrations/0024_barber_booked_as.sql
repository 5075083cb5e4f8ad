-- The name and phone typed with a public booking (issue 15, Barber Shop & Spa): the booking is
-- linked to the customer of its e-mail, whose record an anonymous request never changes, so what
-- the booker gave is kept on the appointment and the shop sees it where it differs. Null for the
-- desk's bookings, walk-ins and the public bookings made before.
ALTER TABLE "barber_appointments" ADD COLUMN "booked_name" text;--> statement-breakpoint
ALTER TABLE "barber_appointments" ADD COLUMN "booked_phone" text;