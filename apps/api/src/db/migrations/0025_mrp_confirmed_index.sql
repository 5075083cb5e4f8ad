-- The MRP runs list counts each run's confirmed proposals: without an index of its own the count read
-- every proposal of the run (34,080 in the bench's catalogue) for the few confirmed, and with
-- statistics PGlite's planner scanned every run's (decision 037; docs/performance.md).
CREATE INDEX "mrp_proposals_confirmed_idx" ON "mrp_proposals" USING btree ("account_id","run_id") WHERE "mrp_proposals"."status" = 'confirmed';
