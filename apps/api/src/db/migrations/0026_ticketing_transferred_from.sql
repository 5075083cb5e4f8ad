-- The number a queue ticket was issued with, once a transfer to another service gave it another
-- (L-003 become D-005): the customer holds L-003 on paper, and the public ticket page says which
-- number it became. Kept as printed (a service's prefix may change later); the first transfer's
-- stays through a second one. Null for a ticket never transferred, and for those transferred before.
ALTER TABLE "ticketing_tickets" ADD COLUMN "transferred_from" text;
