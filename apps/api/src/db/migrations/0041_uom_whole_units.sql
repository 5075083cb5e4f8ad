-- Whole units (pieces, bicycles): an order line, stock count or work order quantity in such a unit
-- is whole; MRP rounds its proposals up. Existing units stay fractional (the default).
ALTER TABLE "uoms" ADD COLUMN "whole_units" boolean DEFAULT false NOT NULL;
