-- The zone a workspace was created in (its creator's browser's): the day of its template modules
-- until they are given their own (a salon, a school and a queue had each a fixed default:
-- Africa/Nairobi, Africa/Nairobi and UTC). Null for the workspaces made before, and for any made
-- without one: each module's own default, as before.
ALTER TABLE "workspaces" ADD COLUMN "time_zone" text;
