CREATE TABLE "milestones" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"due_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "milestones_status_check" CHECK ("milestones"."status" in ('not_started', 'in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"due_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('not_started', 'in_progress', 'on_hold', 'complete', 'cancelled', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"milestone_id" uuid,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"assigned_to" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('pending', 'in_progress', 'completed')),
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "tasks_completed_at_check" CHECK (("tasks"."status" = 'completed') = ("tasks"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('admin', 'member', 'worker', 'guest', 'customer')),
	CONSTRAINT "invitations_email_lower" CHECK ("invitations"."email" = lower("invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_pkey" PRIMARY KEY("account_id","workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'member', 'worker', 'guest', 'customer')),
	CONSTRAINT "workspace_members_status_check" CHECK ("workspace_members"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"template" text NOT NULL,
	"description" text NOT NULL,
	"logo_path" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "workspaces_template_check" CHECK ("workspaces"."template" in ('workspace', 'mrp', 'erp', 'crm', 'srm', 'barber', 'cbe', 'ticketing'))
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_project_fk" FOREIGN KEY ("account_id","project_id") REFERENCES "public"."projects"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_fk" FOREIGN KEY ("account_id","project_id") REFERENCES "public"."projects"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_milestone_fk" FOREIGN KEY ("account_id","milestone_id") REFERENCES "public"."milestones"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestones_project_due_idx" ON "milestones" USING btree ("account_id","project_id","due_date");--> statement-breakpoint
CREATE INDEX "projects_workspace_status_due_idx" ON "projects" USING btree ("account_id","workspace_id","status","due_date");--> statement-breakpoint
CREATE INDEX "projects_workspace_updated_idx" ON "projects" USING btree ("account_id","workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_status_due_idx" ON "tasks" USING btree ("account_id","workspace_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_project_due_idx" ON "tasks" USING btree ("account_id","project_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_milestone_due_idx" ON "tasks" USING btree ("account_id","milestone_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_workspace_assignee_due_idx" ON "tasks" USING btree ("account_id","workspace_id","assigned_to","due_date");--> statement-breakpoint
CREATE INDEX "tasks_workspace_completed_idx" ON "tasks" USING btree ("account_id","workspace_id","completed_at");--> statement-breakpoint
CREATE INDEX "invitations_workspace_created_idx" ON "invitations" USING btree ("account_id","workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_email_key" ON "invitations" USING btree ("account_id","workspace_id","email") WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_members_workspace_created_idx" ON "workspace_members" USING btree ("account_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_members_user_workspace_idx" ON "workspace_members" USING btree ("user_id","workspace_id");--> statement-breakpoint
CREATE INDEX "workspaces_account_archived_created_idx" ON "workspaces" USING btree ("account_id","archived","created_at");