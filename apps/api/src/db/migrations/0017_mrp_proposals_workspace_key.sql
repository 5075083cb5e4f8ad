-- A proposal's workspace is held by its run's key alone (docs/performance.md, "MRP run"): the run
-- foreign key (account_id, workspace_id, run_id) already refuses a workspace other than the run's,
-- and the workspace cascades to its runs, a run to its proposals. PostgreSQL checks each foreign key
-- row by row, and a 5,000-product run saves 34,000 proposals: the third key cost ~0.35 s of it on
-- PGlite.
ALTER TABLE "mrp_proposals" DROP CONSTRAINT "mrp_proposals_workspace_fk";
