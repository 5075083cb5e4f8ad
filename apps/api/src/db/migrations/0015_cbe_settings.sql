CREATE TABLE "cbe_settings" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"time_zone" text DEFAULT 'Africa/Nairobi' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbe_settings_pkey" PRIMARY KEY("account_id","workspace_id")
);
--> statement-breakpoint
ALTER TABLE "cbe_settings" ADD CONSTRAINT "cbe_settings_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written (keep at the end when regenerating): row-level security (decision 025).
select workhub_tenant_table('cbe_settings');
