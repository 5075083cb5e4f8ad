-- A team member's edit is made against a version too (decision 039): the later of the membership's
-- and the person's updated_at (the form edits the role, and the name and contact details where the
-- person belongs to this account alone). Every change of either moves its own updated_at on, as
-- 0027 does for tasks, projects, milestones and workspaces; a change of the membership also moves
-- it past the person's, so that the later of the two moves even when the clock did not (a status
-- changed in the millisecond after the person saved their details). A change of the person moves
-- theirs past what it was only: their memberships in other accounts are not theirs to read here,
-- so two changes, the person's after the membership's, within one millisecond leave one version.
CREATE OR REPLACE FUNCTION "member_later_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person timestamptz;
BEGIN
  IF NEW."updated_at" <= OLD."updated_at" THEN
    NEW."updated_at" := OLD."updated_at" + interval '1 millisecond';
  END IF;
  SELECT "updated_at" INTO person FROM "users" WHERE "id" = NEW."user_id";
  IF person IS NOT NULL AND NEW."updated_at" <= person THEN
    NEW."updated_at" := person + interval '1 millisecond';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "workspace_members_later_updated_at" BEFORE UPDATE ON "workspace_members"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "member_later_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "users_later_updated_at" BEFORE UPDATE ON "users"
  FOR EACH ROW WHEN (NEW.* IS DISTINCT FROM OLD.*) EXECUTE FUNCTION "later_updated_at"();
