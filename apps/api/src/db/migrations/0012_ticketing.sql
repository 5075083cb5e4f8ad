CREATE TABLE "ticketing_counter_services" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"counter_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "ticketing_counter_services_pkey" PRIMARY KEY("account_id","counter_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "ticketing_counters" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"operator_user_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_counters_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "ticketing_counters_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "ticketing_counters_status_check" CHECK ("ticketing_counters"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "ticketing_day_numbers" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"service_day" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "ticketing_day_numbers_pkey" PRIMARY KEY("account_id","workspace_id","service_id","service_day")
);
--> statement-breakpoint
CREATE TABLE "ticketing_opening_hours" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL,
	CONSTRAINT "ticketing_opening_hours_pkey" PRIMARY KEY("account_id","workspace_id","weekday"),
	CONSTRAINT "ticketing_opening_hours_weekday_check" CHECK ("ticketing_opening_hours"."weekday" between 1 and 7),
	CONSTRAINT "ticketing_opening_hours_order_check" CHECK ("ticketing_opening_hours"."opens_at" < "ticketing_opening_hours"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "ticketing_services" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"avg_service_minutes" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_services_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "ticketing_services_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "ticketing_services_status_check" CHECK ("ticketing_services"."status" in ('active', 'inactive')),
	CONSTRAINT "ticketing_services_prefix_check" CHECK ("ticketing_services"."prefix" ~ '^[A-Z]$'),
	CONSTRAINT "ticketing_services_minutes_check" CHECK ("ticketing_services"."avg_service_minutes" between 1 and 480)
);
--> statement-breakpoint
CREATE TABLE "ticketing_settings" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"no_show_after_recalls" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_settings_pkey" PRIMARY KEY("account_id","workspace_id"),
	CONSTRAINT "ticketing_settings_no_show_check" CHECK ("ticketing_settings"."no_show_after_recalls" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "ticketing_tickets" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"service_day" date NOT NULL,
	"number" integer NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"source" text NOT NULL,
	"counter_id" uuid,
	"recall_count" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"called_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"issued_by" uuid,
	"revision" integer DEFAULT 0 NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_tickets_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "ticketing_tickets_status_check" CHECK ("ticketing_tickets"."status" in ('waiting', 'called', 'serving', 'done', 'no_show')),
	CONSTRAINT "ticketing_tickets_source_check" CHECK ("ticketing_tickets"."source" in ('kiosk', 'staff')),
	CONSTRAINT "ticketing_tickets_number_check" CHECK ("ticketing_tickets"."number" >= 1),
	CONSTRAINT "ticketing_tickets_recall_check" CHECK ("ticketing_tickets"."recall_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticketing_counter_services" ADD CONSTRAINT "ticketing_counter_services_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_counter_services" ADD CONSTRAINT "ticketing_counter_services_counter_fk" FOREIGN KEY ("account_id","workspace_id","counter_id") REFERENCES "public"."ticketing_counters"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_counter_services" ADD CONSTRAINT "ticketing_counter_services_service_fk" FOREIGN KEY ("account_id","workspace_id","service_id") REFERENCES "public"."ticketing_services"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_counters" ADD CONSTRAINT "ticketing_counters_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_counters" ADD CONSTRAINT "ticketing_counters_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_day_numbers" ADD CONSTRAINT "ticketing_day_numbers_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_day_numbers" ADD CONSTRAINT "ticketing_day_numbers_service_fk" FOREIGN KEY ("account_id","workspace_id","service_id") REFERENCES "public"."ticketing_services"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_opening_hours" ADD CONSTRAINT "ticketing_opening_hours_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_services" ADD CONSTRAINT "ticketing_services_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_settings" ADD CONSTRAINT "ticketing_settings_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_tickets" ADD CONSTRAINT "ticketing_tickets_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_tickets" ADD CONSTRAINT "ticketing_tickets_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_tickets" ADD CONSTRAINT "ticketing_tickets_service_fk" FOREIGN KEY ("account_id","workspace_id","service_id") REFERENCES "public"."ticketing_services"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_tickets" ADD CONSTRAINT "ticketing_tickets_counter_fk" FOREIGN KEY ("account_id","workspace_id","counter_id") REFERENCES "public"."ticketing_counters"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticketing_counter_services_service_idx" ON "ticketing_counter_services" USING btree ("account_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticketing_counters_workspace_name_key" ON "ticketing_counters" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ticketing_services_workspace_name_key" ON "ticketing_services" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ticketing_services_workspace_prefix_key" ON "ticketing_services" USING btree ("account_id","workspace_id","prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "ticketing_tickets_public_id_key" ON "ticketing_tickets" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticketing_tickets_number_key" ON "ticketing_tickets" USING btree ("account_id","workspace_id","service_id","service_day","number");--> statement-breakpoint
CREATE INDEX "ticketing_tickets_queue_idx" ON "ticketing_tickets" USING btree ("account_id","workspace_id","service_day","service_id","priority","queued_at") WHERE "ticketing_tickets"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "ticketing_tickets_counter_idx" ON "ticketing_tickets" USING btree ("account_id","counter_id","status");--> statement-breakpoint
CREATE INDEX "ticketing_tickets_workspace_day_idx" ON "ticketing_tickets" USING btree ("account_id","workspace_id","service_day");--> statement-breakpoint
CREATE INDEX "ticketing_tickets_workspace_queued_idx" ON "ticketing_tickets" USING btree ("account_id","workspace_id","queued_at","id");--> statement-breakpoint
-- Hand-written (keep at the end when regenerating): row-level security for each table (decision 025).
select workhub_tenant_table('ticketing_settings');--> statement-breakpoint
select workhub_tenant_table('ticketing_opening_hours');--> statement-breakpoint
select workhub_tenant_table('ticketing_services');--> statement-breakpoint
select workhub_tenant_table('ticketing_counters');--> statement-breakpoint
select workhub_tenant_table('ticketing_counter_services');--> statement-breakpoint
select workhub_tenant_table('ticketing_day_numbers');--> statement-breakpoint
select workhub_tenant_table('ticketing_tickets');
